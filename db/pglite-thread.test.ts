import { afterEach, describe, expect, it } from 'vitest'
import { PgliteThread } from './pglite-thread.ts'

// The worker is set before its engine is open (start() waits for 'ready' after it): calls that arrive in
// between (requests during a reopen after a fault) must wait for the engine, not fail. They failed once
// statements stopped going through PGlite's query(), which waits for it: learners were answered 401 while
// the engine reopened (e2e db-faults).

let thread: PgliteThread | undefined
afterEach(async () => {
	await thread?.close()
	thread = undefined
})

const untilRunning = async (t: PgliteThread) => {
	while (!t.running) await new Promise((r) => setImmediate(r))
}

describe('PgliteThread', () => {
	it('answers a statement sent while its engine is still opening, first start and after a crash', async () => {
		const faults: string[] = []
		const t = new PgliteThread(undefined, { timeoutMs: () => 30_000, onFault: (e) => faults.push(e.message), refusal: () => null })
		thread = t
		const first = t.start()
		await untilRunning(t)
		const early = t.query<{ n: number }>('SELECT $1::int AS n', [1])
		await first
		expect((await early).rows).toEqual([{ n: 1 }])

		await t.inject('crash')
		while (t.running) await new Promise((r) => setTimeout(r, 10))
		expect(faults).toEqual(['database worker exited (code 70)'])
		const again = t.start()
		await untilRunning(t)
		const during = t.query<{ n: number }>('SELECT $1::int AS n', [2])
		await again
		expect((await during).rows).toEqual([{ n: 2 }])
	})
})
