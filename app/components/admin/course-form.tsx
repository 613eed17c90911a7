import { useTranslation } from '~/features/i18n/react.tsx'
import { courseFormSchema } from '~/features/admin/schemas.ts'
import type { AdminCourse, PathOption } from '~/features/admin/types.ts'
import { BilingualField } from './bilingual'
import { InputField, SelectField, PublishSwitch } from './fields'
import { ItemForm } from './item-dialog'
import { CatalogFactFields, TitleSlugFields } from './path-form'
import { useItemForm } from './use-item-form'

const messages = { created: 'admin.courses.created', updated: 'admin.courses.updated', failed: 'admin.courses.saveFailed' }

export function CourseForm({
	item,
	paths,
	defaultPathId,
	onDone,
}: {
	item: AdminCourse | null
	paths: PathOption[]
	defaultPathId?: string
	onDone: () => void
}) {
	const { t } = useTranslation()
	const nextOrder = (pathId: string) => String((paths.find((p) => p.id === pathId)?.childCount ?? 0) + 1)
	const startPath = item?.pathId ?? defaultPathId ?? ''
	const { values, set, patch, errors, submit, busy } = useItemForm({
		schema: courseFormSchema,
		id: item?.id,
		messages,
		onDone,
		initial: {
			path_id: startPath,
			title: item?.title ?? '',
			title_pt: item?.titlePt ?? '',
			slug: item?.slug ?? '',
			summary: item?.summary ?? '',
			summary_pt: item?.summaryPt ?? '',
			description: item?.description ?? '',
			description_pt: item?.descriptionPt ?? '',
			level: item?.level ?? '',
			prerequisites: item?.prerequisites ?? '',
			prerequisites_pt: item?.prerequisitesPt ?? '',
			order: String(item?.order ?? nextOrder(startPath)),
			duration_minutes: item?.durationMinutes != null ? String(item.durationMinutes) : '',
			thumbnail_url: item?.thumbnailUrl ?? '',
			is_published: String(item?.isPublished ?? false),
		},
	})
	return (
		<ItemForm
			title={t(item ? 'admin.courses.editTitle' : 'admin.courses.createTitle')}
			submitLabel={t(item ? 'admin.actions.save' : 'admin.courses.create')}
			busy={busy}
			onSubmit={submit}
		>
			<SelectField
				id="course-path"
				label={t('admin.fields.path')}
				placeholder={t('admin.errors.selectPath')}
				value={values.path_id}
				onChange={(v) => patch(item ? { path_id: v } : { path_id: v, order: nextOrder(v) })}
				groups={[{ options: paths.map((p) => ({ value: p.id, label: p.title })) }]}
				error={errors.path_id}
			/>
			<TitleSlugFields values={values} set={set} errors={errors} />
			<BilingualField
				id="course-summary"
				name="summary"
				label={t('admin.fields.summary')}
				labelPt={t('admin.fields.summaryPt')}
				values={values}
				set={set}
				errors={errors}
			/>
			<BilingualField
				id="course-description"
				name="description"
				label={t('admin.fields.description')}
				labelPt={t('admin.fields.descriptionPt')}
				values={values}
				set={set}
				errors={errors}
				rows={4}
			/>
			<CatalogFactFields id="course" values={values} set={set} errors={errors} />
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField
					id="course-order"
					label={t('admin.fields.order')}
					type="number"
					inputMode="numeric"
					min={1}
					step={1}
					value={values.order}
					onChange={set('order')}
					error={errors.order}
				/>
				<InputField
					id="course-duration"
					label={t('admin.fields.duration')}
					type="number"
					inputMode="numeric"
					min={0}
					step={1}
					value={values.duration_minutes}
					onChange={set('duration_minutes')}
					error={errors.duration_minutes}
				/>
			</div>
			<InputField
				id="course-thumbnail"
				label={t('admin.fields.thumbnail')}
				type="url"
				inputMode="url"
				placeholder="https://"
				hint={t('admin.fields.thumbnailHint')}
				value={values.thumbnail_url}
				onChange={set('thumbnail_url')}
				error={errors.thumbnail_url}
			/>
			<PublishSwitch
				id="course-published"
				saved={item ? item.isPublished : null}
				checked={values.is_published === 'true'}
				onChange={(v) => set('is_published')(String(v))}
			/>
		</ItemForm>
	)
}
