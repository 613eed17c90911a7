import { BookOpen, Boxes, FileText, Inbox, Layers, ShieldCheck, Users } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { PageHeader } from '~/components/page-header'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { contentCounts } from '~/features/admin/overview.server.ts'
import { countNewApplications } from '~/features/applications/applications.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/overview'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [counts, newApplications] = await Promise.all([contentCounts(), countNewApplications()])
	return { counts, newApplications, title: getT(request)('nav.admin') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { counts } = loaderData
	const cards = [
		{ to: '/dashboard/admin/paths', key: 'admin.sections.paths', icon: Layers, count: counts.paths },
		{ to: '/dashboard/admin/courses', key: 'admin.sections.courses', icon: BookOpen, count: counts.courses },
		{ to: '/dashboard/admin/modules', key: 'admin.sections.modules', icon: Boxes, count: counts.modules },
		{ to: '/dashboard/admin/lessons', key: 'admin.sections.lessons', icon: FileText, count: counts.lessons },
	]
	return (
		<>
			<PageHeader title={t('nav.admin')} />
			<p className="mb-6 flex items-center gap-2 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm font-medium text-emerald-800 dark:text-emerald-300">
				<ShieldCheck className="size-4" aria-hidden />
				{t('admin.accessGranted')}
			</p>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				{cards.map((c) => (
					<li key={c.to}>
						<Link to={c.to} className="block h-full">
							<Card className="hover:border-primary h-full transition-colors">
								<CardHeader>
									<c.icon className="text-primary size-5" aria-hidden />
									<CardTitle>{t(c.key)}</CardTitle>
									<CardDescription data-testid={`count-${c.key.split('.').pop()}`}>{t('admin.count', { count: c.count })}</CardDescription>
								</CardHeader>
							</Card>
						</Link>
					</li>
				))}
			</ul>
			<Link to="/dashboard/admin/applications" className="mt-4 block">
				<Card className="hover:border-primary transition-colors">
					<CardHeader>
						<Inbox className="text-primary size-5" aria-hidden />
						<CardTitle>{t('applications.admin.card')}</CardTitle>
						<CardDescription data-testid="count-applications">{t('applications.admin.newCount', { count: loaderData.newApplications })}</CardDescription>
					</CardHeader>
				</Card>
			</Link>
			<Link to="/dashboard/admin/users" className="mt-4 block">
				<Card className="hover:border-primary transition-colors">
					<CardHeader>
						<Users className="text-primary size-5" aria-hidden />
						<CardTitle>{t('admin.users.title')}</CardTitle>
						<CardDescription data-testid="count-users">{t('admin.usersCount', { count: counts.users })}</CardDescription>
					</CardHeader>
				</Card>
			</Link>
		</>
	)
}
