import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { pathFormSchema } from '~/features/admin/schemas.ts'
import type { AdminPath } from '~/features/admin/types.ts'
import { describedBy, Field, PublishSwitch } from './fields'
import { BilingualField } from './bilingual'
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
			title_pt: item?.titlePt ?? '',
			slug: item?.slug ?? '',
			description: item?.description ?? '',
			description_pt: item?.descriptionPt ?? '',
			level: item?.level ?? '',
			prerequisites: item?.prerequisites ?? '',
			prerequisites_pt: item?.prerequisitesPt ?? '',
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
			<BilingualField
				id="path-description"
				name="description"
				label={t('admin.fields.description')}
				labelPt={t('admin.fields.descriptionPt')}
				values={values}
				set={set}
				errors={errors}
				rows={4}
			/>
			<CatalogFactFields id="path" values={values} set={set} errors={errors} />
			<PublishSwitch
				id="path-published"
				saved={item ? item.isPublished : null}
				checked={values.is_published === 'true'}
				onChange={(v) => set('is_published')(String(v))}
			/>
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
		<>
			<BilingualField
				id="item-title"
				name="title"
				label={t('admin.fields.title')}
				labelPt={t('admin.fields.titlePt')}
				values={values}
				set={set}
				errors={errors}
				maxLength={200}
			/>
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
		</>
	)
}

const LEVEL_OPTIONS = ['beginner', 'intermediate', 'advanced'] as const

/** Level and prerequisites (both languages): what the catalog shows about a path or course. */
export function CatalogFactFields({
	id,
	values,
	set,
	errors,
}: {
	id: string
	values: Record<string, string>
	set: (name: string) => (value: string) => void
	errors: Partial<Record<string, string>>
}) {
	const { t } = useTranslation()
	return (
		<>
			<Field id={`${id}-level`} label={t('admin.fields.level')} error={errors.level}>
				<select
					id={`${id}-level`}
					value={values.level ?? ''}
					onChange={(e) => set('level')(e.target.value)}
					className="border-input bg-background h-9 rounded-md border px-3 text-sm"
				>
					<option value="">{t('admin.fields.noLevel')}</option>
					{LEVEL_OPTIONS.map((l) => (
						<option key={l} value={l}>
							{t(`catalog.levels.${l}`)}
						</option>
					))}
				</select>
			</Field>
			<BilingualField
				id={`${id}-prerequisites`}
				name="prerequisites"
				label={t('admin.fields.prerequisites')}
				labelPt={t('admin.fields.prerequisitesPt')}
				values={values}
				set={set}
				errors={errors}
				maxLength={1000}
			/>
		</>
	)
}
