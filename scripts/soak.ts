// npm run soak [-- --duration 60 --warmup 60 --learners 100 --think-ms 1000 --port 3690 --pg]
// Mixed load from simulated learners against the production build: page reads, lesson completions,
// profile saves, AI tutor chat (the offline tutor: no provider configured) and applications, for a
// warm-up and then the measured duration. Then: zero 5xx, zero network errors (over the whole run),
// every acknowledged write in the database, and the server's memory flat over the measured duration:
// RSS sampled every second (median of the first vs the second half, reported), and the verdict on live
// memory from the server's own memory lines: the JS heap left right after full collections, and the
// memory outside the heap at those moments (buffers), may grow at most 25% and 10% (or 2 MB). The rendered pages the
// server keeps are counted apart: that cache fills up to its budget (KEPT_PAGES_MB) while the load runs, which
// is not a leak, and the soak checks it stays within it; what its count leaves out would show as growth.
// Writes bench/results/soak.json and exits 1 when a check fails. Not part of npm test.
//
// The learners are created with the account factory before the server starts (a fresh PGlite
// DATA_DIR, or with --pg a throw-away database on TEST_PG_URL's server, dropped afterwards); the server runs with
// its limits raised (tutor messages) and TRUST_PROXY, each learner sending from an address of its own.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { LOCAL_PG_URL, throwawayDatabase } from '#db/pg-admin.ts'
import { openDatabase, type Db } from '#db/client.server.ts'
import {
	applications,
	courses,
	learningPaths,
	lessons as lessonsTable,
	modules,
	tutorMessages,
	user,
	userProfiles,
	userProgress,
	xpLedger,
} from '#db/schema.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { NO_OUTSIDE_SERVICES } from './bench/setup.ts'

const { values: opts } = parseArgs({
	options: {
		duration: { type: 'string', default: process.env.SOAK_DURATION_S ?? '60' },
		warmup: { type: 'string', default: process.env.SOAK_WARMUP_S ?? '60' },
		learners: { type: 'string', default: process.env.SOAK_LEARNERS ?? '100' },
		port: { type: 'string', default: process.env.SOAK_PORT ?? '3690' },
		'think-ms': { type: 'string', default: process.env.SOAK_THINK_MS ?? '1000' },
		pg: { type: 'boolean', default: false },
		build: { type: 'boolean', default: false },
	},
})
const pgAdminUrl = opts.pg ? (process.env.TEST_PG_URL ?? LOCAL_PG_URL) : undefined

const DURATION_S = Number(opts.duration)
const LEARNERS = Number(opts.learners)
const PORT = Number(opts.port)
const THINK_MS = Number(opts['think-ms'])
const WARMUP_S = Number(opts.warmup)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const BASE = `http://127.0.0.1:${PORT}`
const PASSWORD = `soak-${randomBytes(8).toString('hex')}`
// Live heap: what ~100 requests in flight hold varies by about ±10% from one full collection to the
// next, so the bound is 25%; a per-request leak of a few KB still exceeds it within the minute.
const HEAP_GROWTH_LIMIT = 0.25
const GROWTH_LIMIT = 0.1
// The rest of the memory outside the heap is small (about 6 MB: buffers in flight at a collection) and swung
// between 5.8 and 7.3 MB with no trend within one run (--pg, 2026-11-29), so a growth under 2 MB is not read as
// a leak. A leak of 200 bytes a request passes it over the ~10,000 requests of a measured minute.
const EXTERNAL_FLOOR_MB = 2
// The kept pages' budget the server runs with (its default unless KEPT_PAGES_MB says otherwise).
const KEPT_PAGES_MB = Number(process.env.KEPT_PAGES_MB || 32)

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-soak-'))
const dataDir = path.join(workDir, 'data')
const logFile = path.join(workDir, 'server.log')

function say(msg: string) {
	console.log(`[soak] ${msg}`)
}

/* ----------------------------------- set-up ----------------------------------- */

if (opts.build || !fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
	say(`building into ${BUILD_DIR}...`)
	const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: process.env })
	if (r.status !== 0) process.exit(r.status ?? 1)
}

