import { useTranslation } from '~/features/i18n/react.tsx'
import { moduleFormSchema } from '~/features/admin/schemas.ts'
import type { AdminModule, CourseOption, PathOption } from '~/features/admin/types.ts'
import { BilingualField } from './bilingual'
import { InputField, SelectField, PublishSwitch } from './fields'
import { ItemForm } from './item-dialog'
import { courseGroups } from './parent-groups'
import { TitleSlugFields } from './path-form'
import { useItemForm } from './use-item-form'

const messages = { created: 'admin.modules.created', updated: 'admin.modules.updated', failed: 'admin.modules.saveFailed' }

export function ModuleForm({
	item,
	paths,
	courses,
	defaultCourseId,
	onDone,
}: {
	item: AdminModule | null
	paths: PathOption[]
	courses: CourseOption[]
	defaultCourseId?: string
	onDone: () => void
}) {
	const { t } = useTranslation()
	const nextOrder = (courseId: string) => String((courses.find((c) => c.id === courseId)?.childCount ?? 0) + 1)
	const start = item?.courseId ?? defaultCourseId ?? ''
	const { values, set, patch, errors, submit, busy } = useItemForm({
		schema: moduleFormSchema,
		id: item?.id,
		messages,
		onDone,
		initial: {
			course_id: start,
			title: item?.title ?? '',
			title_pt: item?.titlePt ?? '',
			slug: item?.slug ?? '',
			summary: item?.summary ?? '',
			summary_pt: item?.summaryPt ?? '',
			order: String(item?.order ?? nextOrder(start)),
			is_published: String(item?.isPublished ?? false),
		},
	})
	return (
		<ItemForm
			title={t(item ? 'admin.modules.editTitle' : 'admin.modules.createTitle')}
			submitLabel={t(item ? 'admin.actions.save' : 'admin.modules.create')}
			busy={busy}
			onSubmit={submit}
		>
			<SelectField
				id="module-course"
				label={t('admin.fields.course')}
				placeholder={t('admin.errors.selectCourse')}
				value={values.course_id}
				onChange={(v) => patch(item ? { course_id: v } : { course_id: v, order: nextOrder(v) })}
				groups={courseGroups(paths, courses)}
				error={errors.course_id}
			/>
			<TitleSlugFields values={values} set={set} errors={errors} />
			<BilingualField
				id="module-summary"
				name="summary"
				label={t('admin.fields.summary')}
				labelPt={t('admin.fields.summaryPt')}
				values={values}
				set={set}
				errors={errors}
				rows={3}
			/>
			<InputField
				id="module-order"
				label={t('admin.fields.order')}
				type="number"
				inputMode="numeric"
				min={1}
				step={1}
				value={values.order}
				onChange={set('order')}
				error={errors.order}
				className="sm:w-1/2"
			/>
			<PublishSwitch
				id="module-published"
				saved={item ? item.isPublished : null}
				checked={values.is_published === 'true'}
				onChange={(v) => set('is_published')(String(v))}
			/>
		</ItemForm>
	)
}
