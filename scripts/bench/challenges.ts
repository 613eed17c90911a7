// The code-challenge part of `npm run bench`: grading through the production build's HTTP route
// (/resources/challenges/run, its worker threads, solc and the EVM), on the demo curriculum.
//
//   cold: the first run of a freshly started server (the worker thread starts and loads the compiler)
//   warm: runs one after another on a started worker, each with a new source (the result cache never answers)
//   load: 20 learners running tests at once for `duration` seconds, while /dashboard is measured beside them
//   memory: server RSS before any grading and at its peak under grading, per worker thread
import fs from 'node:fs'
import path from 'node:path'
import { openDatabase } from '#db/client.server.ts'
import { lessons } from '#db/schema.ts'
import { eq } from 'drizzle-orm'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { addLearner, createSessionCookies } from '../bench-data.ts'
import { runLoad, type RouteResult } from './http.ts'
import { percentile } from './stats.ts'
import { sampleRss, startAppServer, type Proc } from './processes.ts'

export type ChallengeBench = {
	workers: number
	challenge: string
	coldMs: { samples: number[]; p50: number; p95: number }
	warmMs: { runs: number; p50: number; p95: number; max: number }
	load: { learners: number; seconds: number; runs: number; runsPerSec: number; p50Ms: number; p95Ms: number; failed: number }
	dashboard: {
		idle: Pick<RouteResult, 'requestsPerSec' | 'p50Ms' | 'p99Ms'>
		grading: Pick<RouteResult, 'requestsPerSec' | 'p50Ms' | 'p99Ms'>
		p99Ratio: number
	}
	memory: { baselineRssMb: number; peakRssMb: number; perWorkerMb: number }
}

const rssMb = (pid: number) => {
	const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
	return m ? Math.round(Number(m[1]) / 1024) : 0
}

type Opts = {
	buildDir: string
	port: number
	logDir: string
	secret: string
	env: Record<string, string>
	log: (s: string) => void
	learners?: number
	seconds?: number
	coldSamples?: number
	warmRuns?: number
	workers: number
}

