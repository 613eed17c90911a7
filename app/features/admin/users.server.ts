import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { user, userEnrollments, xpTotals } from '#db/schema.ts'
import { setAdminRole } from '~/features/auth/accounts.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { audit } from './audit.server.ts'
import type { AdminUser } from './types.ts'

const USERS_PAGE_SIZE = 20

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A page of users matching name or email, with role, verification, active enrolments and XP; one query. */
export async function listUsers(opts: { q?: string; page?: number }, db?: Db) {
	const handle = db ?? (await getDb())
	const page = opts.page ?? 1
	const q = opts.q?.trim()
	const pattern = q ? likePattern(q) : null
	const rows = await handle
		.select({
			id: user.id,
			name: user.name,
			email: user.email,
			role: user.role,
			emailVerified: user.emailVerified,
			createdAt: user.createdAt,
			enrollments: sql<number>`(SELECT count(*)::int FROM ${userEnrollments} WHERE ${userEnrollments.userId} = ${user.id} AND ${userEnrollments.isActive})`,
			xp: sql<number>`coalesce(${xpTotals.xp}, 0)`,
			total: sql<number>`count(*) OVER ()::int`,
		})
		.from(user)
		// The total kept by triggers on the ledger (migration perf_aggregates). The join also makes Drizzle
		// qualify every column, which the correlated sub-select above needs.
		.leftJoin(xpTotals, and(eq(xpTotals.userId, user.id), eq(xpTotals.period, 'all'), eq(xpTotals.scope, 'all')))
		.where(pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined)
		.orderBy(desc(user.createdAt), asc(user.email))
		.limit(USERS_PAGE_SIZE)
		.offset((page - 1) * USERS_PAGE_SIZE)
	const total = Number(rows[0]?.total ?? 0)
	return {
		users: rows.map(({ total: _t, ...u }): AdminUser => ({
			...u,
			createdAt: new Date(u.createdAt).toISOString(),
			enrollments: Number(u.enrollments),
			xp: Number(u.xp),
		})),
		total,
		page,
		pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
	}
}

export type RoleChange = { ok: true } | { ok: false; status: 403 | 404; error: string }

/** Grant or revoke admin; nobody can take their own admin role away (someone must keep the keys). */
export async function changeAdminRole(actor: { id: string; email: string }, email: string, admin: boolean, db?: Db): Promise<RoleChange> {
	if (!admin && email.trim().toLowerCase() === actor.email.trim().toLowerCase()) {
		return { ok: false, status: 403, error: 'admin.users.self' }
	}
	const handle = db ?? (await getDb())
	return handle.transaction(async (tx) => {
		const found = await setAdminRole(tx as unknown as Db, email, admin)
		if (!found) return { ok: false as const, status: 404 as const, error: 'admin.users.notFound' }
		const [target] = await tx
			.select({ id: user.id })
			.from(user)
			.where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
		await audit(tx, { actorId: actor.id, entityType: 'user', entityId: target!.id, action: admin ? 'grant-admin' : 'revoke-admin' })
		return { ok: true as const }
	})
}
