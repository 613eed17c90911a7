import { z } from 'zod'
import { itemHistory } from '~/features/admin/audit.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import type { Route } from './+types/history'
import { pageUrl } from '~/lib/page-url.ts'

const query = z.object({ type: z.enum(['path', 'course', 'module', 'lesson', 'user']), id: z.string().regex(/^[\w-]{1,64}$/) })

// GET ?type=&id=: an item's audit trail, for the History sheet.
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const parsed = query.safeParse(Object.fromEntries(pageUrl(request).searchParams))
	if (!parsed.success) return Response.json({ error: 'Bad request' }, { status: 400 })
	return Response.json({ entries: await itemHistory(parsed.data.type, parsed.data.id) }, { headers: { 'Cache-Control': 'no-store' } })
}
