// HTTP load on the running server(s) with autocannon: one run per route, 50 connections, fixed duration.
import http from 'node:http'
import autocannon from 'autocannon'
import type { BenchTargets } from '../bench-data.ts'
import { median, percentile } from './stats.ts'

export type RouteSpec = {
	key: string
	label: string
	method?: 'GET' | 'POST'
	/** Per connection: the path, headers and body of the next request (lets each connection be its own learner). */
	next: (conn: number, seq: number) => { path: string; body?: string; headers?: Record<string, string> }
	signedIn?: boolean
}

export type RouteResult = {
	key: string
	label: string
	requestsPerSec: number
	p50Ms: number
	p99Ms: number
	requests: number
	errors: number
	non2xx: number
	ratioToCeiling?: number
	peakRssMb?: number
	/** Server CPU (user + system, all threads: the embedded database's worker included) per request, ms. */
	cpuMsPerRequest?: number
	/** Time to the first byte of /healthz on a new connection while the load runs (median and max, ms). */
	newVisitorMs?: { median: number; max: number }
	/** The first request of each of the run's connections, all opened at once at its start (median and max, ms). */
	firstWaveMs?: { median: number; max: number }
}

const FORM = 'application/x-www-form-urlencoded'

/** The routes and their variants (compressed, rendered every time, data only), each request as the browser sends it. */
export function routeSpecs(t: BenchTargets, cookies: string[], origin: string): RouteSpec[] {
	const cookie = (conn: number) => cookies[conn % cookies.length]!
	const lessonAt = (conn: number, seq: number) => t.lessons[(conn * 37 + seq) % t.lessons.length]!
	return [
		{ key: 'landing', label: 'student landing /', next: () => ({ path: '/' }) },
		{ key: 'companies', label: '/companies', next: () => ({ path: '/companies' }) },
		{
			// As a browser asks for it: compressed (from the HTML cache, gzipped from pieces deflated once: ADR 0016).
			key: 'landing-gzip',
			label: 'student landing / (gzip)',
			next: () => ({ path: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } }),
		},
		{ key: 'dashboard', label: '/dashboard (signed in)', signedIn: true, next: (c) => ({ path: '/dashboard', headers: { cookie: cookie(c) } }) },
		{
			key: 'player',
			label: 'course player',
			signedIn: true,
			next: (c) => ({ path: `/dashboard/learn/course/${t.courseId}?lesson=${t.lessonId}`, headers: { cookie: cookie(c) } }),
		},
		{
			// What 'complete and continue' posts (a fetcher action through React Router's single fetch).
			key: 'complete',
			label: 'complete and continue (write)',
			method: 'POST',
			signedIn: true,
			next: (c, s) => {
				const l = lessonAt(c, s)
				return {
					path: `/dashboard/learn/course/${l.courseId}.data`,
					body: `intent=complete&lessonId=${l.id}`,
					headers: { cookie: cookie(c), 'content-type': FORM, origin },
				}
			},
		},
		{ key: 'scoreboard', label: 'scoreboard', signedIn: true, next: (c) => ({ path: '/dashboard/scoreboard', headers: { cookie: cookie(c) } }) },
		{ key: 'profile', label: 'profile', signedIn: true, next: (c) => ({ path: '/dashboard/profile', headers: { cookie: cookie(c) } }) },
		{ key: 'achievements', label: 'achievements', signedIn: true, next: (c) => ({ path: '/dashboard/achievements', headers: { cookie: cookie(c) } }) },
		{ key: 'path', label: 'path page', signedIn: true, next: (c) => ({ path: `/dashboard/learn/path/${t.pathId}`, headers: { cookie: cookie(c) } }) },
		{
			// As a browser asks for it: compressed. The other rows ask without Accept-Encoding, like the bare ceiling.
			key: 'dashboard-gzip',
			label: '/dashboard (signed in, gzip)',
			signedIn: true,
			next: (c) => ({ path: '/dashboard', headers: { cookie: cookie(c), 'accept-encoding': 'gzip, deflate, br' } }),
		},
		{
			// A page never asked before: a query string of its own per request makes every render new, so this row
			// is the cost of rendering (plus keeping the page) that the rows above save when nothing changed
			// (app/lib/kept-renders.server.ts).
			key: 'dashboard-new',
			label: '/dashboard (signed in, rendered every time)',
			signedIn: true,
			next: (c, s) => ({ path: `/dashboard?n=${c}-${s}`, headers: { cookie: cookie(c) } }),
		},
		{
			key: 'player-new',
			label: 'course player (rendered every time)',
			signedIn: true,
			next: (c, s) => ({ path: `/dashboard/learn/course/${t.courseId}?lesson=${t.lessonId}&n=${c}-${s}`, headers: { cookie: cookie(c) } }),
		},
		{
			// As above with a hard reload (Cache-Control: no-cache): no part of the page comes from the kept
			// fragments either (components/kept-fragment.tsx), so this is every element rendered on every request.
			key: 'dashboard-cold',
			label: '/dashboard (signed in, every part rendered every time)',
			signedIn: true,
			next: (c, s) => ({ path: `/dashboard?n=${c}-${s}`, headers: { cookie: cookie(c), 'cache-control': 'no-cache' } }),
		},
		{
			key: 'player-cold',
			label: 'course player (every part rendered every time)',
			signedIn: true,
			next: (c, s) => ({
				path: `/dashboard/learn/course/${t.courseId}?lesson=${t.lessonId}&n=${c}-${s}`,
				headers: { cookie: cookie(c), 'cache-control': 'no-cache' },
			}),
		},
		{
			// What a click inside the app asks for: the page's data (React Router's single fetch), rendered in the browser.
			key: 'dashboard-data',
			label: '/dashboard.data (signed in, navigation inside the app)',
			signedIn: true,
			next: (c) => ({ path: '/dashboard.data', headers: { cookie: cookie(c) } }),
		},
		{
			key: 'tutor',
			label: 'POST /api/ai-chat (offline tutor)',
			method: 'POST',
			signedIn: true,
			next: (c, s) => ({
				path: '/api/ai-chat',
				body: JSON.stringify({ mode: 'chat', lessonId: lessonAt(c, s).id, messages: [{ role: 'user', content: 'How does the table in this section work?' }] }),
				headers: { cookie: cookie(c), 'content-type': 'application/json', origin },
			}),
		},
	]
}

