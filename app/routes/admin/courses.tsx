import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ContentCard, Detail, EditDialog, SharedDetails } from '~/components/admin/content-card'
import { CourseForm } from '~/components/admin/course-form'
import { ContentFilters } from '~/components/admin/filters'
import { ListBody, useReloading } from '~/components/admin/list-states'
import { useNow } from '~/components/admin/updated'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { contentAction } from '~/features/admin/actions.server.ts'
import { contentOptions, listCourses } from '~/features/admin/lists.server.ts'
import { contentFilterSchema, LIST_LIMIT } from '~/features/admin/schemas.ts'
import type { AdminCourse } from '~/features/admin/types.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/courses'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const filter = contentFilterSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const [courses, options] = await Promise.all([listCourses(filter), contentOptions()])
	return { courses, options, filter, now: new Date().toISOString(), title: getT(request)('admin.sections.courses') }
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	return contentAction('course', admin.id, request)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { courses, options, filter } = loaderData
	const now = useNow(loaderData.now)
	const [editing, setEditing] = useState<{ item: AdminCourse | null } | null>(null)
	const close = useCallback(() => setEditing(null), [])
	const siblings = new Map(options.paths.map((p) => [p.id, p.childCount]))
	return (
		<>
			<PageHeader title={t('admin.sections.courses')} description={t('admin.courses.description')}>
				<Button onClick={() => setEditing({ item: null })} disabled={options.paths.length === 0}>
					<Plus aria-hidden />
					{t('admin.courses.new')}
				</Button>
			</PageHeader>
			<ContentFilters levels={['path']} filter={filter} options={options} />
			<ListBody
				loading={useReloading()}
				loadingLabel={t('admin.courses.loading')}
				empty={t('admin.courses.empty')}
				count={courses.length}
				truncated={courses.length >= LIST_LIMIT}
			>
				{courses.map((c) => (
					<li key={c.id}>
						<ContentCard
							kind="course"
							item={c}
							heading={`#${c.order} · ${c.title}`}
							now={now}
							onEdit={() => setEditing({ item: c })}
							position={{ first: c.order <= 1, last: c.order >= (siblings.get(c.pathId) ?? 0) }}
						>
							<p className={c.summary ? 'line-clamp-2' : 'text-muted-foreground italic'}>{c.summary ?? t('admin.courses.noSummary')}</p>
							{c.description ? <p className="text-muted-foreground mt-1 line-clamp-2">{c.description}</p> : null}
							<dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
								<Detail label={t('admin.fields.path')}>{c.pathTitle ?? t(c.pathId ? 'admin.courses.unknownPath' : 'admin.courses.unassigned')}</Detail>
								<SharedDetails slug={c.slug} durationMinutes={c.durationMinutes} thumbnailUrl={c.thumbnailUrl} />
								<Detail label={t('admin.sections.modules')}>{t('admin.courses.moduleCount', { count: c.moduleCount })}</Detail>
							</dl>
						</ContentCard>
					</li>
				))}
			</ListBody>
			<EditDialog open={editing !== null} onClose={close} width="sm:max-w-2xl">
				{editing ? <CourseForm key={editing.item?.id ?? 'new'} item={editing.item} paths={options.paths} defaultPathId={filter.path} onDone={close} /> : null}
			</EditDialog>
		</>
	)
}
