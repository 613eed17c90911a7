// Where a route's server time goes: the V8 CPU profiles the servers write under --profile (--cpu-prof), cut
// at each route's measured run and summed by what the code is (React's render, React Router, the HTTP stack,
// the database...), in milliseconds per request. Issue 21 asks for this summary before and after each change;
// one profile of a whole bench mixes every route, so the bench notes each run's start and end on the clock the
// profiles use (process.hrtime and V8's profile timestamps are both CLOCK_MONOTONIC, in one machine's time).
import fs from 'node:fs'
import path from 'node:path'

type CallFrame = { functionName: string; url: string; lineNumber: number }
export type CpuProfile = {
	nodes: { id: number; callFrame: CallFrame; children?: number[] }[]
	startTime: number
	endTime: number
	samples: number[]
	timeDeltas: number[]
}
/** A measured run: `from` and `to` in microseconds of process.hrtime. */
export type ProfileWindow = { key: string; label: string; from: number; to: number; requests: number }
export type ThreadSummary = { busyMs: number; groups: [string, number][]; top: [string, number][] }

/** Microseconds now, on the profiles' clock. */
export const profileClock = () => Number(process.hrtime.bigint() / 1000n)

const GROUPS: [string, RegExp][] = [
	['garbage collection', /^\(garbage collector\)$/],
	['React render', /node_modules\/(react|react-dom|@radix-ui\/[^/]+|tailwind-merge|class-variance-authority|clsx|scheduler)\//],
	['React Router', /node_modules\/(react-router|@react-router\/[^/]+|turbo-stream)\//],
	['Better Auth', /node_modules\/(better-auth|@better-auth\/[^/]+|better-call|jose|@noble\/[^/]+)\//],
	['database engine (PGlite)', /^wasm:|node_modules\/@electric-sql\/pglite\/|\/db\/pglite-(worker|statements)\.mjs$/],
	['database client', /node_modules\/(drizzle-orm|pg|pg-protocol|pg-pool|postgres-array|pg-types)\/|^\(postMessage\)$/],
	['logging', /node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|thread-stream)\//],
	[
		'HTTP stack',
		/node_modules\/(express|router|compression|negotiator|on-headers|on-finished|vary|accepts|compressible|body-parser|finalhandler|send|serve-static|express-static-gzip|statuses|content-type|type-is|mime-types|mime-db|qs|cookie)\/|^node:(_http|net|internal\/(deps\/undici|http|stream_base_commons|webstreams|streams))|^\((writev|writeBuffer|writeUtf8String)\)$/,
	],
	['app code', /\/build[^/]*\/(server|http)\//],
	['other Node.js', /^node:|^\(program\)$/],
]

/** File system calls: the embedded engine's files in its worker; on the main thread, a static file looked up. */
const FILE_CALLS = /^(stat|fstat|lstat|open|close|read)$/
/** Writes of one buffer: to a socket on the main thread, to the engine's files in its worker. */
const BUFFER_WRITES = /^(writeBuffer|writeString)$/

/** The group of a sample's function: by its file, else (builtins, the engine's own entries) by its name, in parentheses. */
export function groupOf(frame: CallFrame, { worker = false } = {}): string {
	if (!frame.url && (FILE_CALLS.test(frame.functionName) || (worker && BUFFER_WRITES.test(frame.functionName)))) return 'file system'
	const probe = frame.url || `(${frame.functionName.replace(/^\((.*)\)$/, '$1')})`
	for (const [name, pattern] of GROUPS) if (pattern.test(probe)) return name
	return 'other'
}

const where = (frame: CallFrame) => {
	const file = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(build[^/]*\/)/, '$1')
	return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim()
}

/** Self time of one thread's profile inside `window`, by group and by function (the `top` first), in ms per request. */
export function summarize(profile: CpuProfile, window: ProfileWindow, { top = 6, worker = false } = {}): ThreadSummary {
	const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
	const groups = new Map<string, number>()
	const fns = new Map<string, number>()
	let busy = 0
	let t = profile.startTime
	for (let i = 0; i < profile.samples.length; i++) {
		t += profile.timeDeltas[i] ?? 0
		if (t < window.from || t > window.to) continue
		// A sample stands for the time until the next one.
		const dt = profile.timeDeltas[i + 1] ?? 0
		const frame = frames.get(profile.samples[i]!)
		if (!frame || frame.functionName === '(idle)') continue
		busy += dt
		const g = groupOf(frame, { worker })
		groups.set(g, (groups.get(g) ?? 0) + dt)
		const f = where(frame)
		fns.set(f, (fns.get(f) ?? 0) + dt)
	}
	const perRequest = (us: number) => Math.round((us / 1000 / Math.max(1, window.requests)) * 1000) / 1000
	const sorted = (m: Map<string, number>, n: number) =>
		[...m]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(([k, v]): [string, number] => [k, perRequest(v)])
	return { busyMs: perRequest(busy), groups: sorted(groups, groups.size), top: sorted(fns, top) }
}

/** The profiles `--cpu-prof-dir` holds for `pid`: its main thread first, then its workers (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
export function profilesOf(dir: string, pid: number): { thread: number; profile: CpuProfile }[] {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.map((name) => ({ name, m: name.match(/^CPU\.\d+\.\d+\.(\d+)\.(\d+)\.\d+\.cpuprofile$/) }))
		.filter(({ m }) => m && Number(m[1]) === pid)
		.map(({ name, m }) => ({ thread: Number(m![2]), profile: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CpuProfile }))
		.sort((a, b) => a.thread - b.thread)
}

const ms = (v: number) => v.toFixed(2)

/**
 * Markdown: for each route, each thread's busy time per request and where it went (groups of at least 2 % of
 * it), and the functions that took most of it. Threads of several processes (two servers) are summed by kind.
 */
export function profileReport(dir: string, pids: number[], windows: ProfileWindow[]): string {
	const threads = pids.flatMap((pid) => profilesOf(dir, pid))
	if (!threads.length) return `No CPU profiles in ${dir}.`
	const lines = ['| route | thread | busy (ms/request) | where it goes (ms/request) | most self time (ms/request) |', '|---|---|---:|---|---|']
	for (const w of windows) {
		for (const kind of ['main', 'workers'] as const) {
			const mine = threads.filter((t) => (kind === 'main' ? t.thread === 0 : t.thread !== 0))
			if (!mine.length) continue
			const parts = mine.map((t) => summarize(t.profile, w, { worker: t.thread !== 0 }))
			const busy = parts.reduce((n, p) => n + p.busyMs, 0)
			if (busy === 0) continue
			const add = (pick: (s: ThreadSummary) => [string, number][]) => {
				const m = new Map<string, number>()
				for (const p of parts) for (const [k, v] of pick(p)) m.set(k, (m.get(k) ?? 0) + v)
				return [...m].sort((a, b) => b[1] - a[1])
			}
			const groups = add((s) => s.groups)
				.filter(([, v]) => v >= busy * 0.02)
				.map(([k, v]) => `${k} ${ms(v)}`)
				.join(', ')
			const top = add((s) => s.top)
				.slice(0, 4)
				.map(([k, v]) => `\`${k}\` ${ms(v)}`)
				.join(', ')
			lines.push(`| ${w.label} | ${kind === 'main' ? 'main' : 'worker threads'} | ${ms(busy)} | ${groups} | ${top} |`)
		}
	}
	return lines.join('\n')
}
