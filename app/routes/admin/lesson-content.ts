import { lessonContent, lessonContentPt } from '~/features/admin/lists.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { isUuid } from '~/features/catalog/catalog.server.ts'
import { readChallenges } from '~/features/challenges/content.server.ts'
import { getDb } from '~/lib/db.server.ts'
import type { Route } from './+types/lesson-content'

// GET: one lesson's full content, for the edit dialog (the list only carries a preview); a challenge's
// code, tests, reference solution and hints too (admins only: learners never get the last three).
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	if (!isUuid(params.lessonId)) return Response.json({ error: 'Not found' }, { status: 404 })
	const [content, contentPt, challenges] = await Promise.all([
		lessonContent(params.lessonId),
		lessonContentPt(params.lessonId),
		getDb().then((db) => readChallenges(db, [params.lessonId])),
	])
	if (content === null) return Response.json({ error: 'Not found' }, { status: 404 })
	return Response.json({ content, contentPt, challenge: challenges.get(params.lessonId) ?? null }, { headers: { 'Cache-Control': 'no-store' } })
}
