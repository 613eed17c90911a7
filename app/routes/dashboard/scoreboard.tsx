import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/scoreboard'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return { title: getT(request)('nav.scoreboard') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ScoreboardPage() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.scoreboard')} description={t('pages.scoreboard.description')} />
			<EmptyState title={t('pages.scoreboard.emptyTitle')} body={t('pages.scoreboard.emptyBody')} />
		</>
	)
}
