import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ContentCard, Detail, EditDialog, SharedDetails } from '~/components/admin/content-card'
import { ContentFilters } from '~/components/admin/filters'
import { LessonForm } from '~/components/admin/lesson-form'
import { ListBody, useReloading } from '~/components/admin/list-states'
import { Pager } from '~/components/admin/pager'
import { useNow } from '~/components/admin/updated'
import { PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { contentAction } from '~/features/admin/actions.server.ts'
import { listLessonPage } from '~/features/admin/lesson-list.server.ts'
import { contentOptions } from '~/features/admin/lists.server.ts'
import { LESSON_TYPES, lessonListParams, parseLessonListQuery, PUBLISH_STATES } from '~/features/admin/schemas.ts'
import type { AdminLesson } from '~/features/admin/types.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { formatNumber } from '~/lib/program.ts'
import type { Route } from './+types/lessons'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	// Searched, filtered and paged on the server; a malformed param is ignored and named, never an error.
	const { query: filter, ignored } = parseLessonListQuery(pageUrl(request).searchParams)
	const [list, options] = await Promise.all([listLessonPage(filter), contentOptions()])
	return { ...list, options, filter, ignored, now: new Date().toISOString(), title: getT(request)('admin.sections.lessons') }
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	return contentAction('lesson', admin.id, request)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

function Preview({ lesson }: { lesson: AdminLesson }) {
	const { t } = useTranslation()
	if (lesson.lessonType === 'quiz') return <p className="text-muted-foreground italic">{t('admin.lessons.quizContents')}</p>
	if (!lesson.preview) return <p className="text-muted-foreground italic">{t('admin.lessons.noContent')}</p>
	return (
		<p className={`line-clamp-3 break-words whitespace-pre-line ${lesson.lessonType === 'video' ? 'font-mono text-xs' : ''}`} data-testid="lesson-preview">
			{lesson.preview}
		</p>
	)
}

export default function AdminLessons({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { lessons, options, filter, total, page, pages, from, to, pastEnd, ignored } = loaderData
	const now = useNow(loaderData.now)
	// Links and filter changes keep the valid params only, so an ignored one is not carried along.
	const params = lessonListParams(filter)
	const [editing, setEditing] = useState<{ item: AdminLesson | null } | null>(null)
	const close = useCallback(() => setEditing(null), [])
	const siblings = new Map(options.modules.map((m) => [m.id, m.childCount]))
	return (
		<>
			<PageHeader title={t('admin.sections.lessons')} description={t('admin.lessons.description')}>
				<Button onClick={() => setEditing({ item: null })} disabled={options.modules.length === 0}>
					<Plus aria-hidden />
					{t('admin.lessons.new')}
				</Button>
			</PageHeader>
			<ContentFilters
				levels={['path', 'course', 'module']}
				filter={filter}
				options={options}
				params={params}
				search={{
					value: filter.q ?? '',
					label: t('admin.lessons.search'),
					placeholder: t('admin.lessons.searchPlaceholder'),
					button: t('admin.lessons.searchButton'),
				}}
				extras={[
					{
						name: 'type',
						label: t('admin.filters.type'),
						all: t('admin.filters.all.type'),
						value: filter.type,
						options: LESSON_TYPES.map((v) => ({ value: v, label: t(`admin.types.${v}`) })),
					},
					{
						name: 'status',
						label: t('admin.filters.status'),
						all: t('admin.filters.all.status'),
						value: filter.status,
						options: PUBLISH_STATES.map((v) => ({ value: v, label: t(`admin.filters.statuses.${v}`) })),
					},
				]}
			/>
			{ignored.length || pastEnd ? (
				<div role="status" className="bg-muted/50 mb-4 grid gap-1 rounded-lg border px-4 py-3 text-sm" data-testid="list-notice">
					{ignored.length ? <p>{t('admin.list.ignored', { names: ignored.join(', ') })}</p> : null}
					{pastEnd ? <p>{t('admin.list.pastEnd', { asked: pastEnd, page, pages })}</p> : null}
				</div>
			) : null}
			{total > 0 ? (
				<p className="text-muted-foreground mb-3 text-sm" data-testid="list-range">
					{t('admin.lessons.range', { from: formatNumber(from, i18n.language), to: formatNumber(to, i18n.language), total })}
				</p>
			) : null}
			<ListBody
				loading={useReloading()}
				loadingLabel={t('admin.lessons.loading')}
				empty={filter.q ? t('admin.lessons.noMatch', { q: filter.q }) : t('admin.lessons.empty')}
				count={lessons.length}
			>
				{lessons.map((l) => (
					<li key={l.id}>
						<ContentCard
							kind="lesson"
							item={l}
							heading={`#${l.order} · ${l.title}`}
							badges={
								<Badge variant="outline" className="uppercase" data-testid="lesson-type">
									{t(`admin.types.${l.lessonType}`, { defaultValue: l.lessonType })}
								</Badge>
							}
							now={now}
							onEdit={() => setEditing({ item: l })}
							position={{ first: l.order <= 1, last: l.order >= (siblings.get(l.moduleId) ?? 0) }}
						>
							<p className="text-muted-foreground mb-2 text-xs">
								{[l.pathTitle ?? t('admin.courses.unknownPath'), l.courseTitle, l.moduleTitle].filter(Boolean).join(' › ')}
							</p>
							<Preview lesson={l} />
							<dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
								<SharedDetails slug={l.slug} durationMinutes={l.durationMinutes} thumbnailUrl={l.thumbnailUrl} />
								<Detail label={t('admin.fields.xpShort')}>{l.xpValue}</Detail>
							</dl>
						</ContentCard>
					</li>
				))}
			</ListBody>
			<Pager page={page} pages={pages} label={t('admin.list.pages')} params={params} />
			<EditDialog open={editing !== null} onClose={close} width="sm:max-w-4xl">
				{editing ? (
					<LessonForm
						key={editing.item?.id ?? 'new'}
						item={editing.item}
						paths={options.paths}
						courses={options.courses}
						modules={options.modules}
						defaultModuleId={filter.module}
						onDone={close}
					/>
				) : null}
			</EditDialog>
		</>
	)
}
