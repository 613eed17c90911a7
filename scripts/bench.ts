// npm run bench — load and scaling figures of the production build. Prints Markdown, writes bench/results/latest.json.
//
//   npm run bench                         embedded database (PGlite); also PostgreSQL and two processes when DATABASE_URL is set
//   npm run bench -- --two-process        adds two server processes on one PostgreSQL (DATABASE_URL, or the local server)
//   npm run bench -- --duration=5         seconds per route (default 20, or BENCH_DURATION)
//   --warmup=3                            seconds of the same load before each measured run, not counted
//   --warm-pass=2                         seconds of load on every route, once per server, before the first measured run
//   npm run bench -- --only=scaling       only some parts: embedded-http, embedded-scaling, challenges, postgres-http,
//                                         postgres-scaling, two-process (comma-separated; prefixes match)
//   --challenge-learners=20 --challenge-seconds=20 --challenge-workers=N (code challenges; default: the server's own pool size)
//   --connections=50  --runs=30 (scaling medians)  --port=3400  --no-build (use BUILD_DIR as it is)
//   --routes=dashboard,scoreboard (only these routes)  --profile (CPU profiles of the servers in /tmp/learnchain-bench-<port>/profiles,
//                                         summed per route: scripts/bench/profile-summary.ts)
//
// Each HTTP suite fills a fresh database with the issue's data set (3 paths, 30 courses, 1,500 lessons,
// 2,000 learners, 100,000 completions), starts the production server as a child process (scripts/start.mjs
// with BUILD_DIR, default build-perf), measures a bare Node http server serving a static page of the same
// size in the same run, before the routes and after them (the ceiling of this machine: their mean): the
// landing's size for the public rows, the dashboard's for the signed-in ones (issue 21 measures against "a
// bare Node server answering the same dashboard HTML"; a landing-sized page answered 1.3 to 1.7 times
// slower here, so every signed-in ratio read that much better than it was: ADR 0020). It then runs
// every read route for a moment (a warm server), then runs autocannon on each route while sampling
// the server's RSS from /proc/<pid>/status. Each route's connections are opened once, at the start of its
// warm-up, and stay open into the measured part (latencies of clients connected throughout); the first
// request of each is reported apart (first wave), as is a new connection every 500 ms (new visitor).
// PostgreSQL suites use throw-away databases (CREATE DATABASE on the server of DATABASE_URL, dropped
// afterwards); the database named in DATABASE_URL is never written.
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { LOCAL_PG_URL, throwawayDatabase, withPgClient } from '#db/pg-admin.ts'
import { lockDataDir } from '#db/data-dir-lock.ts'
// @ts-expect-error plain ES module shared with scripts/lighthouse.mjs, without type declarations
import { ensureBuild } from './ensure-build.mjs'
import { ISSUE_SIZE } from './bench-data.ts'
import { fillDataSet, serverEnv as sharedServerEnv, type DataSet } from './bench/setup.ts'
import { preflight, routeSpecs, runLoad, type RouteResult, type RouteSpec } from './bench/http.ts'
import { cpuMs, sampleRss, startAppServer, startBareServer, type Proc } from './bench/processes.ts'
import type { ScalingResult } from './bench/scaling.ts'
import { benchChallenges, challengesTable } from './bench/challenges.ts'
import { profileClock, profileReport, type ProfileWindow } from './bench/profile-summary.ts'

const args = new Map(
	process.argv.slice(2).map((a) => {
		const [k, v] = a.replace(/^--/, '').split('=')
		return [k!, v ?? 'true'] as const
	}),
)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build-perf'
const DURATION = Number(args.get('duration') ?? process.env.BENCH_DURATION ?? 20)
const WARMUP = Number(args.get('warmup') ?? 3)
const WARM_PASS = Number(args.get('warm-pass') ?? 2)
const CONNECTIONS = Number(args.get('connections') ?? 50)
const RUNS = Number(args.get('runs') ?? process.env.BENCH_RUNS ?? 30)
const BASE_PORT = Number(args.get('port') ?? process.env.BENCH_PORT ?? 3400)
// The PostgreSQL server the PostgreSQL parts run on: DATABASE_URL, else the local one when asked for them.
const wantsPg = args.has('two-process') || /postgres|two-process/.test(args.get('only') ?? '')
const PG_URL = process.env.DATABASE_URL || (wantsPg ? LOCAL_PG_URL : undefined)
const SECRET = randomBytes(32).toString('hex')
const CERT_KEY = `0x${randomBytes(32).toString('hex')}`
const LOG_DIR = `/tmp/learnchain-bench-${BASE_PORT}`
const PROFILE_DIR = path.join(LOG_DIR, 'profiles')
const SIGNED_IN_USERS = 50

