import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

// Admission control for the React Router handler: at most `limit` requests run their loaders and render
// at once; the rest wait in arrival order.
//
// Why: under load every request needs several database round trips, and on the embedded database those
// are served one at a time. With 50 requests interleaving, each query of each request goes to the back
// of a 50-deep queue, so most requests finish late together and some very late (bench: p99 8x the p50).
// Letting a few through at a time finishes each in a few round trips: the same throughput or better,
// with a p99 close to the p50 (numbers in docs/deploy.md and the issue 9 note).
//
// A slot is freed as soon as the response head is written, not when the body ends: a streamed answer
// (the tutor's SSE, a page streaming after its shell) has done its expensive part by then and must not
// hold the gate for its whole stream. Requests whose client goes away while queued never run. Request
// bodies are read before the gate (server/body-limits.ts), so a slow upload never holds a slot.

type GateStats = { running: number; queued: number; oldestWaitMs: number }
type Gate = RequestHandler & { stats: () => GateStats }

type Req = Pick<IncomingMessage, 'url'> & { path: string }
type Res = Pick<ServerResponse, 'writeHead' | 'once'>

export function createGate({ limit, bypass = () => false, now = Date.now }: { limit: number; bypass?: (req: Req) => boolean; now?: () => number }): Gate {
	let running = 0
	const queue: { start: () => void; since: number }[] = []

	const next = () => {
		while (running < limit && queue.length) queue.shift()?.start()
	}

	const gate = (req: Req, res: Res, proceed: () => void) => {
		if (!(limit > 0) || bypass(req)) return proceed()
		let state: 'queued' | 'running' | 'done' | 'gone' = 'queued'
		const release = () => {
			if (state !== 'running') return
			state = 'done'
			running--
			// The next request starts in a later turn of the event loop, not inside this one's chain of
			// callbacks: the loop must reach its I/O phase between requests, or new connections starve.
			setImmediate(next)
		}
		const waiter = {
			since: now(),
			start: () => {
				if (state !== 'queued') return
				state = 'running'
				running++
				const writeHead = res.writeHead
				res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
					release()
					return writeHead.apply(this, args)
				} as ServerResponse['writeHead']
				proceed()
			},
		}
		res.once('close', () => {
			if (state === 'queued') {
				state = 'gone'
				const i = queue.indexOf(waiter)
				if (i >= 0) queue.splice(i, 1)
			} else release()
		})
		// Straight in only when nobody is waiting: a slot freed a moment ago belongs to the oldest waiter.
		if (running < limit && queue.length === 0) waiter.start()
		else queue.push(waiter)
	}
	const stats = (): GateStats => ({ running, queued: queue.length, oldestWaitMs: queue[0] ? now() - queue[0].since : 0 })
	return Object.assign(gate as unknown as RequestHandler, { stats })
}

/**
 * `/readyz` answers 503 while the gate is starved (its oldest waiter has waited longer than `afterMs`):
 * the process is up, but pages are not being served, and a load balancer should send them elsewhere.
 * Otherwise the app's own readiness check (the database) answers. `/healthz` stays a liveness probe.
 */
export function reportStarvedGate(gate: Pick<Gate, 'stats'>, { afterMs = 10_000 }: { afterMs?: number } = {}): RequestHandler {
	return (req, res, next) => {
		if (req.path !== '/readyz') return next()
		const stats = gate.stats()
		if (stats.oldestWaitMs <= afterMs) return next()
		res.setHeader('Cache-Control', 'no-store')
		res.status(503).json({ status: 'starved', ...stats })
	}
}
