import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { groupOf, profileReport, profilesOf, summarize, type CpuProfile } from './profile-summary.ts'

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 })

/**
 * A profile as V8 writes it, starting at 1,000 µs: one sample per entry of `run` ([node id, µs it lasts]), each
 * delta the gap since the sample before, then a last idle sample (V8's last sample has no length of its own).
 */
function profileOf(run: [number, number][]): CpuProfile {
	const nodes = [
		{ id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5, 6] },
		{ id: 2, callFrame: frame('renderElement', 'file:///x/node_modules/react-dom/cjs/server.js') },
		{ id: 3, callFrame: frame('matchRoutesImpl', 'file:///x/node_modules/react-router/dist/chunk.mjs') },
		{ id: 4, callFrame: frame('(garbage collector)') },
		{ id: 5, callFrame: frame('(idle)') },
		{ id: 6, callFrame: frame('loader', 'file:///x/build-perf/server/assets/server-build.js') },
	]
	return { nodes, startTime: 1000, endTime: 0, samples: [...run.map(([id]) => id), 5], timeDeltas: [0, ...run.map(([, us]) => us)] }
}

describe('profile summary', () => {
	it('groups code by what it is: React, React Router, the collector, the app', () => {
		expect(groupOf(frame('x', 'file:///a/node_modules/react-dom/cjs/x.js'))).toBe('React render')
		expect(groupOf(frame('x', 'file:///a/node_modules/@radix-ui/react-slot/dist/index.mjs'))).toBe('React render')
		expect(groupOf(frame('x', 'file:///a/node_modules/react-router/dist/x.mjs'))).toBe('React Router')
		expect(groupOf(frame('(garbage collector)'))).toBe('garbage collection')
		expect(groupOf(frame('x', 'wasm://wasm/022a9842'))).toBe('database engine (PGlite)')
		expect(groupOf(frame('x', 'file:///a/build-perf/server/assets/server-build.js'))).toBe('app code')
		expect(groupOf(frame('writev'))).toBe('HTTP stack')
		expect(groupOf(frame('writeBuffer'))).toBe('HTTP stack')
		expect(groupOf(frame('writeBuffer'), { worker: true })).toBe('file system')
		expect(groupOf(frame('fstat'))).toBe('file system')
		expect(groupOf(frame('x', 'node:internal/timers'))).toBe('other Node.js')
		expect(groupOf(frame('parse'))).toBe('other')
	})

	it('sums self time inside the window only, idle left out, per request', () => {
		// Samples at 1000, 1100, 1300, 1600, 2000 µs (each lasting until the next), the last lasting 500 µs.
		const profile = profileOf([
			[2, 100],
			[3, 200],
			[4, 300],
			[5, 400],
			[6, 500],
		])
		const all = summarize(profile, { key: 'k', label: 'k', from: 0, to: 10_000, requests: 2 })
		expect(all.busyMs).toBe(0.55) // (100 + 200 + 300 + 500) µs over 2 requests; the 400 µs idle left out
		expect(Object.fromEntries(all.groups)).toEqual({ 'app code': 0.25, 'garbage collection': 0.15, 'React Router': 0.1, 'React render': 0.05 })
		expect(all.top[0]).toEqual(['loader build-perf/server/assets/server-build.js:1', 0.25])
		// Samples taken from 1,100 to 1,300 µs: React Router's and the collector's.
		const cut = summarize(profile, { key: 'k', label: 'k', from: 1100, to: 1300, requests: 1 })
		expect(Object.fromEntries(cut.groups)).toEqual({ 'React Router': 0.2, 'garbage collection': 0.3 })
	})

	it('reads a process’s profiles from their names, main thread first, and reports each route', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profiles-'))
		const profile = profileOf([
			[2, 1000],
			[6, 1000],
		])
		fs.writeFileSync(path.join(dir, 'CPU.20261201.221144.42.1.002.cpuprofile'), JSON.stringify(profile))
		fs.writeFileSync(path.join(dir, 'CPU.20261201.221143.42.0.001.cpuprofile'), JSON.stringify(profile))
		fs.writeFileSync(path.join(dir, 'CPU.20261201.221143.43.0.001.cpuprofile'), JSON.stringify(profile))
		expect(profilesOf(dir, 42).map((p) => p.thread)).toEqual([0, 1])
		const report = profileReport(dir, [42], [{ key: 'd', label: '/dashboard', from: 0, to: 10_000, requests: 1 }])
		expect(report).toContain('| /dashboard | main | 2.00 | React render 1.00, app code 1.00 |')
		expect(report).toContain('| /dashboard | worker threads | 2.00 |')
		expect(profileReport(path.join(dir, 'none'), [42], [])).toMatch(/^No CPU profiles/)
		fs.rmSync(dir, { recursive: true })
	})
})