const only = args.get('only')?.split(',')
const parts = ['embedded-http', 'embedded-scaling', 'challenges', ...(PG_URL ? ['postgres-http', 'postgres-scaling', 'two-process'] : [])].filter(
	(p) => !only || only.some((o) => p.startsWith(o)),
)
if (args.has('two-process') && !parts.includes('two-process') && !only) parts.push('two-process')

const log = (s: string) => console.error(s)

/* ----------------------------------- databases ---------------------------------- */

type Prepared = DataSet & { env: Record<string, string>; drop: () => Promise<void> }

const throwawayPg = () => throwawayDatabase(PG_URL!, 'learnchain_bench')

/** Fills a fresh database with the issue's data set and signs in SIGNED_IN_USERS learners (one per connection). */
async function prepare(kind: 'pglite' | 'postgres'): Promise<Prepared> {
	const dataDir = path.join(LOG_DIR, `data-${kind}`)
	fs.rmSync(dataDir, { recursive: true, force: true })
	const pgDb = kind === 'postgres' ? await throwawayPg() : undefined
	const t0 = Date.now()
	const { cookies, targets } = await fillDataSet(pgDb ? { databaseUrl: pgDb.url } : { dataDir }, SECRET, SIGNED_IN_USERS)
	log(`  filled ${kind} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
	return {
		env: { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' },
		cookies,
		targets,
		drop: async () => {
			await pgDb?.drop()
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

/* ---------------------------------- HTTP suites --------------------------------- */

/** A bare server's answers per second for a static page of `bytes` (requestsPerSec: the mean of the runs before and after the routes). */
type Ceiling = { processes: number; bytes: number; requestsPerSec: number; before: number; after: number; p50Ms: number; p99Ms: number }

type HttpSuite = {
	processes: number
	database: 'pglite' | 'postgres'
	/** The ratios' denominators: a page of the landing's size for the public rows, of the dashboard's for the signed-in rows. */
	ceilings: { landing: Ceiling; dashboard: Ceiling }
	routes: RouteResult[]
	peakRssMb: number
	hwmRssMb: number
	checks?: { sessionAcrossProcesses: boolean; rateLimitShared: boolean }
	/** --profile: where each route's server time went (scripts/bench/profile-summary.ts), as Markdown. */
	profile?: string
	/** PostgreSQL only: sequential scans during the load on tables of more than 1,000 rows (a missing index shows here). */
	seqScans?: { table: string; rows: number; seqScans: number; seqRowsRead: number; indexScans: number }[]
}

/** Counters of pg_stat_user_tables: reset before the load, read after it. */
async function tableStats(url: string, reset: boolean) {
	return withPgClient(url, async (c) => {
		if (reset) {
			await c.query('SELECT pg_stat_reset()')
			return []
		}
		// Statistics reach the view with a short delay.
		await new Promise((r) => setTimeout(r, 1000))
		const { rows } = await c.query(
			`SELECT s.relname AS table, greatest(c.reltuples, s.n_live_tup)::int AS rows, s.seq_scan::int AS "seqScans", s.seq_tup_read::int AS "seqRowsRead",
				coalesce(s.idx_scan, 0)::int AS "indexScans"
			FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
			WHERE greatest(c.reltuples, s.n_live_tup) > 1000 ORDER BY s.seq_tup_read DESC`,
		)
		return rows as NonNullable<HttpSuite['seqScans']>
	})
}

const serverEnv = (origin: string) => sharedServerEnv({ secret: SECRET, certKey: CERT_KEY, origin })

/** A session made on one process is accepted by the other; login failures counted on both add up. */
async function crossProcessChecks(a: Proc, b: Proc) {
	const login = await fetch(`${a.url}/login`, {
		method: 'POST',
		body: new URLSearchParams({ email: 'learner@example.com', password: 'learner-demo-2026' }),
		redirect: 'manual',
	})
	const cookie = login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
	const onB = await fetch(`${b.url}/dashboard`, { headers: { cookie }, redirect: 'manual' })
	const sessionAcrossProcesses = login.status === 302 && onB.status === 200
	const email = `nobody-${randomUUID().slice(0, 8)}@bench.test`
	const statuses: number[] = []
	for (let i = 0; i < 6; i++) {
		const server = i % 2 ? b : a
		const res = await fetch(`${server.url}/login`, { method: 'POST', body: new URLSearchParams({ email, password: 'wrong-password' }), redirect: 'manual' })
		statuses.push(res.status)
	}
	// Five failures allowed per account and address (limits.loginFailures), counted on both: the sixth is refused.
	const rateLimitShared = statuses.slice(0, 5).every((s) => s === 400) && statuses[5] === 429
	log(
		`  session made on :${new URL(a.url).port} valid on :${new URL(b.url).port}: ${sessionAcrossProcesses}; login failures alternating: ${statuses.join(' ')}`,
	)
	return { sessionAcrossProcesses, rateLimitShared }
}

async function httpSuite(kind: 'pglite' | 'postgres', processes: 1 | 2, portBase: number): Promise<HttpSuite> {
	const prepared = await prepare(kind)
	const servers: Proc[] = []
	try {
		const origin = `http://127.0.0.1:${portBase}`
		for (let i = 0; i < processes; i++) {
			// --profile: a V8 CPU profile of each server process (written on exit) in LOG_DIR/profiles.
			const nodeArgs = args.has('profile') ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
			servers.push(await startAppServer({ port: portBase + i, buildDir: BUILD_DIR, env: { ...serverEnv(origin), ...prepared.env }, logDir: LOG_DIR, nodeArgs }))
		}
		const urls = servers.map((s) => s.url)
		const checks = processes === 2 ? await crossProcessChecks(servers[0]!, servers[1]!) : undefined
		const only = args.get('routes')?.split(',')
		const specs = routeSpecs(prepared.targets, prepared.cookies, origin).filter((r) => !only || only.includes(r.key) || r.key === 'landing')
		const bytesOf: Record<string, number> = {}
		for (const spec of specs) bytesOf[spec.key] = await preflight(spec, urls[0]!)
		// The signed-in rows' ceiling is the dashboard's size, asked for even when --routes leaves the dashboard out.
		const dashboard = routeSpecs(prepared.targets, prepared.cookies, origin).find((r) => r.key === 'dashboard')!
		bytesOf.dashboard ??= await preflight(dashboard, urls[0]!)
		const sizes = { landing: bytesOf.landing!, dashboard: bytesOf.dashboard }

		// The ceiling: as many bare processes as app processes, same connections and duration, same page size.
		// Measured before the routes and again after them, and their mean taken: a shared machine's speed drifts
		// over a suite (seen: 6,048 and 4,742 req/s in two runs 40 minutes apart), and a ratio to one end of it
		// would carry the drift.
		const measureCeiling = async (bytes: number) => {
			const bare: Proc[] = []
			for (let i = 0; i < processes; i++) bare.push(await startBareServer(portBase + 50 + i, bytes, LOG_DIR))
			const bareSpec: RouteSpec = { key: 'ceiling', label: 'bare node http', next: () => ({ path: '/' }) }
			const run = await runLoad(
				bareSpec,
				bare.map((b) => b.url),
				{ connections: CONNECTIONS, duration: DURATION, warmup: WARMUP },
			)
			for (const b of bare) await b.stop()
			log(`  ceiling (${processes} bare process${processes > 1 ? 'es' : ''}, ${bytes.toLocaleString('en-US')} bytes): ${run.requestsPerSec} req/s`)
			return run
		}
		const before = { landing: await measureCeiling(sizes.landing), dashboard: await measureCeiling(sizes.dashboard) }

		// A server that has been up for a while: every route under load once before any is measured. Without
		// it the first signed-in route measured paid for compiling the code all of them share (React Router,
		// React, the session and the database client): on a fresh process the dashboard served 198-225 req/s,
		// and 296 after the other routes had run once (same server, same data). Reads only: a write's requests
		// would complete the lessons its measured run completes next, and a second completion costs less.
		for (const spec of specs.filter((s) => (s.method ?? 'GET') === 'GET')) {
			await runLoad(spec, urls, { connections: CONNECTIONS, duration: WARM_PASS, host: new URL(origin).host })
		}

		const routes: RouteResult[] = []
		if (kind === 'postgres') await tableStats(prepared.env.DATABASE_URL!, true)
		const overall = sampleRss(servers.map((s) => s.pid))
		const windows: ProfileWindow[] = []
		for (const spec of specs) {
			const rss = sampleRss(servers.map((s) => s.pid))
			const pids = servers.map((s) => s.pid)
			let cpuAtStart = 0
			let from = 0
			const onMeasuredStart = () => {
				cpuAtStart = cpuMs(pids)
				from = profileClock()
			}
			const r = await runLoad(spec, urls, { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, host: new URL(origin).host, onMeasuredStart })
			windows.push({ key: spec.key, label: spec.label, from, to: profileClock(), requests: r.requests })
			r.cpuMsPerRequest = r.requests ? Math.round(((cpuMs(pids) - cpuAtStart) / r.requests) * 100) / 100 : undefined
			r.peakRssMb = rss.stop().peakMb
			routes.push(r)
			log(
				`  ${spec.label}: ${r.requestsPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors}, non-2xx ${r.non2xx}, CPU ${r.cpuMsPerRequest} ms/request, RSS ${r.peakRssMb} MB, new visitor ${r.newVisitorMs?.median}/${r.newVisitorMs?.max} ms, first wave ${r.firstWaveMs?.median}/${r.firstWaveMs?.max} ms`,
			)
		}
		const mem = overall.stop()
		const seqScans = kind === 'postgres' ? await tableStats(prepared.env.DATABASE_URL!, false) : undefined
		const after = { landing: await measureCeiling(sizes.landing), dashboard: await measureCeiling(sizes.dashboard) }
		const ceiling = (k: keyof typeof sizes): Ceiling => ({
			processes,
			bytes: sizes[k],
			requestsPerSec: Math.round((before[k].requestsPerSec + after[k].requestsPerSec) / 2),
			before: before[k].requestsPerSec,
			after: after[k].requestsPerSec,
			p50Ms: before[k].p50Ms,
			p99Ms: before[k].p99Ms,
		})
		const ceilings = { landing: ceiling('landing'), dashboard: ceiling('dashboard') }
		// A server writes its profile as it exits.
		let profile: string | undefined
		if (args.has('profile')) {
			for (const s of servers) await s.stop()
			profile = profileReport(
				PROFILE_DIR,
				servers.map((s) => s.pid),
				windows,
			)
		}
		for (const r of routes) {
			const signedIn = specs.find((spec) => spec.key === r.key)?.signedIn
			r.ratioToCeiling = Math.round((r.requestsPerSec / ceilings[signedIn ? 'dashboard' : 'landing'].requestsPerSec) * 10000) / 10000
		}
		return {
			processes,
			database: kind,
			ceilings,
			routes,
			peakRssMb: mem.peakMb,
			hwmRssMb: mem.hwmMb,
			checks,
			seqScans,
			profile,
		}
	} finally {
		for (const s of servers) await s.stop()
		await prepared.drop()
	}
}