/**
 * One autocannon run; `urls` may hold several servers (connections are spread round-robin over them).
 * `host`: the Host header every request carries, as a load balancer passes the public one on to each
 * process (React Router and the server compare a POST's Origin with it).
 */
export async function runLoad(
	spec: RouteSpec,
	urls: string[],
	opts: { connections: number; duration: number; host?: string; warmup?: number; onMeasuredStart?: () => void },
): Promise<RouteResult> {
	// One run on the same connections: a warm-up at the same load first, not counted, then the measured
	// part. A fresh process runs its JavaScript and PGlite's WebAssembly unoptimised for a few seconds, and
	// the first requests of 50 new connections wait on each other: Node accepts one connection per turn of
	// its event loop, so on a busy server they are let in one per turn (seen: up to 2 s, while requests on
	// open connections took under 0.5 s). The warm-up's connections stay open into the measured part, so
	// its latencies are those of 50 clients connected throughout; the first wave is reported on its own
	// (firstWaveMs), and new connections one at a time by the probe (newVisitorMs).
	const warmupMs = (opts.warmup ?? 0) * 1000
	const latencies: number[] = []
	const firstWave: number[] = []
	const seen = new WeakSet<object>()
	let measuring = warmupMs === 0
	let errors = 0
	let non2xx = 0
	let carriedOver = 0
	let probe: ReturnType<typeof probeNewConnections> | undefined
	let measuredFrom = performance.now()
	const start = () => {
		measuring = true
		measuredFrom = performance.now()
		opts.onMeasuredStart?.()
		probe = probeNewConnections(urls[0]!)
	}
	if (measuring) start()
	const timer = measuring ? undefined : setTimeout(start, warmupMs)
	const instance = load(spec, urls, { ...opts, duration: opts.duration + warmupMs / 1000 })
	instance.on('response', (client: object, statusCode: number, _bytes: number, responseTime: number) => {
		if (!seen.has(client)) {
			seen.add(client)
			firstWave.push(responseTime)
		}
		if (!measuring) return
		if (statusCode < 200 || statusCode >= 300) return void non2xx++
		// Every answer counts towards the rate, but a latency only when its request was sent in the measured
		// part: one sent during the warm-up waited behind the warm-up's slower answers (seen: 1.1 s in the
		// first measured second, under 0.45 s in the rest).
		if (performance.now() - responseTime >= measuredFrom) latencies.push(responseTime)
		else carriedOver++
	})
	instance.on('reqError', () => {
		if (measuring) errors++
	})
	await instance
	clearTimeout(timer)
	const seconds = (performance.now() - measuredFrom) / 1000
	const newVisitorMs = probe ? await probe.stop() : undefined
	const requests = latencies.length + carriedOver + non2xx
	return {
		newVisitorMs,
		firstWaveMs: summary(firstWave),
		key: spec.key,
		label: spec.label,
		requestsPerSec: Math.round(requests / seconds),
		p50Ms: percentile(latencies, 50),
		p99Ms: percentile(latencies, 99),
		requests,
		errors,
		non2xx,
	}
}

