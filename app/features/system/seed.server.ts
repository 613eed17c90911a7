import path from 'node:path'
import { verifyPassword } from 'better-auth/crypto'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { account, learningPaths, user } from '#db/schema.ts'
import { createAccount, setAdminRole } from '~/features/auth/accounts.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { seedCohort } from './cohort.server.ts'
import { demoAccounts } from './demo-accounts.ts'
import { writeDemoManifest } from './demo-manifest.server.ts'

export const CONTENT_DIR = path.resolve(process.cwd(), 'content')

/**
 * Demo accounts are ensured on every start (idempotent). The curriculum is loaded on first start only,
 * so admins' later edits are never overwritten; `force` (npm run db:seed) reloads it. The demo cohort
 * (cohort.server.ts) follows unless SEED_DEMO_COHORT=false or `npm run db:seed -- --no-cohort`.
 *
 * The demo admin's password is published (README, the local login page), so the account is an admin only
 * where that is harmless: a local site, or when SEED_DEMO_ADMIN asks for it. Elsewhere it is not created,
 * and one left from an earlier local run loses the role while it still has the published password.
 */
export async function seedDemo({
	force = false,
	admin = getEnv().seedDemoAdmin,
	cohort = getEnv().seedDemoCohort,
}: { force?: boolean; admin?: boolean; cohort?: boolean } = {}) {
	const db = await getDb()
	for (const a of Object.values(demoAccounts)) {
		if (a.role !== 'admin') {
			await createAccount(db, { ...a, emailVerified: true })
			continue
		}
		if (admin) {
			await createAccount(db, { ...a, emailVerified: true })
			await setAdminRole(db, a.email, true)
		} else if (await hasPassword(db, a.email, a.password)) {
			await setAdminRole(db, a.email, false)
			log.warn('demo admin demoted: its password is public and APP_URL is not local (SEED_DEMO_ADMIN=true keeps it)', { email: a.email })
		}
	}
	const [{ n }] = (await db.select({ n: count() }).from(learningPaths)) as [{ n: number }]
	const curriculum = force || Number(n) === 0 ? await importCurriculum(db, await readContentTree(CONTENT_DIR)) : null
	// After the curriculum: the cohort's history is made of its lessons. Idempotent (seedCohort skips a cohort already there).
	const demoCohort = cohort ? await seedCohort() : null
	// After everything: the end-to-end tests read the curriculum's and accounts' ids from it, not from pages.
	await writeDemoManifest()
	return { curriculum, cohort: demoCohort }
}

/** Whether the account exists, is an admin and still signs in with `password`. */
async function hasPassword(db: Db, email: string, password: string) {
	const [row] = await db
		.select({ hash: account.password, role: user.role })
		.from(user)
		.innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
		.where(eq(user.email, email))
	return Boolean(row?.hash && isAdmin(row) && (await verifyPassword({ hash: row.hash, password })))
}
