import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { bodyLimits, bufferedBody } from './body-limits.ts'
import { createGate } from './gate.ts'

const limits = { form: 1024, json: 512, pack: 8192 }

function logSink() {
	const lines: { msg: string; data?: Record<string, unknown> }[] = []
	const push = (msg: string, data?: Record<string, unknown>) => void lines.push({ msg, data })
	return { lines, log: { info: push, warn: push, error: push } }
}

/** Raw HTTP, so a test decides exactly when each byte is sent. */
function connect(port: number) {
	const socket = net.connect(port, '127.0.0.1')
	let received = ''
	socket.on('data', (c) => (received += c.toString()))
	const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
	socket.on('error', () => {})
	return { socket, received: () => received, closed }
}

describe('body limits (before the request gate)', () => {
	let server: http.Server | undefined
	afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())))

	async function start(opts: { timeoutMs?: number; gateLimit?: number } = {}) {
		const sink = logSink()
		const seen: { path: string; body: string }[] = []
		const app = express()
		app.use(
			bodyLimits({
				limits,
				timeoutMs: opts.timeoutMs ?? 5_000,
				uploadTimeoutMs: opts.timeoutMs ?? 5_000,
				maxUploads: 1,
				isPackPath: (p) => p === '/upload',
				log: sink.log,
			}),
		)
		app.use(createGate({ limit: opts.gateLimit ?? 1 }))
		app.use((req, res) => {
			seen.push({ path: req.path, body: bufferedBody(req)?.toString() ?? '' })
			res.json({ ok: true, bytes: bufferedBody(req)?.length ?? 0 })
		})
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		return { port: (server.address() as AddressInfo).port, seen, sink }
	}

	it('hands the whole body, read into memory, to what comes after', async () => {
		const { port, seen } = await start()
		const res = await fetch(`http://127.0.0.1:${port}/login`, { method: 'POST', body: new URLSearchParams({ email: 'a@b.c', password: 'x' }) })
		expect(await res.json()).toEqual({ ok: true, bytes: 24 })
		expect(seen).toEqual([{ path: '/login', body: 'email=a%40b.c&password=x' }])
	})

	it('refuses a declared length over the cap at once, without reading the body, and closes the connection', async () => {
		const { port, seen, sink } = await start()
		const c = connect(port)
		c.socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n`)
		await c.closed
		expect(c.received()).toMatch(/^HTTP\/1.1 413/)
		expect(c.received()).toContain('"error":"errors.bodyTooLarge"')
		expect(c.received()).toMatch(/Connection: close/i)
		expect(seen).toEqual([])
		expect(sink.lines.map((l) => l.msg)).toEqual(['request body too large'])
	})

	it('a client still sending a body over the cap reads the 413, not a reset connection', async () => {
		const { port, seen } = await start()
		const c = connect(port)
		let error: string | undefined
		c.socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code))
		// 4 MB sent in one go: a server that answers and closes with these bytes unread resets the connection
		// under the client's feet (EPIPE / ECONNRESET, as the bad-input sweep met).
		c.socket.write(`POST /api HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`)
		c.socket.write(Buffer.alloc(4 * 1024 * 1024, 120))
		await c.closed
		expect(error).toBeUndefined()
		expect(c.received()).toMatch(/^HTTP\/1.1 413/)
		expect(seen).toEqual([])
	})

	it('counts the bytes of a chunked body (which declares no length) and cuts it off past the cap', async () => {
		const { port, seen } = await start()
		const c = connect(port)
		c.socket.write(`POST /api HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`)
		for (let i = 0; i < 4; i++) c.socket.write(`100\r\n${'x'.repeat(256)}\r\n`)
		await c.closed
		expect(c.received()).toMatch(/^HTTP\/1.1 413/)
		expect(seen).toEqual([])
	})

	it('cuts off a body that trickles in past its deadline with 408, and logs it', async () => {
		const { port, seen, sink } = await start({ timeoutMs: 300 })
		const c = connect(port)
		c.socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\n`)
		const drip = setInterval(() => c.socket.writable && c.socket.write('a'), 50)
		await c.closed
		clearInterval(drip)
		expect(c.received()).toMatch(/^HTTP\/1.1 408/)
		expect(c.received()).toContain('"error":"errors.requestTimeout"')
		expect(seen).toEqual([])
		expect(sink.lines[0]).toMatchObject({ msg: 'request body too slow', data: { kind: 'form', declared: 500 } })
	})

	it('holds no gate slot while a body streams in: other requests are served meanwhile', async () => {
		const { port, seen } = await start({ gateLimit: 1 })
		const slow = [connect(port), connect(port), connect(port)]
		for (const c of slow) c.socket.write(`POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\nabc`)
		const drip = setInterval(() => slow.forEach((c) => c.socket.writable && c.socket.write('a')), 20)
		for (let i = 0; i < 5; i++) expect((await fetch(`http://127.0.0.1:${port}/companies?x=${i}`)).status).toBe(200)
		// Every slow body was still on its way while the pages were answered.
		expect(slow.map((c) => c.received())).toEqual(['', '', ''])
		await Promise.all(slow.map((c) => c.closed))
		clearInterval(drip)
		expect(slow.every((c) => c.received().startsWith('HTTP/1.1 200'))).toBe(true)
		expect(seen.filter((s) => s.path === '/login').map((s) => s.body)).toEqual(Array(3).fill('abcaaaaaaaaaaaaaaaaa'))
	})

	it('gives the content pack cap only to a signed-in multipart upload on its path', async () => {
		const { port } = await start()
		const big = 'x'.repeat(4000)
		const post = (path: string, cookie?: string) =>
			fetch(`http://127.0.0.1:${port}${path}`, {
				method: 'POST',
				headers: { 'content-type': 'multipart/form-data; boundary=b', ...(cookie ? { cookie } : {}) },
				body: `--b\r\nContent-Disposition: form-data; name="f"\r\n\r\n${big}\r\n--b--\r\n`,
			})
		expect((await post('/upload', 'better-auth.session_token=abc')).status).toBe(200)
		expect((await post('/upload')).status).toBe(413)
		expect((await post('/elsewhere', 'better-auth.session_token=abc')).status).toBe(413)
	})
})
