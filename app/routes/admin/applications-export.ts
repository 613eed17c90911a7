import { applicationsForExport } from '~/features/applications/applications.server.ts'
import { toCsv } from '~/features/applications/csv.ts'
import { inboxFilterSchema } from '~/features/applications/schemas.ts'
import { requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import type { Route } from './+types/applications-export'
import { pageUrl } from '~/lib/page-url.ts'

const header = [
	'id',
	'created_at',
	'type',
	'status',
	'name',
	'email',
	'company',
	'experience',
	'portfolio',
	'investment_amount',
	'timeline',
	'message',
	'language',
] as const

// GET: the inbox's current filter as a CSV download. A file, not a page: non-admins get 403.
export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	if (!isAdmin(user)) throw Response.json({ error: 'Forbidden' }, { status: 403 })
	const filter = inboxFilterSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const rows = await applicationsForExport(filter)
	const csv = toCsv(
		header,
		rows.map((r) => [
			r.id,
			r.createdAt,
			r.type,
			r.status,
			r.name,
			r.email,
			r.company,
			r.experience,
			r.portfolio,
			r.investmentAmount,
			r.timeline,
			r.message,
			r.language,
		]),
	)
	const day = new Date().toISOString().slice(0, 10)
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="applications-${day}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