/* ------------------------------------ report ------------------------------------ */

const ceilingText = (c: Ceiling, page: string) =>
	`**${c.requestsPerSec.toLocaleString('en-US')} req/s** at ${c.bytes.toLocaleString('en-US')} bytes (${page}; ${c.before.toLocaleString('en-US')} before, ${c.after.toLocaleString('en-US')} after, p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms before)`

function httpTable(title: string, s: HttpSuite) {
	const lines = [
		`### ${title}`,
		'',
		`${s.processes} server process${s.processes > 1 ? 'es' : ''} on ${s.database === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s of warm-up, once every route has run for ${WARM_PASS} s. Ceilings: ${s.ceilings.landing.processes} bare Node http process${s.ceilings.landing.processes > 1 ? 'es' : ''} serving a static page of the same size, the mean of a run before the routes and one after them: ${ceilingText(s.ceilings.landing, 'the landing')} for the public rows, ${ceilingText(s.ceilings.dashboard, 'the dashboard')} for the signed-in rows.`,
		'',
		'| route | req/s | p50 (ms) | p99 (ms) | errors | non-2xx | % of ceiling | server CPU per request (ms) | peak RSS (MB) | new visitor TTFB (ms, median / max) | first wave (ms, median / max) |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
		...s.routes.map(
			(r) =>
				`| ${r.label} | ${r.requestsPerSec.toLocaleString('en-US')} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${r.ratioToCeiling === undefined ? '' : `${(r.ratioToCeiling * 100).toFixed(1)}%`} | ${r.cpuMsPerRequest ?? ''} | ${r.peakRssMb} | ${r.newVisitorMs ? `${r.newVisitorMs.median} / ${r.newVisitorMs.max}` : ''} | ${r.firstWaveMs ? `${r.firstWaveMs.median} / ${r.firstWaveMs.max}` : ''} |`,
		),
		'',
		`Peak RSS of the server${s.processes > 1 ? 's (sum)' : ''} under this load: ${s.peakRssMb} MB sampled every 100 ms (VmHWM ${s.hwmRssMb} MB).`,
	]
	if (s.seqScans)
		lines.push(
			'',
			`Sequential scans during the load (tables over 1,000 rows): ${s.seqScans.map((t) => `${t.table} ${t.seqScans.toLocaleString('en-US')} scans / ${t.seqRowsRead.toLocaleString('en-US')} rows read (index scans ${t.indexScans.toLocaleString('en-US')})`).join('; ') || 'none'}.`,
		)
	if (s.profile)
		lines.push(
			'',
			'Where the server time went, from the CPU profiles (--profile), in ms of self time per request. A profiled server runs slower than the rows above say (the profiler takes its share), so read these as proportions:',
			'',
			s.profile,
		)
	if (s.checks)
		lines.push(
			'',
			`Session created on one process valid on the other: **${s.checks.sessionAcrossProcesses ? 'yes' : 'NO'}**. Login-failure limit counted across both: **${s.checks.rateLimitShared ? 'yes' : 'NO'}**.`,
		)
	return lines.join('\n')
}

