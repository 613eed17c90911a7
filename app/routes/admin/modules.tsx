import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ContentCard, Detail, EditDialog, SharedDetails } from '~/components/admin/content-card'
import { ContentFilters } from '~/components/admin/filters'
import { ListBody, useReloading } from '~/components/admin/list-states'
import { ModuleForm } from '~/components/admin/module-form'
import { useNow } from '~/components/admin/updated'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { contentAction } from '~/features/admin/actions.server.ts'
import { contentOptions, listModules } from '~/features/admin/lists.server.ts'
import { contentFilterSchema, LIST_LIMIT } from '~/features/admin/schemas.ts'
import type { AdminModule } from '~/features/admin/types.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/modules'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const filter = contentFilterSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const [modules, options] = await Promise.all([listModules(filter), contentOptions()])
	return { modules, options, filter, now: new Date().toISOString(), title: getT(request)('admin.sections.modules') }
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	return contentAction('module', admin.id, request)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function AdminModules({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { modules, options, filter } = loaderData
	const now = useNow(loaderData.now)
	const [editing, setEditing] = useState<{ item: AdminModule | null } | null>(null)
	const close = useCallback(() => setEditing(null), [])
	const siblings = new Map(options.courses.map((c) => [c.id, c.childCount]))
	return (
		<>
			<PageHeader title={t('admin.sections.modules')} description={t('admin.modules.description')}>
				<Button onClick={() => setEditing({ item: null })} disabled={options.courses.length === 0}>
					<Plus aria-hidden />
					{t('admin.modules.new')}
				</Button>
			</PageHeader>
			<ContentFilters levels={['path', 'course']} filter={filter} options={options} />
			<ListBody
				loading={useReloading()}
				loadingLabel={t('admin.modules.loading')}
				empty={t('admin.modules.empty')}
				count={modules.length}
				truncated={modules.length >= LIST_LIMIT}
			>
				{modules.map((m) => (
					<li key={m.id}>
						<ContentCard
							kind="module"
							item={m}
							heading={`#${m.order} · ${m.title}`}
							now={now}
							onEdit={() => setEditing({ item: m })}
							position={{ first: m.order <= 1, last: m.order >= (siblings.get(m.courseId) ?? 0) }}
						>
							<p className={m.summary ? 'line-clamp-2' : 'text-muted-foreground italic'}>{m.summary ?? t('admin.modules.noSummary')}</p>
							<dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
								<Detail label={t('admin.fields.course')}>{m.courseTitle ?? t('admin.courses.unassigned')}</Detail>
								<Detail label={t('admin.fields.path')}>{m.pathTitle ?? t('admin.courses.unknownPath')}</Detail>
								<SharedDetails slug={m.slug} />
								<Detail label={t('admin.sections.lessons')}>{t('admin.modules.lessonCount', { count: m.lessonCount })}</Detail>
							</dl>
						</ContentCard>
					</li>
				))}
			</ListBody>
			<EditDialog open={editing !== null} onClose={close} width="sm:max-w-xl">
				{editing ? (
					<ModuleForm
						key={editing.item?.id ?? 'new'}
						item={editing.item}
						paths={options.paths}
						courses={options.courses}
						defaultCourseId={filter.course}
						onDone={close}
					/>
				) : null}
			</EditDialog>
		</>
	)
}
