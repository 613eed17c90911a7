import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { demo } from '#tests/support/fixtures.ts'
import { startPrivateServer, type PrivateServer } from '#tests/support/private-server.ts'

/**
 * What a stranger could do to the production build before issue 16, each tried against a server of our
 * own: starve every page with slow request bodies, guess passwords behind a proxy by writing their own
 * X-Forwarded-For, and, on a public address, sign in as the demo admin or read the outbox.
 */

/** A raw connection that sends a request head, then its body a byte at a time, as slowly as it likes. */
function trickler(port: number, head: string) {
	const socket = net.connect(port, '127.0.0.1')
	let received = ''
	let closed = false
	socket.on('data', (c) => (received += c.toString()))
	socket.on('error', () => {})
	socket.once('close', () => (closed = true))
	socket.write(head)
	const timer = setInterval(() => socket.writable && socket.write(head.includes('chunked') ? '1\r\na\r\n' : 'a'), 300)
	return {
		received: () => received,
		open: () => !closed && received === '',
		closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
		stop: () => (clearInterval(timer), socket.destroy()),
	}
}

test.describe('behind one proxy, with slow clients', () => {
	test.describe.configure({ mode: 'default' })
	let server: PrivateServer
	test.beforeAll(async () => {
		test.setTimeout(120_000)
		server = await startPrivateServer()
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	test('pages answer while many slow request bodies trickle in; the slow ones are cut off with 408 and logged', async ({ request }) => {
		test.setTimeout(90_000)
		const port = Number(new URL(server.baseURL).port)
		const slow = [
			...Array.from({ length: 16 }, () =>
				trickler(port, 'POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n'),
			),
			...Array.from({ length: 4 }, () =>
				trickler(
					port,
					'POST /forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
				),
			),
		]
		try {
			for (const page of ['/companies?x=1', '/login', '/companies?x=2', '/signup', '/readyz']) {
				const res = await request.get(server.baseURL + page)
				expect(res.status(), page).toBe(200)
				// Answered while every slow body was still on its way: they hold no slot of the request gate.
				expect(
					slow.filter((s) => !s.open()),
					`slow bodies done by the time ${page} answered`,
				).toEqual([])
			}
			// Each is cut off at its deadline (BODY_TIMEOUT_MS, 10 s), told why, and its connection closed.
			await Promise.all(slow.map((s) => s.closed))
			for (const s of slow) expect(s.received()).toMatch(/^HTTP\/1.1 408 /)
			expect(server.log().match(/"msg":"request body too slow"/g)).toHaveLength(20)
		} finally {
			for (const s of slow) s.stop()
		}
	})

	test('a body over its cap is refused before it is read, chunked or not', async ({ request }) => {
		const declared = await request.post(`${server.baseURL}/login`, {
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			data: 'x'.repeat(300 * 1024),
		})
		expect(declared.status()).toBe(413)
		expect(await declared.json()).toEqual({ ok: false, error: 'errors.bodyTooLarge' })
	})

	test("the client's own X-Forwarded-For entry is not its address: guessing one account's password is limited all the same", async ({ request }) => {
		const email = `target-${Date.now()}@example.test`
		const statuses: number[] = []
		let retryAfter: string | undefined
		for (let i = 0; i < 8; i++) {
			// The client writes a new address each time; the proxy appends the one it really saw.
			const res = await request.post(`${server.baseURL}/login`, {
				form: { email, password: `guess-${i}-password` },
				headers: { 'x-forwarded-for': `10.${i}.${i}.${i}, 203.0.113.9` },
				maxRedirects: 0,
			})
			statuses.push(res.status())
			if (res.status() === 429) retryAfter ??= res.headers()['retry-after']
		}
		expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429])
		expect(Number(retryAfter)).toBeGreaterThan(0)
	})
})

test.describe('on a public address', () => {
	test.describe.configure({ mode: 'default' })
	let server: PrivateServer
	test.beforeAll(async () => {
		test.setTimeout(120_000)
		server = await startPrivateServer({ APP_URL: 'http://learnchain.test' })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	test('no demo admin, no passwords on the sign-in page, no local tools even over loopback; the start says mail is not sent', async ({ request }) => {
		const login = await (await request.get(`${server.baseURL}/login`)).text()
		expect(login).toContain('name="password"')
		for (const secret of [demo.admin.password, demo.learner.password]) expect(login).not.toContain(secret)
		const admin = await request.post(`${server.baseURL}/login`, { form: demo.admin, maxRedirects: 0 })
		expect(admin.status()).toBe(400)
		for (const tool of ['/dev/mailbox', '/dev/mailbox.json', '/dev/db-digest']) expect((await request.get(server.baseURL + tool)).status(), tool).toBe(404)
		expect(server.log()).toContain('APP_URL is not a local address and SMTP_URL is not set')
	})
})

test('a setting that does not parse stops the start, naming the variable', async () => {
	const child = spawn(process.execPath, [path.resolve('scripts/start.mjs')], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: '3329',
			DATA_DIR: '/tmp/learnchain-bad-settings',
			MAX_CONCURRENT_REQUESTS: 'abc',
			TRUST_PROXY: 'sometimes',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (c) => (output += c))
	child.stderr.on('data', (c) => (output += c))
	const code = await new Promise<number | null>((resolve) => {
		const timer = setTimeout(() => (child.kill('SIGKILL'), resolve(null)), 30_000)
		child.once('exit', (c) => (clearTimeout(timer), resolve(c)))
	})
	expect(code).toBe(1)
	expect(output).toContain('Invalid environment')
	expect(output).toMatch(/must be a whole number\s+→ at MAX_CONCURRENT_REQUESTS/)
	expect(output).toContain('TRUST_PROXY')
})