function scalingTable(title: string, s: ScalingResult) {
	const t = (x: { cpuMs: number; wallMs: number }) => `${x.cpuMs} (${x.wallMs})`
	const row = (r: ScalingResult['completions'][number]) =>
		`| ${r.case} | ${t(r.dashboard)} | ${t(r.scoreboard)} | ${t(r.scoreboardWeek)} | ${t(r.scoreboardPath)} | ${t(r.profile)} | ${t(r.achievements)} | ${t(r.pathPage)} |`
	const w = s.wallRatios
	return [
		`### ${title}`,
		'',
		`Server time per request through the production request handler (loaders, SQL, React render), median of ${s.runs}: CPU ms of the server process (wall ms in brackets; wall time also counts the other processes on this shared machine).`,
		'',
		'| case | /dashboard | scoreboard, all time | scoreboard, this week | scoreboard, by path | profile | achievements | path page |',
		'|---|---:|---:|---:|---:|---:|---:|---:|',
		...s.completions.map(row),
		...s.learners.map(row),
		'',
		`Growth on CPU time (the largest cost of a bigger case over a smaller one's): dashboard ${s.ratios.dashboardByCompletions}x by completions, ${s.ratios.dashboardByLearners}x by learners; scoreboard ${s.ratios.scoreboardByCompletions}x by completions, ${s.ratios.scoreboardByLearners}x by learners; profile, achievements and path page ${s.ratios.learnerPagesByCompletions}x by completions, ${s.ratios.learnerPagesByLearners}x by learners (budget 2x): **${s.flat ? 'flat' : 'NOT flat'}**. On wall time: ${w.dashboardByCompletions}x, ${w.dashboardByLearners}x, ${w.scoreboardByCompletions}x, ${w.scoreboardByLearners}x, ${w.learnerPagesByCompletions}x, ${w.learnerPagesByLearners}x.`,
	].join('\n')
}

