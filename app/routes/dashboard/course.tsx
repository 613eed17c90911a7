import { useTranslation } from 'react-i18next'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { getPublishedCourse } from '~/features/catalog/catalog.server.ts'
import type { Route } from './+types/course'

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireUser(request)
	const course = await getPublishedCourse(params.courseId)
	if (!course) throw new Response('Course not found', { status: 404 })
	return { course }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.course.title }]

export default function CoursePlayer({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={loaderData.course.title} description={loaderData.course.summary ?? undefined} />
			<EmptyState title={t('course.noLessons')} />
		</>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	return <EmptyState title={t('course.notFound')} />
}
