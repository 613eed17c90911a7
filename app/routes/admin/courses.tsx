import { useTranslation } from '~/features/i18n/react.tsx'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { contentCounts } from '~/features/admin/overview.server.ts'
import type { Route } from './+types/courses'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { count: (await contentCounts()).courses }
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin' }]

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('admin.sections.courses')} description={t('admin.count', { count: loaderData.count })} />
			<EmptyState title={t('admin.courses.empty')} />
		</>
	)
}
