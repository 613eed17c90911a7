import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks'
import type { Log } from './services.ts'

/**
 * MEMORY_LOG_SECONDS: a 'memory' line every so often, to tell a leak from a heap that is merely big:
 * besides RSS and the current heap, what was left right after the last full collection (the live data)
 * and `external` at that moment (buffers; PGlite's WebAssembly memory is its worker thread's, not counted here), with
 * the kept pages' share of it (`keptPages`, their bytes): that cache fills up to its budget (KEPT_PAGES_MB), which
 * is not a leak. npm run soak uses it.
 */
export function startMemoryLog(log: Log, everySeconds: number, keptPages: () => number = () => 0): () => void {
	if (!(everySeconds > 0)) return () => {}
	const mb = (n: number) => Math.round(n / 104857.6) / 10
	let afterGc = { heap: 0, external: 0, kept: 0 }
	let fullGcs = 0
	const observer = new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue
			afterGc = { ...afterGc, heap: process.memoryUsage().heapUsed }
			fullGcs++
			// ArrayBuffers a collection frees are released a moment later.
			setTimeout(() => (afterGc = { ...afterGc, external: process.memoryUsage().external, kept: keptPages() }), 250).unref()
		}
	})
	observer.observe({ entryTypes: ['gc'] })
	const timer = setInterval(() => {
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
			keptPagesMb: mb(keptPages()),
			keptPagesAfterGcMb: mb(afterGc.kept),
		})
	}, everySeconds * 1000).unref()
	return () => {
		clearInterval(timer)
		observer.disconnect()
	}
}