let databaseUrl: string | undefined
let dropDatabase = async () => {}
if (pgAdminUrl) {
	const database = await throwawayDatabase(pgAdminUrl, 'learnchain_soak')
	databaseUrl = database.url
	dropDatabase = database.drop
}
const target = { databaseUrl, dataDir }

type Lesson = { lessonId: string; courseId: string }
type Learner = { i: number; email: string; cookie: string; ip: string; next: number; profileSeq: number; ackedProfileSeq: number }

say(`preparing ${databaseUrl ? 'a PostgreSQL database' : `PGlite in ${dataDir}`}: content and ${LEARNERS} learners`)
const setup = await openDatabase(target)
await importCurriculum(setup.db, await readContentTree(path.resolve('content')))
const learners: Learner[] = []
for (let i = 0; i < LEARNERS; i++) {
	const email = `soak-${i}@example.test`
	await createAccount(setup.db, { email, password: PASSWORD, name: `Soak Learner ${i}`, emailVerified: true })
	learners.push({ i, email, cookie: '', ip: `10.50.${i >> 8}.${i & 255}`, next: i, profileSeq: 0, ackedProfileSeq: 0 })
}
const lessons: Lesson[] = await setup.db
	.select({ lessonId: lessonsTable.id, courseId: courses.id })
	.from(lessonsTable)
	.innerJoin(modules, and(eq(modules.id, lessonsTable.moduleId), eq(modules.isPublished, true)))
	.innerJoin(courses, and(eq(courses.id, modules.courseId), eq(courses.isPublished, true)))
	.innerJoin(learningPaths, and(eq(learningPaths.id, courses.pathId), eq(learningPaths.isPublished, true)))
	.where(eq(lessonsTable.isPublished, true))
	.orderBy(learningPaths.slug, courses.order, modules.order, lessonsTable.order)
await setup.close()

/* ----------------------------------- server ----------------------------------- */

const out = fs.openSync(logFile, 'w')
const server = spawn(process.execPath, ['scripts/start.mjs'], {
	stdio: ['ignore', out, out],
	env: {
		...process.env,
		NODE_ENV: 'production',
		BUILD_DIR,
		PORT: String(PORT),
		APP_URL: `http://localhost:${PORT}`,
		DATA_DIR: dataDir,
		DATABASE_URL: databaseUrl ?? '',
		...(databaseUrl ? { AUTH_SECRET: randomBytes(32).toString('hex'), CERT_SIGNER_KEY: `0x${randomBytes(32).toString('hex')}` } : {}),
		SEED_DEMO: 'true',
		MAIL_OUTBOX: 'true',
		KEPT_PAGES_MB: String(KEPT_PAGES_MB),
		TRUST_PROXY: 'true',
		...NO_OUTSIDE_SERVICES,
		// Raised limits: one learner chats far more than a person would in 10 minutes.
		TUTOR_RATE_LIMIT: '1000000',
		TUTOR_DAILY_TOKENS: '100000000',
		LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
		// The server's own view of its memory every second, including what survives full collections.
		MEMORY_LOG_SECONDS: '1',
	},
})
fs.closeSync(out)
const serverExit = new Promise<{ code: number | null; signal: string | null }>((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })))

for (let i = 0; ; i++) {
	if (server.exitCode !== null) throw new Error(`the server exited; see ${logFile}`)
	if (i > 1200) throw new Error(`the server did not become ready; see ${logFile}`)
	const ok = await fetch(`${BASE}/readyz`).then(
		(r) => r.ok,
		() => false,
	)
	if (ok) break
	await new Promise((r) => setTimeout(r, 100))
}
say(`server ready (pid ${server.pid}, log ${logFile})`)

/* ------------------------------------ load ------------------------------------ */

type Kind = 'login' | 'read' | 'complete' | 'profile' | 'chat' | 'application'
type Stats = { requests: number; statuses: Record<string, number>; latencies: number[]; networkErrors: number; unexpected: string[] }
const newStats = (): Stats => ({ requests: 0, statuses: {}, latencies: [], networkErrors: 0, unexpected: [] })
const stats: Record<Kind, Stats> = { login: newStats(), read: newStats(), complete: newStats(), profile: newStats(), chat: newStats(), application: newStats() }

const acked = { completes: [] as { email: string; lessonId: string }[], profiles: 0, chats: [] as string[], applications: [] as string[] }

