import { createAccount, setAdminRole } from '~/features/auth/accounts.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { demoAccounts } from './demo-accounts.ts'

/** Idempotent: safe to run on every start; creates only what is missing. */
export async function seedDemo() {
	const db = await getDb()
	for (const a of Object.values(demoAccounts)) {
		await createAccount(db, { ...a, emailVerified: true })
		if (a.role === 'admin') await setAdminRole(db, a.email, true)
	}
}