function summary(values: number[]) {
	if (!values.length) return { median: 0, max: 0 }
	const round = (n: number) => Math.round(n * 10) / 10
	return { median: round(median(values)), max: round(values.reduce((a, b) => Math.max(a, b))) }
}

/** An autocannon run: its promise of the summary, and its events (each response, each failed request). */
function load(spec: RouteSpec, urls: string[], opts: { connections: number; duration: number; host?: string }) {
	const host = opts.host ? { host: opts.host } : {}
	let conn = 0
	const run = autocannon({
		// autocannon takes several URLs (its types say one).
		url: (urls.length === 1 ? urls[0]! : urls) as string,
		connections: opts.connections,
		duration: opts.duration,
		timeout: 30,
		setupClient: (client) => {
			const c = conn++
			let seq = 0
			const first = spec.next(c, seq)
			client.setRequests([
				{
					method: spec.method ?? 'GET',
					path: first.path,
					headers: { ...host, ...first.headers },
					body: first.body,
					setupRequest: (req) => {
						const n = spec.next(c, seq++)
						return { ...req, path: n.path, headers: { ...req.headers, ...host, ...n.headers }, body: n.body }
					},
				},
			])
		},
	})
	// Without a callback autocannon returns its event emitter, made thenable (its types say a bare promise).
	return run as unknown as autocannon.Instance & PromiseLike<autocannon.Result>
}

/**
 * While a load runs, a new visitor every 500 ms: GET /healthz on a fresh connection, timed to its first
 * byte. Keep-alive clients must not starve newcomers (they did, for seconds, before the request gate, server/gate.ts).
 */
function probeNewConnections(base: string) {
	const times: number[] = []
	let running = true
	const once = () =>
		new Promise<void>((resolve) => {
			const t0 = performance.now()
			const req = http.get(`${base}/healthz`, { agent: false }, (res) => {
				times.push(performance.now() - t0)
				res.resume()
				res.on('end', resolve)
			})
			req.on('error', () => resolve())
		})
	const loop = (async () => {
		while (running) {
			await new Promise((r) => setTimeout(r, 500))
			if (running) await once()
		}
	})()
	return {
		stop: async () => {
			running = false
			await loop
			return summary(times)
		},
	}
}

/** Fails loudly before a long run when a route does not answer 200 (wrong cookie, missing data...). */
export async function preflight(spec: RouteSpec, url: string) {
	const n = spec.next(0, 0)
	const res = await fetch(url + n.path, { method: spec.method ?? 'GET', headers: n.headers, body: n.body, redirect: 'manual' })
	const text = await res.text()
	if (res.status !== 200) throw new Error(`${spec.label}: ${res.status} on ${n.path}\n${text.slice(0, 400)}`)
	return Buffer.byteLength(text)
}
