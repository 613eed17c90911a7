import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { Textarea } from '~/components/ui/textarea'
import { pathFormSchema } from '~/features/admin/schemas.ts'
import type { AdminPath } from '~/features/admin/types.ts'
import { describedBy, Field, SwitchField } from './fields'
import { ItemForm } from './item-dialog'
import { useItemForm } from './use-item-form'

const messages = { created: 'admin.paths.created', updated: 'admin.paths.updated', failed: 'admin.paths.saveFailed' }

export function PathForm({ item, onDone }: { item: AdminPath | null; onDone: () => void }) {
	const { t } = useTranslation()
	const { values, set, errors, submit, busy } = useItemForm({
		schema: pathFormSchema,
		id: item?.id,
		messages,
		onDone,
		initial: {
			title: item?.title ?? '',
			slug: item?.slug ?? '',
			description: item?.description ?? '',
			is_published: String(item?.isPublished ?? false),
		},
	})
	return (
		<ItemForm
			title={t(item ? 'admin.paths.editTitle' : 'admin.paths.createTitle')}
			description={t('admin.paths.dialogDescription')}
			submitLabel={t(item ? 'admin.actions.save' : 'admin.paths.create')}
			busy={busy}
			onSubmit={submit}
		>
			<TitleSlugFields values={values} set={set} errors={errors} />
			<Field id="path-description" label={t('admin.fields.description')} error={errors.description}>
				<Textarea
					id="path-description"
					rows={4}
					value={values.description}
					onChange={(e) => set('description')(e.target.value)}
					aria-invalid={errors.description ? true : undefined}
					aria-describedby={describedBy('path-description', errors.description)}
				/>
			</Field>
			<SwitchField id="path-published" label={t('admin.fields.publish')} checked={values.is_published === 'true'} onChange={(v) => set('is_published')(String(v))} />
		</ItemForm>
	)
}

/** Title and slug, shared by the four dialogs. */
export function TitleSlugFields({
	values,
	set,
	errors,
}: {
	values: Record<string, string>
	set: (name: string) => (value: string) => void
	errors: Partial<Record<string, string>>
}) {
	const { t } = useTranslation()
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<Field id="item-title" label={t('admin.fields.title')} error={errors.title}>
				<Input
					id="item-title"
					value={values.title}
					onChange={(e) => set('title')(e.target.value)}
					maxLength={200}
					autoComplete="off"
					aria-invalid={errors.title ? true : undefined}
					aria-describedby={describedBy('item-title', errors.title)}
				/>
			</Field>
			<Field id="item-slug" label={t('admin.fields.slug')} error={errors.slug} hint={t('admin.fields.slugHint')}>
				<Input
					id="item-slug"
					value={values.slug}
					onChange={(e) => set('slug')(e.target.value)}
					maxLength={80}
					autoComplete="off"
					spellCheck={false}
					className="font-mono"
					aria-invalid={errors.slug ? true : undefined}
					aria-describedby={describedBy('item-slug', errors.slug, true)}
				/>
			</Field>
		</div>
	)
}
