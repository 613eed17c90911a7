import { beforeEach, describe, expect, it, vi } from 'vitest'
import { requestContext } from '~/lib/request-context.server.ts'

// Counts the session lookups that reach Better Auth (each one costs the database a session and a user read).
const getSession = vi.fn(async ({ headers }: { headers: Headers }) =>
	headers.get('cookie')?.includes('session_token=good')
		? { user: { id: 'u1', email: 'u1@example.test', name: 'U1', emailVerified: true, role: 'user' } }
		: null,
)
vi.mock('./auth.server.ts', () => ({ getAuth: async () => ({ api: { getSession } }) }))

const { getUser, requireUser } = await import('./session.server.ts')
const { forgetAllSessions } = await import('./session-cache.server.ts')

// A page load's requests as loaders see them (the tests below use a new object for each, the harder case).
const page = (method = 'GET', cookie = 'better-auth.session_token=good') => new Request('http://localhost/dashboard', { method, headers: { cookie } })

describe('getUser', () => {
	beforeEach(() => {
		getSession.mockClear()
		forgetAllSessions()
	})

	it('looks the session up once per page load, however many loaders ask', async () => {
		await requestContext.run({ id: 'req-1' }, async () => {
			const users = await Promise.all([getUser(page()), getUser(page()), getUser(page())])
			expect(users.map((u) => u?.id)).toEqual(['u1', 'u1', 'u1'])
		})
		expect(getSession).toHaveBeenCalledTimes(1)
		// The next page read reuses this process's lookup (for SESSION_CACHE_SECONDS); a write asks again.
		await requestContext.run({ id: 'req-2' }, () => getUser(page()))
		expect(getSession).toHaveBeenCalledTimes(1)
		await requestContext.run({ id: 'req-2b' }, () => getUser(page('POST')))
		expect(getSession).toHaveBeenCalledTimes(2)
		// The write dropped this cookie's entry (it may have signed out or changed the user): the next read asks.
		await requestContext.run({ id: 'req-2c' }, () => getUser(page()))
		expect(getSession).toHaveBeenCalledTimes(3)
	})

	it('keeps different cookies apart within one request', async () => {
		await requestContext.run({ id: 'req-3' }, async () => {
			expect((await getUser(page()))?.id).toBe('u1')
			expect(await getUser(page('GET', 'better-auth.session_token=other'))).toBeNull()
		})
		expect(getSession).toHaveBeenCalledTimes(2)
	})

	it('does not share a lookup between the requests of a write, which may sign in or out', async () => {
		await requestContext.run({ id: 'req-4' }, async () => {
			await getUser(page('POST'))
			await getUser(page('POST'))
		})
		expect(getSession).toHaveBeenCalledTimes(2)
	})

	it('still memoises per Request object outside a request context', async () => {
		const request = page('POST')
		await getUser(request)
		await getUser(request)
		expect(getSession).toHaveBeenCalledTimes(1)
	})
})

describe('requireUser', () => {
	it("sends a visitor without a session to sign in and back to the page, never to the framework's data address", async () => {
		const asked = async (url: string) => {
			const answer = await requireUser(new Request(`http://localhost${url}`)).catch((r: unknown) => r as Response)
			return (answer as Response).headers.get('location')
		}
		// Loaders get the request as it came (future.v8_passThroughRequests): a navigation inside the app asks
		// for /x.data, with the loaders to run in _routes.
		expect(await asked('/dashboard/scoreboard.data?period=week&_routes=routes%2Fdashboard%2Fscoreboard')).toBe(
			`/login?redirectTo=${encodeURIComponent('/dashboard/scoreboard?period=week')}`,
		)
		expect(await asked('/dashboard/scoreboard?period=week')).toBe(`/login?redirectTo=${encodeURIComponent('/dashboard/scoreboard?period=week')}`)
	})
})
