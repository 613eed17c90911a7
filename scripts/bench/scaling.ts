// Scaling rows: the server time of the dashboard, the scoreboard, the profile, the achievements and a path page as data grows, measured in-process
// through the production build's request handler (loaders, SQL and the React render; no sockets), so the
// numbers are the server's own cost, not the load generator's.
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { throwawayDatabase } from '#db/pg-admin.ts'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { learningPaths } from '#db/schema.ts'
import { resetAuthForTests } from '~/features/auth/auth.server.ts'
import { setDbHandleForTests } from '~/lib/db.server.ts'
import { addLearner, addScalingPath, createSessionCookies, fillBenchData, ISSUE_SIZE, setCompletions } from '../bench-data.ts'
import { median } from './stats.ts'

/** Per page: median wall time and median CPU time of the process (ms) for one request. */
export type Timing = { wallMs: number; cpuMs: number }
export type ScalingRow = {
	case: string
	dashboard: Timing
	scoreboard: Timing
	scoreboardWeek: Timing
	scoreboardPath: Timing
	profile: Timing
	achievements: Timing
	/** A path's page (its courses, the learner's counts and certificate state). */
	pathPage: Timing
}
export type ScalingResult = {
	runs: number
	completions: ScalingRow[]
	learners: ScalingRow[]
	/** Growth: the largest cost of a bigger case over a smaller one's, on CPU time (what the server spends; wall time also counts other processes' load). */
	ratios: {
		dashboardByCompletions: number
		scoreboardByCompletions: number
		dashboardByLearners: number
		scoreboardByLearners: number
		/** The profile, the achievements and a path page, the largest of the three. */
		learnerPagesByCompletions: number
		learnerPagesByLearners: number
	}
	wallRatios: ScalingResult['ratios']
	flat: boolean
	fillSeconds: number
}

/** A database per case: in-memory PGlite, or a throw-away database on the PostgreSQL server of `pgUrl`. */
async function freshDb(pgUrl: string | undefined): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
	// Filling 100,000 completions is one long statement: on a slow or busy machine it outlasts the serving
	// timeout (seen: the embedded fill stopped at 15 s), as the HTTP suites' fill already allows for.
	const faults = { queryTimeoutMs: 600_000 }
	if (!pgUrl) {
		const handle = await openDatabase({ dataDir: 'memory://', faults })
		return { handle, drop: () => handle.close() }
	}
	const database = await throwawayDatabase(pgUrl, 'learnchain_bench')
	const handle = await openDatabase({ databaseUrl: database.url, faults })
	return {
		handle,
		drop: async () => {
			await handle.close()
			await database.drop()
		},
	}
}