export async function benchChallenges(o: Opts): Promise<ChallengeBench> {
	const learners = o.learners ?? 20
	const seconds = o.seconds ?? 20
	const dataDir = path.join(o.logDir, 'data-challenges')
	fs.rmSync(dataDir, { recursive: true, force: true })
	const handle = await openDatabase({ dataDir })
	const tree = await readContentTree('content')
	const lesson = tree.flatMap((p) => p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons))).find((l) => l.slug === 'counter-with-events')!
	let lessonId: string
	let cookies: string[]
	try {
		await importCurriculum(handle.db, tree)
		const ids = Array.from({ length: learners + 10 }, (_, i) => `bench-coder-${i + 1}`)
		for (const id of ids) await addLearner(handle.db, id)
		cookies = await createSessionCookies(handle.db, ids, o.secret)
		lessonId = (await handle.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, 'counter-with-events')))[0]!.id
	} finally {
		await handle.close()
	}

	const env: Record<string, string> = {
		...o.env,
		DATA_DIR: dataDir,
		DATABASE_URL: '',
		SEED_DEMO: 'false',
		CHALLENGE_RATE_LIMIT: '1000000000',
		CHALLENGE_WORKERS: String(o.workers),
	}
	const start = () => startAppServer({ port: o.port, buildDir: o.buildDir, env, logDir: o.logDir })
	let seq = 0
	// A new source every time: a comment changes the hash, so the cache never answers and every run compiles.
	const source = () => `${lesson.challenge!.solution}\n// run ${seq++} ${Date.now()}\n`
	async function run(server: Proc, cookie: string) {
		const t0 = performance.now()
		const res = await fetch(`${server.url}/resources/challenges/run`, {
			method: 'POST',
			headers: { cookie, 'content-type': 'application/json', origin: env.APP_URL! },
			body: JSON.stringify({ lessonId, source: source() }),
		})
		const body = (await res.json().catch(() => null)) as { ok?: boolean; result?: { status: string; passed: number; total: number } } | null
		return { ms: performance.now() - t0, ok: res.status === 200 && body?.result?.status === 'tested' && body.result.passed === body.result.total }
	}

	// Cold: each sample is the first run after a fresh start of the server.
	const cold: number[] = []
	for (let i = 0; i < (o.coldSamples ?? 5); i++) {
		const server = await start()
		try {
			const r = await run(server, cookies[0]!)
			if (!r.ok) throw new Error('the cold run did not pass; see the server log')
			cold.push(Math.round(r.ms))
		} finally {
			await server.stop()
		}
	}
	o.log(`  cold runs (ms): ${cold.join(', ')}`)

	const server = await start()
	try {
		const dashboardSpec = {
			key: 'dashboard',
			label: '/dashboard (signed in)',
			signedIn: true,
			next: (c: number) => ({ path: '/dashboard', headers: { cookie: cookies[learners + (c % 10)]! } }),
		}
		// Pages first (their JIT warm), then the baseline memory with no worker started yet.
		const idle = await runLoad(dashboardSpec, [server.url], { connections: 10, duration: seconds, warmup: 3 })
		const baselineRssMb = rssMb(server.pid)
		o.log(`  /dashboard without grading: ${idle.requestsPerSec} req/s, p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms; RSS ${baselineRssMb} MB`)

		const memory = sampleRss([server.pid])
		const warm: number[] = []
		await run(server, cookies[0]!)
		for (let i = 0; i < (o.warmRuns ?? 30); i++) warm.push((await run(server, cookies[0]!)).ms)
		o.log(`  warm runs: p50 ${percentile(warm, 50)} ms, p95 ${percentile(warm, 95)} ms`)

		// 20 learners press Run as soon as their previous run answered, while /dashboard is measured beside them.
		const latencies: number[] = []
		let failed = 0
		const until = Date.now() + (seconds + 3) * 1000
		const graders = Array.from({ length: learners }, async (_, i) => {
			while (Date.now() < until) {
				const r = await run(server, cookies[i]!)
				latencies.push(r.ms)
				if (!r.ok) failed++
			}
		})
		// Measured from 3 s on, once the graders are busy; its connections are opened in those 3 s, as the idle run's were.
		const grading = await runLoad(dashboardSpec, [server.url], { connections: 10, duration: seconds, warmup: 3 })
		await Promise.all(graders)
		const peak = memory.stop()
		o.log(`  /dashboard while ${learners} learners grade: ${grading.requestsPerSec} req/s, p50 ${grading.p50Ms} ms, p99 ${grading.p99Ms} ms`)
		o.log(
			`  grading under load: ${latencies.length} runs, p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, ${failed} failed; peak RSS ${peak.peakMb} MB`,
		)
		const pick = (r: RouteResult) => ({ requestsPerSec: r.requestsPerSec, p50Ms: r.p50Ms, p99Ms: r.p99Ms })
		return {
			workers: o.workers,
			challenge: 'smart-contracts/solidity-basics/counter-with-events (6 tests, reference solution)',
			coldMs: { samples: cold, p50: percentile(cold, 50), p95: percentile(cold, 95) },
			warmMs: { runs: warm.length, p50: percentile(warm, 50), p95: percentile(warm, 95), max: Math.round(Math.max(...warm)) },
			load: {
				learners,
				seconds: seconds + 3,
				runs: latencies.length,
				runsPerSec: Math.round((latencies.length / (seconds + 3)) * 10) / 10,
				p50Ms: percentile(latencies, 50),
				p95Ms: percentile(latencies, 95),
				failed,
			},
			dashboard: { idle: pick(idle), grading: pick(grading), p99Ratio: Math.round((grading.p99Ms / Math.max(1, idle.p99Ms)) * 100) / 100 },
			memory: { baselineRssMb, peakRssMb: peak.peakMb, perWorkerMb: Math.round((peak.peakMb - baselineRssMb) / o.workers) },
		}
	} finally {
		await server.stop()
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
}

export function challengesTable(b: ChallengeBench) {
	return [
		'### Code challenges',
		'',
		`Grading through \`POST /resources/challenges/run\` of the production build (${b.workers} worker thread${b.workers > 1 ? 's' : ''}), typical challenge: ${b.challenge}; every run a new source, so the cache never answers.`,
		'',
		'| measure | value |',
		'|---|---:|',
		`| cold run (fresh server: worker start, compiler load, compile, 6 tests), p50 / p95 of ${b.coldMs.samples.length} | ${b.coldMs.p50} / ${b.coldMs.p95} ms |`,
		`| warm run, p50 / p95 / max of ${b.warmMs.runs} | ${b.warmMs.p50} / ${b.warmMs.p95} / ${b.warmMs.max} ms |`,
		`| ${b.load.learners} learners running tests at once (${b.load.seconds} s) | ${b.load.runsPerSec} runs/s, p50 ${b.load.p50Ms} ms, p95 ${b.load.p95Ms} ms, ${b.load.failed} failed |`,
		`| /dashboard p99 without grading / while they grade | ${b.dashboard.idle.p99Ms} / ${b.dashboard.grading.p99Ms} ms (${b.dashboard.p99Ratio}x; target 1.5x) |`,
		`| server RSS before grading / peak while grading | ${b.memory.baselineRssMb} / ${b.memory.peakRssMb} MB |`,
		`| peak memory per worker thread | ${b.memory.perWorkerMb} MB |`,
	].join('\n')
}
