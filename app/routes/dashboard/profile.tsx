import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/profile'

export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	return { title: getT(request)('nav.myProfile') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ProfilePage() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.myProfile')} description={t('pages.profile.description')} />
			<EmptyState title={t('pages.profile.emptyTitle')} body={t('pages.profile.emptyBody')} />
		</>
	)
}
