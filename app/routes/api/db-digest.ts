import { z } from 'zod'
import { requireLocalOrAdmin } from '~/features/auth/session.server.ts'
import { databaseDigest } from '~/features/system/db-digest.server.ts'
import type { Route } from './+types/db-digest'
import { pageUrl } from '~/lib/page-url.ts'

const query = z.object({ user: z.email().max(254).optional() })

// GET [?user=<email>]: row count and content hash of every table (or of one account's rows), so tests
// can prove that a refused request, or another learner, changed nothing. A local-development tool like
// /dev/mailbox, gated the same way: 404 wherever real mail is sent, and to anyone but this machine or an admin.
export async function loader({ request }: Route.LoaderArgs) {
	await requireLocalOrAdmin(request)
	const parsed = query.safeParse(Object.fromEntries(pageUrl(request).searchParams))
	if (!parsed.success) return Response.json({ error: 'user must be an email address' }, { status: 400 })
	const digest = await databaseDigest({ userEmail: parsed.data.user })
	if (!digest) return Response.json({ error: 'No such user' }, { status: 404 })
	return Response.json(digest, { headers: { 'Cache-Control': 'no-store' } })
}
