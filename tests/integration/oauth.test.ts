import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, user } from '#db/schema.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { startSocialSignIn } from '~/features/auth/flows.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { startFakeGithub } from '#tests/support/fake-github.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

const APP = 'http://localhost:4568'

function cookiesFrom(headers: Headers) {
	return headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
}

describe('GitHub OAuth against a fake provider on 127.0.0.1', () => {
	let gh: Awaited<ReturnType<typeof startFakeGithub>>
	let h: DbHandle
	beforeAll(async () => {
		process.env.APP_URL = APP
		process.env.GITHUB_CLIENT_ID = 'gh-client-id'
		process.env.GITHUB_CLIENT_SECRET = 'gh-client-secret'
		h = await useTestDb()
		gh = await startFakeGithub({ id: 4242, login: 'octo', name: 'Octo Cat', email: 'octo@example.test' })
		gh.redirectFetch()
	})
	afterAll(async () => {
		delete process.env.GITHUB_CLIENT_ID
		delete process.env.GITHUB_CLIENT_SECRET
		delete process.env.APP_URL
		resetEnvForTests()
		await gh.close()
	})

	it('redirects to GitHub with our client id and callback, then signs in from the callback', async () => {
		const start = await startSocialSignIn(new Request(`${APP}/login-oauth`, { method: 'POST' }), 'github', '/dashboard/explore')
		if (!start.ok) throw new Error(start.error)
		const authorize = new URL(start.url!)
		expect(authorize.origin + authorize.pathname).toBe('https://github.com/login/oauth/authorize')
		expect(authorize.searchParams.get('client_id')).toBe('gh-client-id')
		expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/callback/github`)
		const state = authorize.searchParams.get('state')!

		// GitHub sends the browser back with a code; Better Auth exchanges it (real HTTP to the fake server).
		const auth = await getAuth()
		const callback = await auth.handler(
			new Request(`${APP}/api/auth/callback/github?code=good-code&state=${encodeURIComponent(state)}`, {
				headers: { cookie: cookiesFrom(start.headers) },
			}),
		)
		expect(callback.status).toBe(302)
		expect(callback.headers.get('location')).toBe('/auth/callback?redirectTo=%2Fdashboard%2Fexplore')
		expect(callback.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true)
		expect(gh.requests.some((r) => r.path.startsWith('/login/oauth/access_token') && r.body.includes('client_secret=gh-client-secret'))).toBe(true)

		const created = await h.db.query.user.findFirst({ where: eq(user.email, 'octo@example.test') })
		expect(created?.name).toBe('Octo Cat')
		const linked = await h.db.query.account.findFirst({ where: eq(account.userId, created!.id) })
		expect(linked?.providerId).toBe('github')
		expect(linked?.accountId).toBe('4242')
	})

	it('a bad code does not sign anyone in and lands on the error page', async () => {
		const start = await startSocialSignIn(new Request(`${APP}/login-oauth`, { method: 'POST' }), 'github', null)
		if (!start.ok) throw new Error(start.error)
		const state = new URL(start.url!).searchParams.get('state')!
		const auth = await getAuth()
		const callback = await auth.handler(
			new Request(`${APP}/api/auth/callback/github?code=bad-code&state=${encodeURIComponent(state)}`, {
				headers: { cookie: cookiesFrom(start.headers) },
			}),
		)
		expect(callback.status).toBe(302)
		expect(callback.headers.get('location')).toContain('/auth/callback?error=')
		expect(callback.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false)
	})
})

describe('GitHub sign-in with an address GitHub has not verified', () => {
	let gh: Awaited<ReturnType<typeof startFakeGithub>>
	let h: DbHandle
	const victim = { email: 'victim@example.test', password: 'blue-anchor-victim-77' }
	beforeAll(async () => {
		process.env.APP_URL = APP
		process.env.GITHUB_CLIENT_ID = 'gh-client-id'
		process.env.GITHUB_CLIENT_SECRET = 'gh-client-secret'
		h = await useTestDb()
		const auth = await getAuth()
		await auth.api.signUpEmail({ body: { ...victim, name: '' } })
		await h.db.update(user).set({ emailVerified: true }).where(eq(user.email, victim.email))
		// Anyone can add any address to a GitHub account; GitHub says whether it was verified.
		gh = await startFakeGithub({ id: 666, login: 'mallory', name: 'Mallory', email: victim.email }, { emailVerified: false })
		gh.redirectFetch()
	})
	afterAll(async () => {
		delete process.env.GITHUB_CLIENT_ID
		delete process.env.GITHUB_CLIENT_SECRET
		delete process.env.APP_URL
		resetEnvForTests()
		await gh.close()
		await h.close()
	})

	it('is not joined to the existing account of that address, and signs nobody in as its owner', async () => {
		const start = await startSocialSignIn(new Request(`${APP}/login-oauth`, { method: 'POST' }), 'github', null)
		if (!start.ok) throw new Error(start.error)
		const state = new URL(start.url!).searchParams.get('state')!
		const auth = await getAuth()
		const callback = await auth.handler(
			new Request(`${APP}/api/auth/callback/github?code=good-code&state=${encodeURIComponent(state)}`, {
				headers: { cookie: cookiesFrom(start.headers) },
			}),
		)
		expect(callback.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false)
		const owner = await h.db.query.user.findFirst({ where: eq(user.email, victim.email) })
		const accounts = await h.db.query.account.findMany({ where: eq(account.userId, owner!.id) })
		expect(accounts.map((a) => a.providerId)).toEqual(['credential'])
	})
})
