import { useId } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** A labelled input whose error (an i18n key) is announced and tied to the field. */
export function FormField({
	label,
	error,
	...input
}: { label: string; error?: string } & React.ComponentProps<'input'>) {
	const { t } = useTranslation()
	const id = useId()
	const errorId = `${id}-error`
	return (
		<div className="grid gap-1.5">
			<Label htmlFor={id}>{label}</Label>
			<Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
			{error ? (
				<p id={errorId} className="text-destructive text-sm" role="alert">
					{t(error)}
				</p>
			) : null}
		</div>
	)
}

export function FormMessage({ error, success }: { error?: string; success?: string }) {
	const { t } = useTranslation()
	if (error)
		return (
			<p role="alert" className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
				{t(error)}
			</p>
		)
	if (success)
		return (
			<p role="status" className="rounded-md border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-300">
				{t(success)}
			</p>
		)
	return null
}
