import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { session, user } from '#db/schema.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { signIn } from '~/features/auth/flows.server.ts'
import { getUser } from '~/features/auth/session.server.ts'
import { forgetAllSessions } from '~/features/auth/session-cache.server.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { cookiesOf } from '#tests/support/actions.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

// Issue 21: page reads reuse a session lookup for SESSION_CACHE_SECONDS; a session revoked, banned or
// demoted in another process stops working for pages within that bound, and at once for writes.

const APP = 'http://localhost:4574'
const WINDOW_SECONDS = 10
let ip = 1
const req = (method: 'GET' | 'POST', cookie = '') =>
	new Request(`${APP}/dashboard`, { method, headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${ip++}`, cookie } })

describe('session cache: the documented bound for revocations made elsewhere', () => {
	let handle: DbHandle
	beforeAll(async () => {
		process.env.APP_URL = APP
		process.env.SESSION_CACHE_SECONDS = String(WINDOW_SECONDS)
		resetEnvForTests()
		handle = await useTestDb()
	})
	afterEach(() => {
		vi.useRealTimers()
		forgetAllSessions()
	})
	afterAll(() => {
		delete process.env.APP_URL
		delete process.env.SESSION_CACHE_SECONDS
		resetEnvForTests()
	})

	async function signedIn(email: string, role: 'user' | 'admin' = 'user') {
		const created = await createAccount(handle.db, { email, password: 'cache-password-3391' })
		await handle.db.update(user).set({ role }).where(eq(user.id, created.id))
		const result = await signIn(req('POST'), email, 'cache-password-3391')
		if (!result.ok) throw new Error('sign-in failed')
		return { id: created.id, cookie: cookiesOf(result.headers) }
	}

	// Another process (or the CLI) ends the session: only the database changes, not this process's memory.
	const revokeElsewhere = (userId: string) => handle.db.delete(session).where(eq(session.userId, userId))

	it('a session ended elsewhere reads pages for at most the window, and writes nothing at once', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const learner = await signedIn('cache-revoked@example.test')
		expect((await getUser(req('GET', learner.cookie)))?.id).toBe(learner.id)
		await revokeElsewhere(learner.id)

		// Inside the window a page read still comes from the cache; a write asks the database.
		expect((await getUser(req('GET', learner.cookie)))?.id).toBe(learner.id)
		expect(await getUser(req('POST', learner.cookie))).toBeNull()

		vi.setSystemTime(Date.now() + WINDOW_SECONDS * 1000 + 1)
		expect(await getUser(req('GET', learner.cookie))).toBeNull()
	})

	it('a role removed elsewhere is gone from pages within the window', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const admin = await signedIn('cache-demoted@example.test', 'admin')
		expect((await getUser(req('GET', admin.cookie)))?.role).toBe('admin')
		await handle.db.update(user).set({ role: 'user' }).where(eq(user.id, admin.id))
		vi.setSystemTime(Date.now() + WINDOW_SECONDS * 1000 + 1)
		expect((await getUser(req('GET', admin.cookie)))?.role).toBe('user')
	})

	it("a ban ends the learner's pages at once in the process that made it (an admin write clears the cache)", async () => {
		const learner = await signedIn('cache-banned@example.test')
		const admin = await signedIn('cache-banner@example.test', 'admin')
		expect((await getUser(req('GET', learner.cookie)))?.id).toBe(learner.id)
		// What the admin plugin's ban does to the database: the user is marked and every session revoked.
		await handle.db.update(user).set({ banned: true }).where(eq(user.id, learner.id))
		await revokeElsewhere(learner.id)
		expect((await getUser(req('POST', admin.cookie)))?.role).toBe('admin')
		expect(await getUser(req('GET', learner.cookie))).toBeNull()
	})

	it("a learner's own write (a password change, signing out) ends their other sessions' pages at once here", async () => {
		const first = await signedIn('cache-two-devices@example.test')
		const again = await signIn(req('POST'), 'cache-two-devices@example.test', 'cache-password-3391')
		if (!again.ok) throw new Error('sign-in failed')
		const second = cookiesOf(again.headers)
		expect((await getUser(req('GET', second)))?.id).toBe(first.id)
		// The first device's action (say a password change) looks its session up, then ends every session.
		expect((await getUser(req('POST', first.cookie)))?.id).toBe(first.id)
		await revokeElsewhere(first.id)
		expect(await getUser(req('GET', second))).toBeNull()
	})
})
