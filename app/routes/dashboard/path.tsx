import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireUser } from '~/features/auth/session.server.ts'
import { getPublishedPath } from '~/features/catalog/catalog.server.ts'
import type { Route } from './+types/path'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireUser(request)
	const path = await getPublishedPath(params.pathId)
	if (!path) throw new Response('Learning path not found.', { status: 404 })
	return { path }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.path.title }]

export default function PathOverview({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { path } = loaderData
	return (
		<>
			<PageHeader title={path.title} description={path.description ?? undefined} />
			{path.courses.length === 0 ? (
				<EmptyState title={t('path.noCourses')} />
			) : (
				<ol className="grid gap-3">
					{path.courses.map((c) => (
						<li key={c.id}>
							<Link to={`/dashboard/learn/course/${c.id}`} className="block">
								<Card className="hover:border-primary transition-colors">
									<CardHeader>
										<CardTitle>
											{c.order}. {c.title}
										</CardTitle>
										{c.summary ? <CardDescription>{c.summary}</CardDescription> : null}
									</CardHeader>
								</Card>
							</Link>
						</li>
					))}
				</ol>
			)}
		</>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	return <EmptyState title={t('path.notFound')} />
}
