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
// hold the gate for its whole stream. Requests whose client goes away while queued never run.

/**
 * @param {{ limit: number, bypass?: (req: import('node:http').IncomingMessage) => boolean }} opts
 * @returns {import('express').RequestHandler & { stats: () => { running: number, queued: number } }}
 */
export function createGate({ limit, bypass = () => false }) {
	let running = 0
	/** @type {Array<() => void>} */
	const queue = []

	const next = () => {
		while (running < limit && queue.length) {
			const start = queue.shift()
			start?.()
		}
	}

	/** @type {import('express').RequestHandler} */
	const gate = (req, res, proceed) => {
		if (!(limit > 0) || bypass(req)) return proceed()
		let state = 'queued' // -> 'running' -> 'done', or 'queued' -> 'gone'
		const release = () => {
			if (state !== 'running') return
			state = 'done'
			running--
			// The next request starts in a later turn of the event loop, not inside this one's chain of
			// callbacks: the loop must reach its I/O phase between requests, or new connections starve.
			setImmediate(next)
		}
		const start = () => {
			if (state !== 'queued') return
			state = 'running'
			running++
			const writeHead = res.writeHead
			res.writeHead = function (...args) {
				release()
				return writeHead.apply(this, args)
			}
			proceed()
		}
		res.once('close', () => {
			if (state === 'queued') {
				state = 'gone'
				const i = queue.indexOf(start)
				if (i >= 0) queue.splice(i, 1)
			} else release()
		})
		// Straight in only when nobody is waiting: a slot freed a moment ago belongs to the oldest waiter.
		if (running < limit && queue.length === 0) start()
		else queue.push(start)
	}
	return Object.assign(gate, { stats: () => ({ running, queued: queue.length }) })
}
