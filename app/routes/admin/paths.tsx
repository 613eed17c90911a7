import { ArrowLeftRight, Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { ContentCard, Detail, EditDialog, SharedDetails } from '~/components/admin/content-card'
import { ListBody, useReloading } from '~/components/admin/list-states'
import { PathForm } from '~/components/admin/path-form'
import { useNow } from '~/components/admin/updated'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { contentAction } from '~/features/admin/actions.server.ts'
import { listPaths } from '~/features/admin/lists.server.ts'
import { LIST_LIMIT } from '~/features/admin/schemas.ts'
import type { AdminPath } from '~/features/admin/types.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/paths'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const paths = await listPaths()
	return { paths, now: new Date().toISOString(), title: getT(request)('admin.sections.paths') }
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	return contentAction('path', admin.id, request)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function AdminPaths({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { paths } = loaderData
	const now = useNow(loaderData.now)
	const [editing, setEditing] = useState<{ item: AdminPath | null } | null>(null)
	const close = useCallback(() => setEditing(null), [])
	return (
		<>
			<PageHeader title={t('admin.sections.paths')} description={t('admin.paths.description')}>
				<div className="flex flex-wrap gap-2">
					<Button asChild variant="outline">
						<Link to="/dashboard/admin/content">
							<ArrowLeftRight aria-hidden />
							{t('admin.content.link')}
						</Link>
					</Button>
					<Button onClick={() => setEditing({ item: null })}>
						<Plus aria-hidden />
						{t('admin.paths.new')}
					</Button>
				</div>
			</PageHeader>
			<ListBody
				loading={useReloading()}
				loadingLabel={t('admin.paths.loading')}
				empty={t('admin.paths.empty')}
				count={paths.length}
				truncated={paths.length >= LIST_LIMIT}
			>
				{paths.map((p) => (
					<li key={p.id}>
						<ContentCard kind="path" item={p} heading={p.title} now={now} onEdit={() => setEditing({ item: p })}>
							<p className={p.description ? 'line-clamp-3' : 'text-muted-foreground italic'}>{p.description ?? t('admin.paths.noDescription')}</p>
							<dl className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
								<SharedDetails slug={p.slug} />
								<Detail label={t('admin.sections.courses')}>{t('admin.paths.courseCount', { count: p.courseCount })}</Detail>
							</dl>
						</ContentCard>
					</li>
				))}
			</ListBody>
			<EditDialog open={editing !== null} onClose={close} width="sm:max-w-xl">
				{editing ? <PathForm key={editing.item?.id ?? 'new'} item={editing.item} onDone={close} /> : null}
			</EditDialog>
		</>
	)
}
