import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runLoad, type RouteSpec } from './http.ts'

// A server whose first answer on each connection takes FIRST_MS and every later one none: what a burst of new
// connections looks like to a busy process (they are accepted one per turn of its event loop).
const FIRST_MS = 400
let server: http.Server
let url: string
/** Answers by path: each test asks its own, so a run's stragglers are not counted in the next. */
const served = new Map<string, number>()

beforeAll(async () => {
	const answered = new WeakSet<Socket>()
	server = http.createServer((req, res) => {
		const first = !answered.has(req.socket) && req.url !== '/healthz'
		answered.add(req.socket)
		setTimeout(
			() => {
				served.set(req.url!, (served.get(req.url!) ?? 0) + 1)
				res.end('ok')
			},
			first ? FIRST_MS : 0,
		)
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const spec = (path: string): RouteSpec => ({ key: 'page', label: 'page', next: () => ({ path }) })

describe('runLoad', () => {
	it('measures after the warm-up on the connections it opened, and reports their first answers apart', async () => {
		let started = 0
		const r = await runLoad(spec('/warmed'), [url], { connections: 4, duration: 1, warmup: 1, onMeasuredStart: () => started++ })
		expect(started).toBe(1)
		expect(r.firstWaveMs!.median).toBeGreaterThanOrEqual(FIRST_MS - 5)
		// Only answers on connections open throughout: none of the slow first ones.
		expect(r.p99Ms).toBeLessThan(FIRST_MS / 2)
		expect(r.requests).toBeGreaterThan(20)
		expect(r.requestsPerSec).toBeGreaterThan(20)
		expect(r.errors + r.non2xx).toBe(0)
		expect(r.newVisitorMs).toBeDefined()
		// The warm-up's answers were served and not counted.
		expect(served.get('/warmed')! - r.requests).toBeGreaterThan(20)
	})

	it('counts every answer from the first when there is no warm-up', async () => {
		const r = await runLoad(spec('/cold'), [url], { connections: 4, duration: 1 })
		expect(r.firstWaveMs!.median).toBeGreaterThanOrEqual(FIRST_MS - 5)
		// All but the requests still in flight when the run stopped (one per connection at most).
		expect(served.get('/cold')! - r.requests).toBeLessThanOrEqual(4)
		expect(r.requests).toBeGreaterThan(20)
	})
})