async function call(kind: Kind, url: string, init: RequestInit & { learner?: Learner } = {}): Promise<{ status: number; text: string } | null> {
	const s = stats[kind]
	s.requests++
	const headers = new Headers(init.headers)
	if (init.learner) {
		headers.set('x-forwarded-for', init.learner.ip)
		if (init.learner.cookie) headers.set('cookie', init.learner.cookie)
	}
	const t0 = performance.now()
	try {
		const res = await fetch(`${BASE}${url}`, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
		const text = await res.text()
		s.latencies.push(performance.now() - t0)
		const bucket = `${Math.floor(res.status / 100)}xx`
		s.statuses[bucket] = (s.statuses[bucket] ?? 0) + 1
		if (res.status >= 400 && s.unexpected.length < 10) s.unexpected.push(`${init.method ?? 'GET'} ${url} -> ${res.status}: ${text.slice(0, 200)}`)
		if (kind === 'login') {
			const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!)
			if (init.learner && cookies.length) init.learner.cookie = cookies.join('; ')
		}
		return { status: res.status, text }
	} catch (error) {
		s.networkErrors++
		if (s.unexpected.length < 10) s.unexpected.push(`${init.method ?? 'GET'} ${url} -> ${error instanceof Error ? error.message : String(error)}`)
		return null
	}
}

