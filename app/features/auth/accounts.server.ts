import { randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { account, user } from '#db/schema.ts'

export type NewAccount = {
	email: string
	password: string
	name?: string
	role?: 'user' | 'admin'
	emailVerified?: boolean
}

/**
 * Create an email+password account the way Better Auth stores one (user row plus a
 * 'credential' account holding the hash). Used by the demo seed and by test factories.
 * Idempotent on email: an existing user is returned unchanged.
 */
export async function createAccount(db: Db, input: NewAccount) {
	const email = input.email.trim().toLowerCase()
	const existing = await db.query.user.findFirst({ where: eq(user.email, email) })
	if (existing) return existing
	const id = randomUUID()
	const passwordHash = await hashPassword(input.password)
	return db.transaction(async (tx) => {
		const [created] = await tx
			.insert(user)
			.values({
				id,
				email,
				name: input.name ?? '',
				role: input.role ?? 'user',
				emailVerified: input.emailVerified ?? true,
			})
			.returning()
		await tx.insert(account).values({
			id: randomUUID(),
			accountId: id,
			providerId: 'credential',
			userId: id,
			password: passwordHash,
		})
		return created!
	})
}

/** Grant or revoke the admin role; returns false when no such user exists. */
export async function setAdminRole(db: Db, email: string, admin: boolean) {
	const rows = await db
		.update(user)
		.set({ role: admin ? 'admin' : 'user' })
		.where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
		.returning({ id: user.id })
	return rows.length > 0
}
