import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'

/** The inside of a create/edit dialog: heading, the fields, Cancel and the submit button. */
export function ItemForm({
	title,
	description,
	submitLabel,
	busy,
	onSubmit,
	children,
}: {
	title: string
	description?: string
	submitLabel: string
	busy: boolean
	onSubmit: (e: React.FormEvent<HTMLFormElement>) => void
	children: React.ReactNode
}) {
	const { t } = useTranslation()
	return (
		<form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy}>
			<DialogHeader>
				<DialogTitle>{title}</DialogTitle>
				{description ? <DialogDescription>{description}</DialogDescription> : null}
			</DialogHeader>
			{children}
			<DialogFooter>
				<DialogClose asChild>
					<Button type="button" variant="outline">
						{t('admin.actions.cancel')}
					</Button>
				</DialogClose>
				<Button type="submit" disabled={busy}>
					{busy ? t('admin.actions.saving') : submitLabel}
				</Button>
			</DialogFooter>
		</form>
	)
}
