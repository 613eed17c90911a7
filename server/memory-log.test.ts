import { afterEach, describe, expect, it } from 'vitest'
import { startMemoryLog } from './memory-log.ts'
import type { Log } from './services.ts'

type Line = Record<string, number>

let stop = () => {}
afterEach(() => stop())

/** The first `count` memory lines a log taking them every 20 ms writes. */
function lines(count: number, keptPages?: () => number): Promise<Line[]> {
	const taken: Line[] = []
	return new Promise((resolve) => {
		const log = {
			info: (msg: string, fields: Line) => {
				if (msg !== 'memory') return
				taken.push(fields)
				if (taken.length === count) resolve(taken)
			},
		} as unknown as Log
		stop = startMemoryLog(log, 0.02, keptPages)
	})
}

describe('the memory line', () => {
	it('carries the kept pages apart from the rest of the memory outside the heap', async () => {
		const [line] = await lines(1, () => 3 * 1024 * 1024)
		expect(line).toMatchObject({ keptPagesMb: 3 })
		for (const field of ['rssMb', 'heapUsedMb', 'externalMb', 'heapAfterGcMb', 'externalAfterGcMb', 'keptPagesAfterGcMb'])
			expect(line![field], field).toBeTypeOf('number')
	})

	it('says 0 for the kept pages of a server that keeps none', async () => {
		const [line] = await lines(1)
		expect(line).toMatchObject({ keptPagesMb: 0, keptPagesAfterGcMb: 0 })
	})

	it('stops when asked', async () => {
		let written = 0
		stop = startMemoryLog({ info: () => written++ } as unknown as Log, 0.02)
		await new Promise((r) => setTimeout(r, 70))
		expect(written).toBeGreaterThan(0)
		stop()
		const before = written
		await new Promise((r) => setTimeout(r, 70))
		expect(written).toBe(before)
	})
})