/* -------------------------------------- main ------------------------------------- */

// One bench per base port at a time: a second one would empty this one's data directories under it (seen: PGlite
// could not write its WAL), its servers could not bind, and both would build into one folder. The lock
// (LOG_DIR.lock, holding this pid) goes with the process; one left by a killed bench is taken over.
const unlock = lockDataDir(LOG_DIR)
process.once('exit', unlock)

ensureBuild(BUILD_DIR, { reuse: args.has('no-build'), log })
fs.mkdirSync(LOG_DIR, { recursive: true })
// An earlier bench's profiles would be read as this one's if a pid came round again.
if (args.has('profile')) fs.rmSync(PROFILE_DIR, { recursive: true, force: true })
// The in-process scaling rows import the build: its environment is read once, on first use.
// React picks its production or development build from NODE_ENV when first loaded, hence the late import.
Object.assign(process.env, {
	NODE_ENV: 'production',
	AUTH_SECRET: SECRET,
	APP_URL: 'http://127.0.0.1',
	DATA_DIR: path.join(LOG_DIR, 'scaling'),
	DATABASE_URL: '',
	SEED_DEMO: 'false',
	MAIL_OUTBOX: 'true',
	AI_BASE_URL: '',
	AI_API_KEY: '',
})
const { measureScaling } = await import('./bench/scaling.ts')

