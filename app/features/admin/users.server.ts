import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { setAdminRole } from '~/features/auth/accounts.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { audit } from './audit.server.ts'
import type { AdminUser } from './types.ts'

export const USERS_PAGE_SIZE = 20

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A page of users matching name or email, with role, verification, active enrolments and XP; one query. */
export async function listUsers(opts: { q?: string; page?: number }, db?: Db) {
	const handle = db ?? (await getDb())
	const page = opts.page ?? 1
	const q = opts.q?.trim()
	const rows = rowsOf<AdminUser & { total: number }>(
		await handle.execute(sql`
			SELECT u.id, u.name, u.email, u.role, u.email_verified AS "emailVerified", u.created_at AS "createdAt",
				(SELECT count(*)::int FROM user_enrollments e WHERE e.user_id = u.id AND e.is_active) AS enrollments,
				(SELECT coalesce(sum(x.amount), 0)::int FROM xp_ledger x WHERE x.user_id = u.id) AS xp,
				count(*) OVER ()::int AS total
			FROM "user" u
			${q ? sql`WHERE u.email ILIKE ${likePattern(q)} OR u.name ILIKE ${likePattern(q)}` : sql``}
			ORDER BY u.created_at DESC, u.email
			LIMIT ${USERS_PAGE_SIZE} OFFSET ${(page - 1) * USERS_PAGE_SIZE}
		`),
	)
	const total = Number(rows[0]?.total ?? 0)
	return {
		users: rows.map(({ total: _t, ...u }) => ({ ...u, createdAt: new Date(u.createdAt).toISOString(), enrollments: Number(u.enrollments), xp: Number(u.xp) })),
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
		const [target] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM "user" WHERE lower(email) = ${email.trim().toLowerCase()}`))
		await audit(tx, { actorId: actor.id, entityType: 'user', entityId: target!.id, action: admin ? 'grant-admin' : 'revoke-admin' })
		return { ok: true as const }
	})
}