export async function measureScaling(opts: {
	buildDir: string
	pgUrl?: string
	runs: number
	secret: string
	log: (s: string) => void
}): Promise<ScalingResult> {
	const build = (await import(pathToFileURL(path.resolve(opts.buildDir, 'server/index.js')).href)) as ServerBuild
	const handler = createRequestHandler(build, 'production')
	// Like server/request-log.ts: each request runs in its own request context (request id, per-request memos).
	const context = (build.entry.module as { requestContext?: { run: <T>(store: { id: string }, fn: () => T) => T } }).requestContext
	let seq = 0
	const serve = (request: Request) => (context ? context.run({ id: `bench-${++seq}` }, () => handler(request)) : handler(request))

	/**
	 * Server time of one page: medians of `runs` requests after 5 warm-up ones, wall and CPU (in-process, single
	 * thread). Each request renders (`Cache-Control: no-cache`): a page asked again with the same data would
	 * otherwise come from the kept renders (app/lib/kept-renders.server.ts), and these rows measure what a page
	 * costs as the data grows, render included.
	 */
	async function serverTime(url: string, cookie: string): Promise<Timing> {
		const once = async () => {
			const c0 = process.cpuUsage()
			const t0 = performance.now()
			const res = await serve(
				new Request(`http://127.0.0.1${url}`, { headers: { cookie, 'x-learnchain-ip': '127.0.0.1', 'accept-language': 'en-US', 'cache-control': 'no-cache' } }),
			)
			await res.text()
			const wall = performance.now() - t0
			const cpu = process.cpuUsage(c0)
			if (res.status !== 200) throw new Error(`scaling: ${url} answered ${res.status}`)
			return { wall, cpu: (cpu.user + cpu.system) / 1000 }
		}
		for (let i = 0; i < 5; i++) await once()
		const wall: number[] = []
		const cpu: number[] = []
		for (let i = 0; i < opts.runs; i++) {
			const t = await once()
			wall.push(t.wall)
			cpu.push(t.cpu)
		}
		const round = (n: number) => Math.round(n * 100) / 100
		return { wallMs: round(median(wall)), cpuMs: round(median(cpu)) }
	}

	async function row(label: string, handle: DbHandle, userId: string, pathId: string): Promise<ScalingRow> {
		setDbHandleForTests(handle)
		resetAuthForTests()
		const [cookie] = await createSessionCookies(handle.db, [userId], opts.secret)
		const r = {
			case: label,
			dashboard: await serverTime('/dashboard', cookie!),
			scoreboard: await serverTime('/dashboard/scoreboard', cookie!),
			scoreboardWeek: await serverTime('/dashboard/scoreboard?period=week', cookie!),
			scoreboardPath: await serverTime(`/dashboard/scoreboard?tab=path&path=${pathId}`, cookie!),
			profile: await serverTime('/dashboard/profile', cookie!),
			achievements: await serverTime('/dashboard/achievements', cookie!),
			pathPage: await serverTime(`/dashboard/learn/path/${pathId}`, cookie!),
		}
		const fmt = (t: Timing) => `${t.cpuMs} ms CPU (${t.wallMs} wall)`
		opts.log(
			`  ${label}: dashboard ${fmt(r.dashboard)}; scoreboard ${fmt(r.scoreboard)}, week ${fmt(r.scoreboardWeek)}, path ${fmt(r.scoreboardPath)}; profile ${fmt(r.profile)}; achievements ${fmt(r.achievements)}; path page ${fmt(r.pathPage)}`,
		)
		return r
	}

	const firstPath = async (h: DbHandle) =>
		(await h.db.select({ id: learningPaths.id }).from(learningPaths).where(eq(learningPaths.slug, 'bench-path-1')))[0]!.id

	let fillMs = 0
	const learners: ScalingRow[] = []
	const completions: ScalingRow[] = []
	// Learners: 100 vs 2,000, each with the same 50 completions on the same 1,500-lesson catalog.
	for (const n of [100, ISSUE_SIZE.learners]) {
		const { handle, drop } = await freshDb(opts.pgUrl)
		try {
			const t0 = performance.now()
			await fillBenchData(handle.db, { ...ISSUE_SIZE, learners: n, completions: n * 50 })
			fillMs += performance.now() - t0
			// The first case ran first in a cold process (JIT, first plans), and read as the slowest of all: one
			// unmeasured pass over every page before anything counts.
			if (!learners.length) await row('warm-up', handle, 'bench-user-1', await firstPath(handle))
			learners.push(await row(`${n.toLocaleString('en-US')} learners`, handle, 'bench-user-1', await firstPath(handle)))
			if (n === ISSUE_SIZE.learners) {
				// Completions: one learner with 10, 1,000 and 100,000 on the full data set plus a 100,000-lesson path.
				const t1 = performance.now()
				await addScalingPath(handle.db, 100_000)
				await addLearner(handle.db, 'bench-scale-viewer')
				fillMs += performance.now() - t1
				for (const c of [10, 1_000, 100_000]) {
					const t2 = performance.now()
					await setCompletions(handle.db, 'bench-scale-viewer', c)
					await handle.db.execute(sql`ANALYZE`)
					fillMs += performance.now() - t2
					completions.push(await row(`learner with ${c.toLocaleString('en-US')} completions`, handle, 'bench-scale-viewer', await firstPath(handle)))
				}
			}
		} finally {
			await drop()
		}
	}
	// Growth, not spread: the largest cost of a bigger case over a smaller one's. A page that costs less on the
	// bigger data set (noise, or a warmer process) is flat, and max/min would have read it as growth.
	const ratio = (rows: ScalingRow[], k: Exclude<keyof ScalingRow, 'case'>, m: keyof Timing) => {
		const xs = rows.map((r) => r[k][m])
		let worst = 0
		xs.forEach((small, i) => xs.slice(i + 1).forEach((big) => (worst = Math.max(worst, big / small))))
		return Math.round(worst * 100) / 100
	}
	const ratiosOf = (m: keyof Timing) => ({
		dashboardByCompletions: ratio(completions, 'dashboard', m),
		scoreboardByCompletions: Math.max(ratio(completions, 'scoreboard', m), ratio(completions, 'scoreboardWeek', m), ratio(completions, 'scoreboardPath', m)),
		dashboardByLearners: ratio(learners, 'dashboard', m),
		scoreboardByLearners: Math.max(ratio(learners, 'scoreboard', m), ratio(learners, 'scoreboardWeek', m), ratio(learners, 'scoreboardPath', m)),
		learnerPagesByCompletions: Math.max(ratio(completions, 'profile', m), ratio(completions, 'achievements', m), ratio(completions, 'pathPage', m)),
		learnerPagesByLearners: Math.max(ratio(learners, 'profile', m), ratio(learners, 'achievements', m), ratio(learners, 'pathPage', m)),
	})
	const ratios = ratiosOf('cpuMs')
	return {
		runs: opts.runs,
		completions,
		learners,
		ratios,
		wallRatios: ratiosOf('wallMs'),
		flat: Object.values(ratios).every((r) => r <= 2),
		fillSeconds: Math.round(fillMs / 100) / 10,
	}
}
