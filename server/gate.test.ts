import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import express from 'express'
import { createGate, reportStarvedGate } from './gate.ts'

type Gate = ((req: unknown, res: unknown, next: () => void) => void) & { stats: () => { running: number; queued: number; oldestWaitMs: number } }

/** A response stand-in: writeHead is what frees a slot, 'close' is the client going away. */
function fakeRes() {
	const res = new EventEmitter() as EventEmitter & { writeHead: (status: number) => void; heads: number }
	res.heads = 0
	res.writeHead = function () {
		this.heads++
	}
	return res
}
const req = (path = '/dashboard') => ({ path, url: path })
const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('request gate', () => {
	it('runs at most `limit` requests, then the waiting ones in arrival order as slots free', async () => {
		const gate = createGate({ limit: 2 }) as Gate
		const started: number[] = []
		const responses = [0, 1, 2, 3, 4].map((i) => {
			const res = fakeRes()
			gate(req(), res, () => started.push(i))
			return res
		})
		expect(started).toEqual([0, 1])
		expect(gate.stats()).toMatchObject({ running: 2, queued: 3 })

		responses[1]!.writeHead(200)
		await turn()
		expect(started).toEqual([0, 1, 2])
		responses[0]!.emit('close')
		responses[2]!.writeHead(200)
		await turn()
		expect(started).toEqual([0, 1, 2, 3, 4])
		expect(gate.stats()).toMatchObject({ running: 2, queued: 0 })
	})

	it('a request arriving just after a slot frees waits behind the ones already queued', async () => {
		const gate = createGate({ limit: 1 }) as Gate
		const started: string[] = []
		const first = fakeRes()
		gate(req(), first, () => started.push('first'))
		gate(req(), fakeRes(), () => started.push('waiting'))
		first.writeHead(200)
		// Before the freed slot is handed on, a newcomer arrives: it must not jump the queue.
		gate(req(), fakeRes(), () => started.push('newcomer'))
		await turn()
		expect(started).toEqual(['first', 'waiting'])
		expect(gate.stats()).toMatchObject({ running: 1, queued: 1 })
	})

	it('drops a waiting request whose client went away, and frees a slot once only', async () => {
		const gate = createGate({ limit: 1 }) as Gate
		const started: string[] = []
		const running = fakeRes()
		gate(req(), running, () => started.push('a'))
		const gone = fakeRes()
		gate(req(), gone, () => started.push('gone'))
		gate(req(), fakeRes(), () => started.push('c'))
		gone.emit('close')
		expect(gate.stats()).toMatchObject({ running: 1, queued: 1 })
		running.writeHead(200)
		running.emit('close')
		await turn()
		expect(started).toEqual(['a', 'c'])
		expect(gate.stats()).toMatchObject({ running: 1, queued: 0 })
	})

	it('lets bypassed paths through at once, and a limit of 0 turns the gate off', () => {
		const gate = createGate({ limit: 1, bypass: (r: { path: string }) => r.path === '/healthz' }) as Gate
		const started: string[] = []
		gate(req(), fakeRes(), () => started.push('page'))
		gate(req(), fakeRes(), () => started.push('queued page'))
		gate(req('/healthz'), fakeRes(), () => started.push('probe'))
		expect(started).toEqual(['page', 'probe'])

		const off = createGate({ limit: 0 }) as Gate
		const all: number[] = []
		for (let i = 0; i < 5; i++) off(req(), fakeRes(), () => all.push(i))
		expect(all).toEqual([0, 1, 2, 3, 4])
	})

	describe('on a real HTTP server', () => {
		let server: http.Server | undefined
		afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

		it('answers every request of a burst, never running more than the limit at once', async () => {
			const gate = createGate({ limit: 3 }) as Gate
			let inside = 0
			let most = 0
			const order: number[] = []
			server = http.createServer((rq, rs) =>
				gate(rq, rs, async () => {
					inside++
					most = Math.max(most, inside)
					order.push(Number(new URL(rq.url!, 'http://x').searchParams.get('i')))
					await new Promise((r) => setTimeout(r, 5))
					inside--
					rs.end('ok')
				}),
			)
			await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
			const { port } = server.address() as AddressInfo
			const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => fetch(`http://127.0.0.1:${port}/?i=${i}`).then((r) => r.text())))
			expect(answers).toEqual(Array(20).fill('ok'))
			expect(most).toBe(3)
			expect(order).toHaveLength(20)
			expect(gate.stats()).toMatchObject({ running: 0, queued: 0 })
		})
	})

	it('says how long the oldest waiter has waited', () => {
		let clock = 1_000
		const gate = createGate({ limit: 1, now: () => clock }) as unknown as Gate
		gate(req(), fakeRes(), () => {})
		expect(gate.stats().oldestWaitMs).toBe(0)
		gate(req(), fakeRes(), () => {})
		clock += 2_500
		gate(req(), fakeRes(), () => {})
		clock += 500
		expect(gate.stats()).toEqual({ running: 1, queued: 2, oldestWaitMs: 3_000 })
	})

	describe('readiness', () => {
		let server: http.Server | undefined
		afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

		it('/readyz answers 503 while the gate is starved, and goes on to the app otherwise', async () => {
			let stats = { running: 4, queued: 9, oldestWaitMs: 12_000 }
			const app = express()
			app.use(reportStarvedGate({ stats: () => stats }, { afterMs: 10_000 }))
			app.use((_req, res) => void res.json({ from: 'app' }))
			server = app.listen(0, '127.0.0.1')
			await new Promise((r) => server!.once('listening', r))
			const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
			const starved = await fetch(`${base}/readyz`)
			expect(starved.status).toBe(503)
			expect(await starved.json()).toEqual({ status: 'starved', running: 4, queued: 9, oldestWaitMs: 12_000 })
			// Liveness is another question: the process is up.
			expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ from: 'app' })
			stats = { running: 4, queued: 9, oldestWaitMs: 800 }
			const busy = await fetch(`${base}/readyz`)
			expect(busy.status).toBe(200)
			expect(await busy.json()).toEqual({ from: 'app' })
		})
	})
})