const form = (values: Record<string, string>) => ({ body: new URLSearchParams(values), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
const json = (value: unknown, accept = 'application/json') => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json', accept } })
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

say(`signing in ${LEARNERS} learners`)
for (let i = 0; i < learners.length; i += 10) {
	await Promise.all(
		learners.slice(i, i + 10).map(async (l) => {
			const res = await call('login', '/login', { method: 'POST', learner: l, ...form({ email: l.email, password: PASSWORD }) })
			if (res?.status !== 302 || !l.cookie) throw new Error(`login failed for ${l.email}: ${res?.status}`)
		}),
	)
}

const READS = ['/dashboard', '/dashboard/explore', '/dashboard/scoreboard', '/dashboard/profile', '/dashboard/achievements', '/', 'lesson'] as const

async function act(l: Learner) {
	const r = Math.random()
	if (r < 0.5) {
		const page = pick(READS)
		const lesson = pick(lessons)
		const url = page === 'lesson' ? `/dashboard/learn/course/${lesson.courseId}?lesson=${lesson.lessonId}` : page
		await call('read', url, { learner: page === '/' ? { ...l, cookie: '' } : l })
	} else if (r < 0.7) {
		const lesson = lessons[l.next++ % lessons.length]!
		const res = await call('complete', `/dashboard/learn/course/${lesson.courseId}.data`, {
			method: 'POST',
			learner: l,
			...form({ intent: 'complete', lessonId: lesson.lessonId }),
		})
		if (res?.status === 200 && res.text.includes('"ok",true')) acked.completes.push({ email: l.email, lessonId: lesson.lessonId })
	} else if (r < 0.8) {
		const seq = ++l.profileSeq
		const res = await call('profile', '/dashboard/profile.data', {
			method: 'POST',
			learner: l,
			...json({ fullName: `Soak ${seq}`, country: pick(['BR', 'PT', 'US', 'DE']), city: `City ${seq}`, stacks: ['Solidity', `tag-${seq}`] }),
		})
		if (res?.status === 200 && res.text.includes('"ok",true')) {
			l.ackedProfileSeq = seq
			acked.profiles++
		}
	} else if (r < 0.9) {
		const question = `Soak question ${randomUUID()}: how do events and modifiers work?`
		const stream = Math.random() < 0.5
		const res = await call('chat', '/api/ai-chat', {
			method: 'POST',
			learner: l,
			...json(
				{ mode: 'chat', lessonId: pick(lessons).lessonId, messages: [{ role: 'user', content: question }] },
				stream ? 'text/event-stream' : 'application/json',
			),
		})
		const done = stream ? res?.text.includes('"type":"done"') : res?.text.includes('"reply"')
		if (res?.status === 200 && done) acked.chats.push(question)
	} else {
		const email = `soak-applicant-${randomUUID()}@example.test`
		const res = await call('application', '/resources/applications', {
			method: 'POST',
			learner: { ...l, cookie: '', ip: `10.60.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}` },
			...form({ type: pick(['professional', 'company', 'investor']), name: 'Soak Applicant', email, company: 'Soak Inc', website: '' }),
		})
		if (res?.status === 200 && res.text.includes('"ok":true')) acked.applications.push(email)
	}
}

const rss: { t: number; mb: number }[] = []
const started = Date.now()
const sampler = setInterval(() => {
	try {
		const m = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
		if (m) rss.push({ t: Math.round((Date.now() - started) / 1000), mb: Math.round(Number(m[1]) / 102.4) / 10 })
	} catch {
		// The server is gone; its exit is reported below.
	}
}, 1000)

say(`load: ${LEARNERS} learners, ${WARMUP_S} s warm-up then ${DURATION_S} s measured (think time 0-${THINK_MS} ms)`)
const deadline = started + (WARMUP_S + DURATION_S) * 1000
await Promise.all(
	learners.map(async (l) => {
		await new Promise((r) => setTimeout(r, Math.random() * THINK_MS))
		while (Date.now() < deadline) {
			await act(l)
			await new Promise((r) => setTimeout(r, Math.random() * THINK_MS))
		}
	}),
)
const elapsedS = (Date.now() - started) / 1000
clearInterval(sampler)

/* ----------------------------------- checks ----------------------------------- */

say('stopping the server (SIGTERM) and checking the writes')
server.kill('SIGTERM')
const exit = await serverExit

const check = await openDatabase({ ...target, migrate: false })
const db: Db = check.db
// Completions that earned their XP, as email|lesson.
const completed = new Set(
	(
		await db
			.select({ email: user.email, lessonId: userProgress.lessonId })
			.from(userProgress)
			.innerJoin(user, eq(user.id, userProgress.userId))
			.innerJoin(
				xpLedger,
				and(eq(xpLedger.userId, userProgress.userId), eq(xpLedger.sourceKind, 'lesson'), eq(xpLedger.sourceId, sql`${userProgress.lessonId}::text`)),
			)
			.where(eq(userProgress.status, 'completed'))
	).map((r) => `${r.email}|${r.lessonId}`),
)
const profiles = new Map(
	(await db.select({ email: user.email, name: userProfiles.fullName }).from(userProfiles).innerJoin(user, eq(user.id, userProfiles.userId))).map((r) => [
		r.email,
		Number(r.name!.replace('Soak ', '')),
	]),
)
const questions = new Set((await db.select({ content: tutorMessages.content }).from(tutorMessages).where(eq(tutorMessages.role, 'user'))).map((r) => r.content))
const replies = await db.$count(tutorMessages, eq(tutorMessages.role, 'assistant'))
const applicants = new Set((await db.select({ email: applications.email }).from(applications)).map((r) => r.email))
await check.close()
await dropDatabase()

const lost = {
	completes: acked.completes.filter((a) => !completed.has(`${a.email}|${a.lessonId}`)).length,
	profiles: learners.filter((l) => l.ackedProfileSeq > 0 && (profiles.get(l.email) ?? -1) < l.ackedProfileSeq).length,
	chats: acked.chats.filter((q) => !questions.has(q)).length,
	applications: acked.applications.filter((e) => !applicants.has(e)).length,
}

const median = (xs: number[]) => {
	const s = [...xs].sort((a, b) => a - b)
	return s.length ? s[Math.floor(s.length / 2)]! : 0
}
const pct = (xs: number[], p: number) => {
	const s = [...xs].sort((a, b) => a - b)
	return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!) : 0
}

const logLines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean)
const logLevels: Record<string, number> = {}
let unparsable = 0
type MemoryLine = {
	time: string
	rssMb: number
	heapUsedMb: number
	externalMb: number
	arrayBuffersMb: number
	fullGcs: number
	heapAfterGcMb: number
	externalAfterGcMb: number
	keptPagesMb?: number
	keptPagesAfterGcMb?: number
}
const memory: (MemoryLine & { t: number })[] = []
for (const line of logLines) {
	try {
		const entry = JSON.parse(line) as { level?: string; msg?: string } & MemoryLine
		logLevels[entry.level ?? 'none'] = (logLevels[entry.level ?? 'none'] ?? 0) + 1
		if (entry.msg === 'memory') memory.push({ ...entry, t: Math.round((Date.parse(entry.time) - started) / 1000) })
	} catch {
		unparsable++
	}
}
/** Median of a field over the first and the second half of the samples after warm-up. */
function halves<T extends { t: number }>(samples: T[], field: (s: T) => number) {
	const after = samples.filter((s) => s.t > WARMUP_S && s.t <= WARMUP_S + DURATION_S)
	const mid = Math.floor(after.length / 2)
	return { first: median(after.slice(0, mid).map(field)), second: median(after.slice(mid).map(field)) }
}
// Only samples taken after at least one full collection carry an after-collection value.
const collected = memory.filter((m) => m.fullGcs > 0)
const heap = halves(collected, (m) => m.heapAfterGcMb)
// process.memoryUsage().external counts the main thread's ArrayBuffers (PGlite's WebAssembly memory is its worker
// thread's); the kept pages are among them, counted by their bytes, and taken out here.
const kept = halves(collected, (m) => m.keptPagesAfterGcMb ?? 0)
const outside = halves(collected, (m) => Math.round((m.externalAfterGcMb - (m.keptPagesAfterGcMb ?? 0)) * 10) / 10)
const keptPeakMb = Math.max(0, ...memory.map((m) => m.keptPagesMb ?? 0))
const fullGcsMeasured = (memory.at(-1)?.fullGcs ?? 0) - (memory.find((m) => m.t > WARMUP_S)?.fullGcs ?? 0)

