import { useTranslation } from 'react-i18next'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/explore'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return { title: getT(request)('nav.paths') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ExplorePage() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.paths')} description={t('pages.explore.description')} />
			<EmptyState title={t('pages.explore.emptyTitle')} body={t('pages.explore.emptyBody')} />
		</>
	)
}
