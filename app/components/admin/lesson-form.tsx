import { useEffect, useRef } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { DEFAULT_LESSON_XP, LESSON_TYPES, lessonFormSchema, type LessonType } from '~/features/admin/schemas.ts'
import type { AdminLesson, CourseOption, ModuleOption, PathOption } from '~/features/admin/types.ts'
import { ChallengeFields } from './challenge-fields'
import { InputField, NativeSelectField, PublishSwitch, SelectField } from './fields'
import { Untranslated } from './bilingual'
import { ItemForm } from './item-dialog'
import { QuizJsonField, VideoUrlField } from './lesson-content-fields'
import { DEFAULT_PASS_PERCENT } from '~/features/quiz/quiz.ts'
import { MarkdownEditor } from './markdown-editor'
import { moduleGroups, modulePlace } from './parent-groups'
import { TitleSlugFields } from './path-form'
import { useItemForm } from './use-item-form'

const messages = { created: 'admin.lessons.created', updated: 'admin.lessons.updated', failed: 'admin.lessons.saveFailed' }

/** Quizzes are stored compact; edit them indented, their questions here and their pass mark in its own field. */
function editable(type: string, content: string): { content: string; pass_percent?: string } {
	if (type !== 'quiz') return { content }
	try {
		const value: unknown = JSON.parse(content)
		if (value && typeof value === 'object' && !Array.isArray(value) && 'questions' in value) {
			const { questions, passPercent } = value as { questions: unknown; passPercent?: unknown }
			return { content: JSON.stringify(questions, null, 2), pass_percent: passPercent === undefined ? '' : String(passPercent) }
		}
		return { content: JSON.stringify(value, null, 2) }
	} catch {
		return { content }
	}
}