const rssHalves = halves(rss, (s) => s.mb)
const firstHalfMb = rssHalves.first
const secondHalfMb = rssHalves.second
const rel = (from: number, to: number) => (from ? (to - from) / from : 0)
const growth = rel(firstHalfMb, secondHalfMb)
// What a leak grows: the JS heap that survives full collections and the memory outside the heap
// (buffers, other than the kept pages), both as they were right after the latest full collection
// (medians of each half). RSS also holds whatever heap V8 has
// grown into: V8 raises its collection threshold with the allocation rate for the first minutes of a
// load, so RSS climbs in steps before it levels off, leak or not. It is reported, and flagged, but the
// verdict is on live memory.
const heapGrowth = rel(heap.first, heap.second)
const externalGrowth = rel(outside.first, outside.second)
const notes: string[] = []

const total = Object.values(stats).reduce((n, s) => n + s.requests, 0)
const fivexx = Object.values(stats).reduce((n, s) => n + (s.statuses['5xx'] ?? 0), 0)
const networkErrors = Object.values(stats).reduce((n, s) => n + s.networkErrors, 0)
const lostTotal = Object.values(lost).reduce((a, b) => a + b, 0)
const failures: string[] = []
if (fivexx) failures.push(`${fivexx} responses with a 5xx status`)
if (networkErrors) failures.push(`${networkErrors} requests failed without an answer`)
if (lostTotal) failures.push(`acknowledged writes missing: ${JSON.stringify(lost)}`)
if (heapGrowth > HEAP_GROWTH_LIMIT)
	failures.push(`the JS heap left after full collections grew ${(heapGrowth * 100).toFixed(1)}% (limit ${HEAP_GROWTH_LIMIT * 100}%)`)
if (externalGrowth > GROWTH_LIMIT && outside.second - outside.first > EXTERNAL_FLOOR_MB)
	failures.push(
		`memory outside the JS heap (other than the kept pages) grew ${(externalGrowth * 100).toFixed(1)}% (limit ${GROWTH_LIMIT * 100}% and ${EXTERNAL_FLOOR_MB} MB)`,
	)
if (keptPeakMb > KEPT_PAGES_MB) failures.push(`the kept pages reached ${keptPeakMb} MB (budget ${KEPT_PAGES_MB} MB)`)
if (!memory.length) failures.push('the server logged no memory lines')
if (fullGcsMeasured < 2) failures.push(`only ${fullGcsMeasured} full collections in the measured window: run longer to judge live memory`)
if (growth > GROWTH_LIMIT)
	notes.push(`RSS grew ${(growth * 100).toFixed(1)}% while live memory did not: V8 growing its heap to the load (see rss.serverSamples)`)
if (exit.code !== 0) failures.push(`the server exited with ${JSON.stringify(exit)} after SIGTERM`)

