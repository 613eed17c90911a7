import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks'
import type { Log } from './services.ts'

/**
 * MEMORY_LOG_SECONDS: a 'memory' line every so often, to tell a leak from a heap that is merely big:
 * besides RSS and the current heap, what was left right after the last full collection (the live data)
 * and `external` at that moment (PGlite's WebAssembly memory and buffers). npm run soak uses it.
 */
export function startMemoryLog(log: Log, everySeconds: number) {
	if (!(everySeconds > 0)) return
	const mb = (n: number) => Math.round(n / 104857.6) / 10
	let afterGc = { heap: 0, external: 0 }
	let fullGcs = 0
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue
			afterGc = { ...afterGc, heap: process.memoryUsage().heapUsed }
			fullGcs++
			// ArrayBuffers a collection frees are released a moment later.
			setTimeout(() => (afterGc = { ...afterGc, external: process.memoryUsage().external }), 250).unref()
		}
	}).observe({ entryTypes: ['gc'] })
	setInterval(() => {
		const m = process.memoryUsage()
		log.info('memory', {
			rssMb: mb(m.rss),
			heapUsedMb: mb(m.heapUsed),
			heapTotalMb: mb(m.heapTotal),
			externalMb: mb(m.external),
			arrayBuffersMb: mb(m.arrayBuffers),
			fullGcs,
			heapAfterGcMb: mb(afterGc.heap),
			externalAfterGcMb: mb(afterGc.external),
		})
	}, everySeconds * 1000).unref()
}