export function LessonForm({
	item,
	paths,
	courses,
	modules,
	defaultModuleId,
	onDone,
}: {
	item: AdminLesson | null
	paths: PathOption[]
	courses: CourseOption[]
	modules: ModuleOption[]
	defaultModuleId?: string
	onDone: () => void
}) {
	const { t } = useTranslation()
	const nextOrder = (moduleId: string) => String((modules.find((m) => m.id === moduleId)?.childCount ?? 0) + 1)
	const start = item?.moduleId ?? defaultModuleId ?? ''
	const { values, set, patch, errors, submit, busy } = useItemForm({
		schema: lessonFormSchema,
		id: item?.id,
		messages,
		onDone,
		initial: {
			module_id: start,
			title: item?.title ?? '',
			title_pt: item?.titlePt ?? '',
			slug: item?.slug ?? '',
			lesson_type: item?.lessonType ?? 'text',
			order: String(item?.order ?? nextOrder(start)),
			xp_value: String(item?.xpValue ?? DEFAULT_LESSON_XP),
			content: '',
			content_pt: '',
			duration_minutes: item?.durationMinutes != null ? String(item.durationMinutes) : '',
			thumbnail_url: item?.thumbnailUrl ?? '',
			is_published: String(item?.isPublished ?? false),
			starter_code: '',
			tests_code: '',
			solution_code: '',
			hints: '',
			hints_pt: '',
			pass_percent: '',
		},
	})

	// The list carries only a preview: fetch the full content of the lesson being edited.
	type Challenge = { starter: string; tests: string; solution: string; hints: string[]; hintsPt: string[] }
	const content = useFetcher<{ content: string; contentPt?: string; challenge: Challenge | null }>()
	const { load } = content
	const loaded = useRef(false)
	useEffect(() => {
		if (item) void load(`/dashboard/admin/lesson-content/${item.id}`)
	}, [item, load])
	useEffect(() => {
		if (item && content.data && !loaded.current) {
			loaded.current = true
			const c = content.data.challenge
			patch({
				...editable(item.lessonType, content.data.content),
				content_pt: content.data.contentPt ?? '',
				...(c ? { starter_code: c.starter, tests_code: c.tests, solution_code: c.solution, hints: c.hints.join('\n'), hints_pt: c.hintsPt.join('\n') } : {}),
			})
		}
	}, [item, content.data, patch])
	const waiting = Boolean(item) && !content.data

	// Each type keeps its own draft, so switching type back and forth loses nothing.
	const drafts = useRef<Record<string, string>>({})
	const changeType = (next: string) => {
		drafts.current[values.lesson_type!] = values.content!
		patch({ lesson_type: next, content: drafts.current[next] ?? '' })
	}

	const type = values.lesson_type as LessonType
	const place = values.module_id ? modulePlace(paths, courses, modules, values.module_id) : null
	return (
		<ItemForm
			title={t(item ? 'admin.lessons.editTitle' : 'admin.lessons.createTitle')}
			submitLabel={t(item ? 'admin.actions.save' : 'admin.lessons.create')}
			busy={busy || waiting}
			onSubmit={submit}
		>
			<NativeSelectField
				id="lesson-module"
				label={t('admin.fields.module')}
				placeholder={t('admin.errors.selectModule')}
				value={values.module_id!}
				onChange={(v) => patch(item ? { module_id: v } : { module_id: v, order: nextOrder(v) })}
				groups={moduleGroups(paths, courses, modules)}
				hint={place ? t('admin.fields.moduleIn', { place }) : undefined}
				error={errors.module_id}
			/>
			<TitleSlugFields values={values} set={set} errors={errors} />
			<div className="grid gap-4 sm:grid-cols-3">
				<SelectField
					id="lesson-type"
					label={t('admin.fields.lessonType')}
					placeholder={t('admin.errors.lessonType')}
					value={type}
					onChange={changeType}
					groups={[{ options: LESSON_TYPES.map((v) => ({ value: v, label: t(`admin.types.${v}`) })) }]}
					error={errors.lesson_type}
				/>
				<InputField
					id="lesson-order"
					label={t('admin.fields.order')}
					type="number"
					inputMode="numeric"
					min={1}
					step={1}
					value={values.order!}
					onChange={set('order')}
					error={errors.order}
				/>
				<InputField
					id="lesson-xp"
					label={t('admin.fields.xp')}
					type="number"
					inputMode="numeric"
					min={0}
					step={1}
					value={values.xp_value!}
					onChange={set('xp_value')}
					error={errors.xp_value}
				/>
			</div>
			{type === 'video' ? (
				<VideoUrlField value={values.content!} onChange={set('content')} error={errors.content} />
			) : type === 'quiz' ? (
				<>
					<QuizJsonField value={values.content!} onChange={set('content')} error={errors.content} disabled={waiting} />
					<InputField
						id="lesson-pass-percent"
						label={t('admin.fields.passPercent')}
						type="number"
						inputMode="numeric"
						min={1}
						max={100}
						step={1}
						placeholder={String(DEFAULT_PASS_PERCENT)}
						value={values.pass_percent!}
						onChange={set('pass_percent')}
						error={errors.pass_percent}
						hint={t('admin.quiz.passPercentHint', { pass: DEFAULT_PASS_PERCENT })}
					/>
				</>
			) : (
				// English and Portuguese bodies side by side on wide screens (a quiz keeps *_pt inside its JSON).
				<div className="grid gap-4 xl:grid-cols-2" data-testid="bilingual-content">
					<MarkdownEditor
						id="lesson-content"
						label={t(type === 'challenge' ? 'challenge.studio.brief' : 'admin.fields.markdown')}
						value={values.content!}
						onChange={set('content')}
						error={errors.content}
						disabled={waiting}
					/>
					<div className="grid content-start gap-1.5" lang="pt-BR">
						<MarkdownEditor
							id="lesson-content-pt"
							label={t('admin.fields.contentPt')}
							value={values.content_pt!}
							onChange={set('content_pt')}
							error={errors.content_pt}
							disabled={waiting}
						/>
						<Untranslated en={values.content} pt={values.content_pt} />
					</div>
				</div>
			)}
			{type === 'challenge' ? <ChallengeFields values={values} set={set} errors={errors} disabled={waiting} /> : null}
			<div className="grid gap-4 sm:grid-cols-2">
				<InputField
					id="lesson-duration"
					label={t('admin.fields.duration')}
					type="number"
					inputMode="numeric"
					min={0}
					step={1}
					value={values.duration_minutes!}
					onChange={set('duration_minutes')}
					error={errors.duration_minutes}
				/>
				<InputField
					id="lesson-thumbnail"
					label={t('admin.fields.thumbnail')}
					type="url"
					inputMode="url"
					placeholder="https://"
					hint={t('admin.fields.thumbnailHint')}
					value={values.thumbnail_url!}
					onChange={set('thumbnail_url')}
					error={errors.thumbnail_url}
				/>
			</div>
			<PublishSwitch
				id="lesson-published"
				saved={item ? item.isPublished : null}
				checked={values.is_published === 'true'}
				onChange={(v) => set('is_published')(String(v))}
			/>
		</ItemForm>
	)
}