const result = {
	date: new Date().toISOString(),
	database: databaseUrl ? 'postgres' : 'pglite',
	settings: { durationS: DURATION_S, warmupS: WARMUP_S, learners: LEARNERS, thinkMs: THINK_MS, buildDir: BUILD_DIR, cpus: os.cpus().length },
	elapsedS: Math.round(elapsedS * 10) / 10,
	requests: {
		total,
		perSecond: Math.round((total / elapsedS) * 10) / 10,
		byKind: Object.fromEntries(
			Object.entries(stats).map(([k, s]) => [
				k,
				{
					requests: s.requests,
					statuses: s.statuses,
					networkErrors: s.networkErrors,
					p50Ms: pct(s.latencies, 50),
					p95Ms: pct(s.latencies, 95),
					p99Ms: pct(s.latencies, 99),
					examples: s.unexpected,
				},
			]),
		),
	},
	fivexx,
	networkErrors,
	writes: {
		acknowledged: {
			completes: acked.completes.length,
			profileSaves: acked.profiles,
			chats: acked.chats.length,
			applications: acked.applications.length,
		},
		tutorReplies: replies,
		lost,
	},
	rss: {
		firstHalfMedianMb: firstHalfMb,
		secondHalfMedianMb: secondHalfMb,
		growthPct: Math.round(growth * 1000) / 10,
		liveHeapGrowthPct: Math.round(heapGrowth * 1000) / 10,
		externalGrowthPct: Math.round(externalGrowth * 1000) / 10,
		peakMb: Math.max(...rss.map((s) => s.mb)),
		// From the server's own 'memory' log lines, right after full collections (medians of each half).
		heapAfterGcMb: { first: heap.first, second: heap.second },
		externalAfterGcMb: { first: outside.first, second: outside.second },
		keptPagesAfterGcMb: { first: kept.first, second: kept.second, peak: keptPeakMb, budget: KEPT_PAGES_MB },
		fullGcsMeasured,
		samples: rss,
		serverSamples: memory.map(({ t, rssMb, heapUsedMb, externalMb, fullGcs, heapAfterGcMb, externalAfterGcMb, keptPagesMb, keptPagesAfterGcMb }) => ({
			t,
			rssMb,
			heapUsedMb,
			externalMb,
			fullGcs,
			heapAfterGcMb,
			externalAfterGcMb,
			keptPagesMb,
			keptPagesAfterGcMb,
		})),
	},
	logs: { lines: logLines.length, levels: logLevels, notJson: unparsable },
	serverExit: exit,
	pass: failures.length === 0,
	failures,
	notes,
}
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/soak.json', JSON.stringify(result, null, 2) + '\n')
// The server log stays for a failed run.
if (result.pass) fs.rmSync(workDir, { recursive: true, force: true })

console.log(`
Soak: ${LEARNERS} learners, ${result.elapsedS} s, ${result.database}
  requests      ${total} (${result.requests.perSecond}/s); 5xx: ${fivexx}; no answer: ${networkErrors}
  latency p95   ${Object.entries(result.requests.byKind)
		.map(([k, v]) => `${k} ${v.p95Ms} ms`)
		.join(', ')}
  writes        ${JSON.stringify(result.writes.acknowledged)} acknowledged; lost: ${lostTotal}
  RSS           ${firstHalfMb} MB -> ${secondHalfMb} MB median, first vs second half of the measured ${DURATION_S} s (${result.rss.growthPct}%), peak ${result.rss.peakMb} MB
  live memory   JS heap after full collections ${heap.first} -> ${heap.second} MB (${result.rss.liveHeapGrowthPct}%), outside the heap ${outside.first} -> ${outside.second} MB (${result.rss.externalGrowthPct}%), ${fullGcsMeasured} full collections
  kept pages    ${kept.first} -> ${kept.second} MB after full collections, at most ${keptPeakMb} MB (budget ${KEPT_PAGES_MB} MB)
  logs          ${logLines.length} lines ${JSON.stringify(logLevels)}${unparsable ? `, ${unparsable} not JSON` : ''}
${notes.map((n) => `  note          ${n}\n`).join('')}  result        ${result.pass ? 'PASS' : `FAIL: ${failures.join('; ')} (server log: ${logFile})`}
  written to    bench/results/soak.json
`)
process.exit(result.pass ? 0 : 1)
