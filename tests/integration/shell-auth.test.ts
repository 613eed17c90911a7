import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import { session, user } from '#db/schema.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { changePassword, clearSessionCookies, requestPasswordReset, signIn, signOut } from '~/features/auth/flows.server.ts'
import { mailDeliveryFailing, resetMailTransport, sendMail } from '~/features/mail/mailer.server.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { cookiesOf } from '#tests/support/actions.ts'
import { freePort } from '#tests/support/ports.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

// Issue 19: sign-out always ends the visit, the signed-in password change, 'Failed to send reset email'.

const APP = 'http://localhost:4573'
let ip = 1
const request = (cookie?: string) =>
	new Request(`${APP}/x`, { method: 'POST', headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${ip++}`, ...(cookie ? { cookie } : {}) } })

describe('sign-out, password change', () => {
	let handle: DbHandle
	beforeAll(async () => {
		process.env.APP_URL = APP
		resetEnvForTests()
		handle = await useTestDb()
	})
	afterAll(() => {
		delete process.env.APP_URL
		resetEnvForTests()
	})

	it('clears the session cookies even when the server-side sign-out fails', async () => {
		const auth = await getAuth()
		const spy = vi.spyOn(auth.api, 'signOut').mockRejectedValueOnce(new Error('connection terminated'))
		const cookie = 'better-auth.session_token=abc.sig; better-auth.session_data=x; app_language=pt-BR'
		const set = (await signOut(request(cookie))).getSetCookie()
		spy.mockRestore()
		expect(set.map((c) => c.split('=')[0])).toEqual(['better-auth.session_token', 'better-auth.session_data'])
		expect(set.every((c) => /=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/.test(c))).toBe(true)
		// A __Secure- cookie can only be replaced by a Secure one.
		expect(clearSessionCookies(request('__Secure-better-auth.session_token=x')).getSetCookie()[0]).toMatch(/; Secure$/)
	})

	it('a signed-in password change ends every session; the new password signs in, the old one does not', async () => {
		const email = 'changer@example.test'
		const created = await createAccount(handle.db, { email, password: 'old-password-4821' })
		const first = await signIn(request(), email, 'old-password-4821')
		const second = await signIn(request(), email, 'old-password-4821')
		expect(first.ok && second.ok).toBe(true)
		const sessions = () => handle.db.select().from(session).where(eq(session.userId, created.id))
		expect(await sessions()).toHaveLength(2)

		const result = await changePassword(request(first.ok ? cookiesOf(first.headers) : ''), created.id, 'new-password-9137')
		expect(result.ok).toBe(true)
		if (result.ok) expect(result.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;'))).toBe(true)
		expect(await sessions()).toHaveLength(0)
		expect((await signIn(request(), email, 'old-password-4821')).ok).toBe(false)
		expect((await signIn(request(), email, 'new-password-9137')).ok).toBe(true)
	})

	it("answers 'Login failed' when signing in breaks on the way (not a wrong password)", async () => {
		const auth = await getAuth()
		const spy = vi.spyOn(auth.api, 'signInEmail').mockRejectedValueOnce(new TypeError('fetch failed'))
		const result = await signIn(request(), 'changer@example.test', 'whatever-password')
		spy.mockRestore()
		expect(result).toMatchObject({ ok: false, error: 'auth.errors.loginFailed', status: 500 })
	})

	it('gives an account without a password (a provider or wallet sign-up) one', async () => {
		const id = randomUUID()
		await handle.db.insert(user).values({ id, email: 'oauth-only@example.test', name: '', emailVerified: true })
		expect((await changePassword(request(), id, 'fresh-password-5510')).ok).toBe(true)
		expect((await signIn(request(), 'oauth-only@example.test', 'fresh-password-5510')).ok).toBe(true)
	})
})

describe("'Failed to send reset email'", () => {
	beforeAll(async () => {
		// A mail server that is not there: nothing listens on this port.
		process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`
		process.env.APP_URL = APP
		resetEnvForTests()
		resetMailTransport()
		await useTestDb()
	})
	afterAll(() => {
		delete process.env.SMTP_URL
		delete process.env.APP_URL
		resetEnvForTests()
		resetMailTransport()
	})

	it('is the answer while mail cannot leave, and only then', async () => {
		expect((await requestPasswordReset(request(), 'someone@example.test')).ok).toBe(true)
		await expect(sendMail({ to: 'a@example.test', subject: 's', text: 't', html: 'h' })).rejects.toThrow()
		expect(mailDeliveryFailing()).toBe(true)
		expect(await requestPasswordReset(request(), 'someone@example.test')).toEqual({ ok: false, error: 'auth.errors.resetFailed', status: 503 })
		expect(mailDeliveryFailing(Date.now() + 61_000)).toBe(false)
	})
})