const loadStart = os.loadavg()
const results: Record<string, unknown> = {}
const report: string[] = []
for (const part of parts) {
	log(`\n== ${part} ==`)
	if (part === 'embedded-http') {
		const s = await httpSuite('pglite', 1, BASE_PORT)
		results.embedded = { ...(results.embedded as object), http: s }
		report.push(httpTable('HTTP load, embedded database', s))
	} else if (part === 'embedded-scaling') {
		const s = await measureScaling({ buildDir: BUILD_DIR, runs: RUNS, secret: SECRET, log })
		results.embedded = { ...(results.embedded as object), scaling: s }
		report.push(scalingTable('Scaling, embedded database (PGlite in memory)', s))
	} else if (part === 'challenges') {
		const { defaultPoolSize } = await import('~/features/challenges/grader.server.ts')
		const s = await benchChallenges({
			buildDir: BUILD_DIR,
			port: BASE_PORT + 30,
			logDir: LOG_DIR,
			secret: SECRET,
			env: serverEnv(`http://127.0.0.1:${BASE_PORT + 30}`),
			log,
			learners: Number(args.get('challenge-learners') ?? 20),
			seconds: Number(args.get('challenge-seconds') ?? DURATION),
			workers: Number(args.get('challenge-workers') ?? defaultPoolSize()),
		})
		results.challenges = s
		report.push(challengesTable(s))
		// Also on its own, so a run of this part alone (--only=challenges) keeps its figures next to latest.json.
		fs.mkdirSync('bench/results', { recursive: true })
		fs.writeFileSync(
			'bench/results/challenges.json',
			JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, loadAverage: os.loadavg() }, ...s }, null, 2) + '\n',
		)
	} else if (part === 'postgres-http') {
		const s = await httpSuite('postgres', 1, BASE_PORT + 10)
		results.postgres = { ...(results.postgres as object), http: s }
		report.push(httpTable('HTTP load, PostgreSQL', s))
	} else if (part === 'postgres-scaling') {
		const s = await measureScaling({ buildDir: BUILD_DIR, pgUrl: PG_URL, runs: RUNS, secret: SECRET, log })
		results.postgres = { ...(results.postgres as object), scaling: s }
		report.push(scalingTable('Scaling, PostgreSQL', s))
	} else if (part === 'two-process') {
		const s = await httpSuite('postgres', 2, BASE_PORT + 20)
		results.twoProcess = { http: s }
		report.push(httpTable('HTTP load, two processes on one PostgreSQL (connections round-robin)', s))
	}
}

const machine = {
	cpus: os.cpus().length,
	cpuModel: os.cpus()[0]?.model,
	memoryGb: Math.round(os.totalmem() / 2 ** 30),
	node: process.version,
	loadAverageAtStart: loadStart.map((n) => Math.round(n * 100) / 100),
	loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
}
const out = {
	date: new Date().toISOString(),
	settings: {
		connections: CONNECTIONS,
		durationSeconds: DURATION,
		warmupSeconds: WARMUP,
		warmPassSeconds: WARM_PASS,
		scalingRuns: RUNS,
		buildDir: BUILD_DIR,
		dataset: ISSUE_SIZE,
		signedInLearners: SIGNED_IN_USERS,
		parts,
	},
	machine,
	...results,
}
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/latest.json', JSON.stringify(out, null, 2) + '\n')
console.log(
	[
		`## Learnchain bench, ${out.date}`,
		'',
		`Data set: ${ISSUE_SIZE.paths} paths, ${ISSUE_SIZE.paths * ISSUE_SIZE.coursesPerPath} courses, ${(ISSUE_SIZE.paths * ISSUE_SIZE.coursesPerPath * ISSUE_SIZE.modulesPerCourse * ISSUE_SIZE.lessonsPerModule).toLocaleString('en-US')} lessons, ${ISSUE_SIZE.learners.toLocaleString('en-US')} learners, ${ISSUE_SIZE.completions.toLocaleString('en-US')} completions; ${SIGNED_IN_USERS} signed-in learners (one per connection).`,
		`Machine: ${machine.cpus} CPU (${machine.cpuModel}), shared: load average ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at the end. Figures are noisy.`,
		'',
		...report.flatMap((r) => [r, '']),
	].join('\n'),
)
console.error('\nwrote bench/results/latest.json')
