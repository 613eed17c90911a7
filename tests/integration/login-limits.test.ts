import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '#db/schema.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { KNOWN_DEVICE_COOKIE } from '~/features/auth/known-device.server.ts'
import { namedLimits } from '~/features/security/limits.ts'
import { getEnv, resetEnvForTests } from '~/lib/env.server.ts'
import { action as loginAction } from '~/routes/auth/login.tsx'
import { cookiesOf, postForm } from '#tests/support/actions.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

/** Password guessing from many addresses (issue 16, point 2): the per-account limit, its exemption, its atomicity. */

const APP = 'http://localhost:4573'
const login = (form: Record<string, string>, opts: { ip?: string; cookie?: string } = {}) => postForm(loginAction, `${APP}/login`, form, opts)

describe('failed logins for one account, from any number of addresses', () => {
	let h: DbHandle
	const accounts = ['owner', 'racer', 'sprayed'].map((n) => ({ email: `${n}@example.test`, password: `blue-anchor-${n}-77` }))
	const [owner, racer, sprayed] = accounts as [(typeof accounts)[0], (typeof accounts)[0], (typeof accounts)[0]]

	beforeAll(async () => {
		process.env.APP_URL = APP
		h = await useTestDb()
		const auth = await getAuth()
		for (const a of accounts) {
			await auth.api.signUpEmail({ body: { ...a, name: '' } })
			await h.db.update(user).set({ emailVerified: true }).where(eq(user.email, a.email))
		}
	})
	afterAll(async () => {
		delete process.env.APP_URL
		resetEnvForTests()
		await h.close()
	})

	it('holds an account back after a few wrong passwords from rotating addresses, telling when to retry', async () => {
		const { max, windowSeconds } = namedLimits(getEnv()).loginAccount
		const statuses: number[] = []
		let refusal
		for (let i = 0; i < 15; i++) {
			const r = await login({ email: sprayed.email, password: `wrong-${i}-password` }, { ip: `203.0.113.${100 + i}` })
			statuses.push(r.status)
			if (r.status === 429) refusal ??= r
		}
		expect(statuses).toEqual([...Array(max).fill(400), ...Array(15 - max).fill(429)])
		expect(refusal!.data).toMatchObject({ error: 'auth.errors.tooManyAttempts' })
		const retryAfter = Number(refusal!.headers.get('retry-after'))
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
		// A stranger's right guess from yet another address is refused too: the limit is per account.
		expect((await login(sprayed, { ip: '203.0.113.250' })).status).toBe(429)
	})

	it("does not hold back the owner's own browser, one that signed in to the account before", async () => {
		const first = await login(owner, { ip: '198.51.100.20' })
		expect(first.status).toBe(302)
		const device = cookiesOf(first.headers)
			.split('; ')
			.find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`))!
		expect(device).toBeDefined()
		// A stranger spends the account's allowance from many addresses.
		for (let i = 0; i < 12; i++) await login({ email: owner.email, password: `guess-${i}-password` }, { ip: `192.0.2.${10 + i}` })
		expect((await login(owner, { ip: '198.51.100.21' })).status).toBe(429)
		// The owner, on the browser that signed in before, gets in; its cookie is worth nothing for another account.
		expect((await login(owner, { ip: '198.51.100.22', cookie: device })).status).toBe(302)
		expect((await login(sprayed, { ip: '198.51.100.23', cookie: device })).status).toBe(429)
		// A forged cookie is a stranger's.
		expect((await login(owner, { ip: '198.51.100.24', cookie: `${KNOWN_DEVICE_COOKIE}=abc.def` })).status).toBe(429)
	})

	it('counts parallel wrong passwords exactly: never more tries than the limit allows', async () => {
		const { max } = namedLimits(getEnv()).loginAccountAddress
		const results = await Promise.all(
			Array.from({ length: 20 }, (_, i) => login({ email: racer.email, password: `race-${i}-password` }, { ip: '198.51.100.30' })),
		)
		const statuses = results.map((r) => r.status)
		// Each try is counted before its password is checked: at most `max` are checked, whatever the timing
		// (a try refused in the race gives its counts back, so a few more may be refused than needed).
		const checked = statuses.filter((s) => s === 400).length
		expect(checked).toBeGreaterThan(0)
		expect(checked).toBeLessThanOrEqual(max)
		expect(statuses.filter((s) => s !== 400).every((s) => s === 429)).toBe(true)
		// Once the race is over, the count is exact: the next try is refused, none was lost.
		expect((await login({ email: racer.email, password: 'one-more-password' }, { ip: '198.51.100.30' })).status).toBe(checked < max ? 400 : 429)
	})
})
