import { randomUUID } from 'node:crypto'
import { verifyPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, session, user } from '#db/schema.ts'
import { createAccount, setAdminRole } from '~/features/auth/accounts.server.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { DISABLED_AUTH_PATHS } from '~/features/auth/endpoints.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import en from '~/locales/en-US.json'
import pt from '~/locales/pt-BR.json'
import { action as authAction } from '~/routes/api/auth.ts'
import { action as forgotAction } from '~/routes/auth/forgot-password.tsx'
import { action as loginAction } from '~/routes/auth/login.tsx'
import { action as signupAction } from '~/routes/auth/signup.tsx'
import { action as updateAction } from '~/routes/auth/update-password.tsx'
import { postForm } from '#tests/support/actions.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

/** Sign-up, login and reset (issue 10, point 3): limits, no account enumeration, hashing, password rules. */

const APP = 'http://localhost:4571'
// Route actions take React Router's full argument object; these only read `request`.
type Action = (args: never) => Promise<unknown>

/** Calls a route action the way the server does, from the given client address. */
const post = (action: Action, path: string, form: Record<string, string>, ip = '198.51.100.7') => postForm(action, `${APP}${path}`, form, { ip })

describe('sign-up, login and password reset defences', () => {
	let h: DbHandle
	const known = { email: 'known@example.test', password: 'blue-anchor-77' }

	beforeAll(async () => {
		process.env.APP_URL = APP
		process.env.SIGNUP_RATE_LIMIT = '3'
		h = await useTestDb()
		const auth = await getAuth()
		await auth.api.signUpEmail({ body: { ...known, name: '' } })
		await h.db.update(user).set({ emailVerified: true }).where(eq(user.email, known.email))
	})
	afterAll(async () => {
		delete process.env.APP_URL
		delete process.env.SIGNUP_RATE_LIMIT
		resetEnvForTests()
		await h.close()
	})

	it('answers sign-up, login and reset the same whether or not the email is registered', async () => {
		const unknown = `ghost-${randomUUID().slice(0, 8)}@example.test`
		const pw = `pw-${randomUUID()}`
		const pairs = [
			[
				await post(signupAction, '/signup', { email: known.email, password: pw, confirmPassword: pw }, '198.51.100.1'),
				await post(signupAction, '/signup', { email: unknown, password: pw, confirmPassword: pw }, '198.51.100.1'),
			],
			[
				await post(loginAction, '/login', { email: known.email, password: 'wrong-password-1' }, '198.51.100.1'),
				await post(loginAction, '/login', { email: unknown, password: 'wrong-password-1' }, '198.51.100.1'),
			],
			[
				await post(forgotAction, '/forgot-password', { email: known.email }, '198.51.100.1'),
				await post(forgotAction, '/forgot-password', { email: unknown }, '198.51.100.1'),
			],
		]
		// The forms get back the address their visitor typed (to fill the field again); apart from that, the same.
		const answer = (r: Awaited<ReturnType<typeof post>>) => ({ ...r, data: { ...(r.data as object), email: undefined } })
		for (const [a, b] of pairs) expect(answer(a!)).toEqual(answer(b!))
		expect(pairs.map(([a]) => answer(a!).data)).toEqual([
			{ ok: true, success: 'auth.signup.checkEmail', email: undefined },
			{ ok: false, error: 'auth.errors.invalidCredentials', email: undefined },
			{ ok: true, success: 'auth.forgot.sent', email: undefined },
		])
	})

	it('limits sign-ups per client address', async () => {
		const attempt = (ip: string) => {
			const pw = `pw-${randomUUID()}`
			return post(signupAction, '/signup', { email: `new-${randomUUID().slice(0, 8)}@example.test`, password: pw, confirmPassword: pw }, ip)
		}
		const ip = '203.0.113.10'
		const results = [await attempt(ip), await attempt(ip), await attempt(ip), await attempt(ip)]
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429])
		expect(results[3]!.data).toMatchObject({ error: 'auth.errors.tooManyRequests' })
		// Another address is not affected.
		expect((await attempt('203.0.113.11')).status).toBe(200)
	})

	it('limits reset requests per client address (5 an hour), known and unknown emails alike', async () => {
		const ip = '203.0.113.20'
		const statuses = []
		for (let i = 0; i < 6; i++) statuses.push((await post(forgotAction, '/forgot-password', { email: i % 2 ? known.email : 'nobody@example.test' }, ip)).status)
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
	})

	it('limits failed logins per account and address, and then refuses even the right password', async () => {
		const ip = '203.0.113.30'
		for (let i = 0; i < 5; i++) expect((await post(loginAction, '/login', { email: known.email, password: `wrong-${i}-password` }, ip)).status).toBe(400)
		const blocked = await post(loginAction, '/login', known, ip)
		expect(blocked).toMatchObject({ status: 429, data: { error: 'auth.errors.tooManyAttempts' } })
		// The owner on another network still gets in.
		expect((await post(loginAction, '/login', known, '203.0.113.31')).status).toBe(302)
	})

	it('stores passwords only as the auth library’s salted hash', async () => {
		const [row] = await h.db
			.select({ password: account.password })
			.from(account)
			.innerJoin(user, eq(user.id, account.userId))
			.where(eq(user.email, known.email))
		expect(row!.password).not.toContain(known.password)
		expect(row!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
		expect(await verifyPassword({ hash: row!.password!, password: known.password })).toBe(true)
		expect(await verifyPassword({ hash: row!.password!, password: 'blue-anchor-78' })).toBe(false)
	})

	it('refuses passwords under 8 characters and common ones, at sign-up and reset, with a message in both languages', async () => {
		const short = await post(signupAction, '/signup', { email: 'short@example.test', password: 'a1b2c3', confirmPassword: 'a1b2c3' }, '203.0.113.40')
		expect(short).toMatchObject({ status: 400, data: { fields: { password: 'auth.errors.passwordTooShort' } } })
		for (const common of ['password1', 'Password123', 'qwertyuiop', 'sunshine2026!']) {
			const r = await post(signupAction, '/signup', { email: 'common@example.test', password: common, confirmPassword: common }, '203.0.113.40')
			expect(r, common).toMatchObject({ status: 400, data: { fields: { password: 'auth.errors.passwordTooCommon' } } })
			const u = await post(updateAction, '/update-password', { token: 'some-token', password: common, confirmPassword: common }, '203.0.113.40')
			expect(u, common).toMatchObject({ status: 400, data: { fields: { password: 'auth.errors.passwordTooCommon' } } })
		}
		// Nothing was created for the refused sign-ups.
		expect(await h.db.query.user.findFirst({ where: eq(user.email, 'common@example.test') })).toBeUndefined()
		expect(en.auth.errors.passwordTooCommon).toMatch(/too common/)
		expect(pt.auth.errors.passwordTooCommon).toMatch(/muito comum/)
	})

	it("closes the library's own credential endpoints over HTTP, while the app's calls still work", async () => {
		for (const path of DISABLED_AUTH_PATHS) {
			const request = new Request(`${APP}/api/auth${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: APP },
				body: JSON.stringify({ email: 'raw@example.test', password: 'password', name: '', newPassword: 'password', token: 'x' }),
			})
			const res = (await authAction({ request, params: {}, context: {} } as never)) as Response
			expect(res.status, path).toBe(404)
		}
		expect(await h.db.query.user.findFirst({ where: eq(user.email, 'raw@example.test') })).toBeUndefined()
		// The route action reaches the same endpoint from the server, unaffected.
		const pw = `pw-${randomUUID()}`
		expect((await post(signupAction, '/signup', { email: 'via-action@example.test', password: pw, confirmPassword: pw }, '203.0.113.50')).status).toBe(200)
		expect(await h.db.query.user.findFirst({ where: eq(user.email, 'via-action@example.test') })).toBeDefined()
	})

	it("keeps an admin's session away from the admin plugin's own endpoints: no impersonation or password setting around our checks", async () => {
		const boss = { email: 'boss@example.test', password: 'blue-anchor-boss-77', name: 'Boss', emailVerified: true }
		await createAccount(h.db, boss)
		await setAdminRole(h.db, boss.email, true)
		const auth = await getAuth()
		const { headers } = await auth.api.signInEmail({ body: { email: boss.email, password: boss.password }, returnHeaders: true })
		const cookie = headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
		const target = await h.db.query.user.findFirst({ where: eq(user.email, known.email) })
		const sessionsBefore = (await h.db.select().from(session)).length
		for (const [path, body] of [
			['/admin/set-user-password', { userId: target!.id, newPassword: 'a' }],
			['/admin/impersonate-user', { userId: target!.id }],
			['/admin/set-role', { userId: target!.id, role: 'admin' }],
		] as const) {
			const res = (await authAction({
				request: new Request(`${APP}/api/auth${path}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json', origin: APP, cookie },
					body: JSON.stringify(body),
				}),
				params: {},
				context: {},
			} as never)) as Response
			expect(res.status, path).toBe(404)
		}
		const [row] = await h.db.select({ password: account.password }).from(account).where(eq(account.userId, target!.id))
		expect(await verifyPassword({ hash: row!.password!, password: known.password })).toBe(true)
		expect((await h.db.query.user.findFirst({ where: eq(user.id, target!.id) }))!.role).toBe('user')
		expect((await h.db.select().from(session)).length).toBe(sessionsBefore)
	})

	it('gives the auth library the address the server worked out, not the forwarded header the client wrote', async () => {
		const request = new Request(`${APP}/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-learnchain-ip': '203.0.113.77', 'x-forwarded-for': '6.6.6.6' },
			body: new URLSearchParams(known),
		})
		const thrown = await loginAction({ request, params: {}, context: {} } as never).catch((r: unknown) => r)
		expect((thrown as Response).status).toBe(302)
		const target = await h.db.query.user.findFirst({ where: eq(user.email, known.email) })
		const sessions = await h.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, target!.id))
		expect(sessions.map((s) => s.ip)).toContain('203.0.113.77')
		expect(sessions.map((s) => s.ip)).not.toContain('6.6.6.6')
	})
})
