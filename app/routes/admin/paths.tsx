import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { listPathsForAdmin } from '~/features/admin/overview.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import type { Route } from './+types/paths'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const paths = await listPathsForAdmin()
	return {
		paths: paths.map((p) => ({
			id: p.id,
			title: p.title,
			slug: p.slug,
			description: p.description,
			isPublished: p.isPublished,
			courseCount: p.courses.length,
		})),
	}
}

export const meta: Route.MetaFunction = () => [{ title: 'Learning Paths' }]

export default function AdminPaths({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('admin.sections.paths')} />
			{loaderData.paths.length === 0 ? (
				<EmptyState title={t('admin.paths.empty')} />
			) : (
				<ul className="grid gap-3">
					{loaderData.paths.map((p) => (
						<li key={p.id}>
							<Card>
								<CardHeader>
									<CardTitle className="flex items-center gap-2">
										{p.title}
										<Badge variant={p.isPublished ? 'default' : 'secondary'}>{t(p.isPublished ? 'admin.published' : 'admin.draft')}</Badge>
									</CardTitle>
									<CardDescription>{p.description ?? t('admin.paths.noDescription')}</CardDescription>
									<p className="text-muted-foreground text-xs">
										{p.slug} · {t('admin.paths.courseCount', { count: p.courseCount })}
									</p>
								</CardHeader>
							</Card>
						</li>
					))}
				</ul>
			)}
		</>
	)
}
