import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { contentCounts } from '~/features/admin/overview.server.ts'
import type { Route } from './+types/lessons'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { count: (await contentCounts()).lessons }
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin' }]

export default function AdminLessons({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('admin.sections.lessons')} description={t('admin.count', { count: loaderData.count })} />
			<EmptyState title={t('admin.lessons.empty')} />
		</>
	)
}
