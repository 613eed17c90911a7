import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/achievements'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return { title: getT(request)('nav.achievements') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AchievementsPage() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.achievements')} description={t('pages.achievements.description')} />
			<EmptyState title={t('pages.achievements.emptyTitle')} body={t('pages.achievements.emptyBody')} />
		</>
	)
}
