import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { requireUser } from '~/features/auth/session.server.ts'
import { displayName } from '~/features/auth/user.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/home'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { name: displayName(user), title: getT(request)('nav.dashboard') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('dashboard.greeting', { name: loaderData.name })} />
			<EmptyState title={t('dashboard.noPaths')} body={t('dashboard.noPathsBody')}>
				<Button asChild className="mt-2">
					<Link to="/dashboard/explore">{t('dashboard.viewAllPaths')}</Link>
				</Button>
			</EmptyState>
		</>
	)
}
