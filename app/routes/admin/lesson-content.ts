import { lessonContent } from '~/features/admin/lists.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { isUuid } from '~/features/catalog/catalog.server.ts'
import type { Route } from './+types/lesson-content'

// GET: one lesson's full content, for the edit dialog (the list only carries a preview).
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const content = isUuid(params.lessonId) ? await lessonContent(params.lessonId) : null
	if (content === null) return Response.json({ error: 'Not found' }, { status: 404 })
	return Response.json({ content }, { headers: { 'Cache-Control': 'no-store' } })
}
