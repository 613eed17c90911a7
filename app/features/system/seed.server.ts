import path from 'node:path'
import { count } from 'drizzle-orm'
import { learningPaths } from '#db/schema.ts'
import { createAccount, setAdminRole } from '~/features/auth/accounts.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { demoAccounts } from './demo-accounts.ts'

export const CONTENT_DIR = path.resolve(process.cwd(), 'content')

/**
 * Demo accounts are ensured on every start (idempotent). The curriculum is loaded on first start only,
 * so admins' later edits are never overwritten; `force` (npm run db:seed) reloads it.
 */
export async function seedDemo({ force = false }: { force?: boolean } = {}) {
	const db = await getDb()
	for (const a of Object.values(demoAccounts)) {
		await createAccount(db, { ...a, emailVerified: true })
		if (a.role === 'admin') await setAdminRole(db, a.email, true)
	}
	const [{ n }] = (await db.select({ n: count() }).from(learningPaths)) as [{ n: number }]
	if (force || Number(n) === 0) return importCurriculum(db, await readContentTree(CONTENT_DIR))
	return null
}
