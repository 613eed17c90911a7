import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { freshDataDir, pgReachable, startServer, stopServer, throwawayDatabase, type ServerProcess } from '#tests/support/server-process.ts'
import { freePort } from '#tests/support/ports.ts'

/**
 * Scale-out, proven on one machine (issue 9): two production server processes on different ports share
 * one PostgreSQL database (a throw-away one on the local server) and nothing else, as N stateless
 * processes behind a load balancer would (docs/deploy.md).
 * - a session created through one process is valid on the other, and signing out on either ends it;
 * - login failures counted on one process hold on the other (the limit lives in the database).
 * Both processes start at the same moment, so the migrations (under an advisory lock) and the demo seed
 * meet on the empty database as they would in a rolling deploy.
 */

/** The session cookie a response sets, as a Cookie header. */
function sessionCookie(res: Response) {
	const cookie = res.headers
		.getSetCookie()
		.map((c) => c.split(';')[0]!)
		.find((c) => c.startsWith('better-auth.session_token='))
	expect(cookie, 'the sign-in sets a session cookie').toBeTruthy()
	return cookie!
}

// The address a load balancer reports for the client (TRUST_PROXY is on in these servers): the same
// client whichever process the balancer picks.
const client = () => ({ 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` })

const login = (server: ServerProcess, email: string, password: string, headers: Record<string, string>) =>
	fetch(`${server.baseURL}/login`, { method: 'POST', body: new URLSearchParams({ email, password }), headers, redirect: 'manual' })

if (await pgReachable()) {
	test.describe('two server processes on one PostgreSQL database', () => {
		test.describe.configure({ mode: 'serial' })
		let db: Awaited<ReturnType<typeof throwawayDatabase>>
		let a: ServerProcess
		let b: ServerProcess
		const dirs = [freshDataDir('two-process-a'), freshDataDir('two-process-b')]

		test.beforeAll(async () => {
			test.setTimeout(120_000)
			db = await throwawayDatabase('two_process')
			;[a, b] = await Promise.all([
				startServer({ port: await freePort(), dataDir: dirs[0]!, databaseUrl: db.url }),
				startServer({ port: await freePort(), dataDir: dirs[1]!, databaseUrl: db.url }),
			])
		})

		test.afterAll(async () => {
			await Promise.all([a && stopServer(a), b && stopServer(b)])
			await db?.drop()
			for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
		})

		test('a session created on one process is valid on the other, and a sign-out on either ends it', async () => {
			const headers = client()
			const signedIn = await login(a, 'learner@example.com', 'learner-demo-2026', headers)
			expect(signedIn.status, 'sign-in on process A').toBe(302)
			const cookie = sessionCookie(signedIn)

			const onB = await fetch(`${b.baseURL}/dashboard`, { headers: { ...headers, cookie }, redirect: 'manual' })
			expect(onB.status, 'the dashboard on process B, with the session from A').toBe(200)
			expect(await onB.text()).toContain('Demo Learner')

			const signedOut = await fetch(`${b.baseURL}/logout`, { method: 'POST', headers: { ...headers, cookie }, redirect: 'manual' })
			expect(signedOut.status, 'sign-out on process B').toBe(302)
			const onA = await fetch(`${a.baseURL}/dashboard`, { headers: { ...headers, cookie }, redirect: 'manual' })
			expect(onA.status, 'process A no longer accepts the session').toBe(302)
			expect(onA.headers.get('location')).toMatch(/^\/login/)
		})

		test('a sign-out on one process ends pages on the other within SESSION_CACHE_SECONDS (docs/security.md)', async () => {
			const headers = client()
			const cookie = sessionCookie(await login(a, 'learner@example.com', 'learner-demo-2026', headers))
			// Process A has read the session for a page, so it holds it in its session cache.
			expect((await fetch(`${a.baseURL}/dashboard`, { headers: { ...headers, cookie }, redirect: 'manual' })).status).toBe(200)
			const signedOut = await fetch(`${b.baseURL}/logout`, { method: 'POST', headers: { ...headers, cookie }, redirect: 'manual' })
			expect(signedOut.status, 'sign-out on process B').toBe(302)
			// The bound: the default window (10 s) and a margin for a busy machine.
			await expect
				.poll(async () => (await fetch(`${a.baseURL}/dashboard`, { headers: { ...headers, cookie }, redirect: 'manual' })).status, {
					timeout: 20_000,
					intervals: [1_000],
				})
				.toBe(302)
		})

		test('login failures counted on one process hold on the other', async () => {
			const headers = client()
			const email = `nobody-${randomUUID().slice(0, 8)}@example.test`
			// Five failures per account and address (limits.loginFailures), alternating between the processes.
			const statuses: number[] = []
			for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 ? b : a, email, 'wrong-password', headers)).status)
			expect(statuses, 'wrong passwords are answered 400 while under the limit').toEqual([400, 400, 400, 400, 400])
			// The sixth try is refused by both: neither process kept its own count.
			expect((await login(a, email, 'wrong-password', headers)).status, 'process A refuses').toBe(429)
			expect((await login(b, email, 'wrong-password', headers)).status, 'process B refuses').toBe(429)
			// Another client address is not locked out by the first one's failures.
			expect((await login(b, email, 'wrong-password', client())).status, 'another address may still try').toBe(400)
		})
	})
}
