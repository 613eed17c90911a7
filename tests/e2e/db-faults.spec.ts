import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { newLearner, type Learner } from '#tests/support/learners.ts'
import { pathLessons, type LessonRef } from '#tests/support/lessons.ts'
import { privatePostgresMissing, startPrivatePostgres, type PgInstance } from '#tests/support/pg-instance.ts'
import { freePort } from '#tests/support/ports.ts'
import { freshDataDir, startServer, stopServer, withDatabase, type ServerProcess } from '#tests/support/server-process.ts'

/**
 * The production server on a PostgreSQL server this test owns (issue 15). While learners complete lessons and
 * save their profiles, the database's connections are terminated, the database is stopped for 5 s and started,
 * then frozen (SIGSTOP) for 5 s and thawed. Each time: the app process stays up; /healthz answers 200 and
 * /readyz 503 with a reason while the database is away, pages show "We'll be right back" (503) in the
 * learner's language; every acknowledged write is in the database afterwards and every refused one is not;
 * the app serves again within 5 s of the database's return, with no restart. Then the same with two app
 * processes on one database.
 */

const missing = privatePostgresMissing()
if (missing) console.warn(`[db-faults.spec] not run: ${missing}`)
test.describe.configure({ timeout: 240_000 })

type Outcome = 'ack' | 'refused'
type Write = { kind: 'complete'; email: string; lessonId: string; outcome: Outcome } | { kind: 'profile'; email: string; seq: number; outcome: Outcome }

/** Lesson completions and profile saves, one after another per learner, paced, until `stop`. */
function burst(learners: Learner[], lessons: LessonRef[], writes: Write[]) {
	let running = true
	const unexpected: string[] = []
	const pace = () => new Promise((r) => setTimeout(r, 150))
	const classify = async (res: { status: () => number; text: () => Promise<string> }): Promise<Outcome | null> => {
		const body = await res.text()
		if (res.status() === 200 && body.includes('"ok",true')) return 'ack'
		if (res.status() === 503 && body.includes('errors.unavailable.write')) return 'refused'
		unexpected.push(`${res.status()} ${body.slice(0, 200)}`)
		return null
	}
	const loops = learners.flatMap(({ ctx, email }) => [
		(async () => {
			// Each lesson is tried once: a refused completion must stay absent.
			for (const lesson of lessons) {
				if (!running) return
				const res = await ctx.post(`/dashboard/learn/course/${lesson.courseId}.data`, { form: { intent: 'complete', lessonId: lesson.lessonId } })
				const outcome = await classify(res)
				if (outcome) writes.push({ kind: 'complete', email, lessonId: lesson.lessonId, outcome })
				await pace()
			}
		})(),
		(async () => {
			for (let seq = 0; running; seq++) {
				const res = await ctx.post('/dashboard/profile.data', { data: { fullName: `Faulty ${seq}`, country: 'BR', city: `City ${seq}` } })
				const outcome = await classify(res)
				if (outcome) writes.push({ kind: 'profile', email, seq, outcome })
				await pace()
			}
		})(),
	])
	return {
		stop: async () => {
			running = false
			await Promise.all(loops)
			return unexpected
		},
	}
}

/** Every acknowledged write is stored; every refused one is not. */
async function checkWrites(target: { databaseUrl?: string; dataDir?: string }, writes: Write[]) {
	const stored = await withDatabase(target, async (query) => ({
		completed: new Set(
			(
				await query<{ k: string }>(
					`SELECT u.email || '|' || p.lesson_id::text AS k FROM user_progress p JOIN "user" u ON u.id = p.user_id
					 JOIN xp_ledger x ON x.user_id = p.user_id AND x.source_kind = 'lesson' AND x.source_id = p.lesson_id::text
					 WHERE p.status = 'completed'`,
				)
			).map((r) => r.k),
		),
		profiles: new Map(
			(await query<{ email: string; name: string }>(`SELECT u.email, p.full_name AS name FROM user_profiles p JOIN "user" u ON u.id = p.user_id`)).map((r) => [
				r.email,
				Number(r.name.replace('Faulty ', '')),
			]),
		),
	}))
	const wrong: string[] = []
	const lastAck = new Map<string, number>()
	for (const w of writes) {
		if (w.kind === 'complete') {
			const there = stored.completed.has(`${w.email}|${w.lessonId}`)
			if (w.outcome === 'ack' && !there) wrong.push(`acknowledged completion missing: ${w.email} ${w.lessonId}`)
			if (w.outcome === 'refused' && there) wrong.push(`refused completion stored: ${w.email} ${w.lessonId}`)
		} else if (w.outcome === 'ack') lastAck.set(w.email, Math.max(lastAck.get(w.email) ?? -1, w.seq))
	}
	// Profile saves overwrite each other, one at a time per learner: the stored one is the last acknowledged.
	for (const [email, seq] of lastAck)
		if (stored.profiles.get(email) !== seq) wrong.push(`profile of ${email}: stored ${stored.profiles.get(email)}, last acknowledged ${seq}`)
	expect(wrong).toEqual([])
	return {
		acked: writes.filter((w) => w.outcome === 'ack').length,
		refused: writes.filter((w) => w.outcome === 'refused').length,
	}
}

/** One warning per fault episode with its cause, not an error or a stack per failed request. */
function expectQuietLog(server: ServerProcess, faults: number) {
	const lines = server.output().split('\n')
	expect(
		lines.filter((l) => /"level":"(error|fatal)"|^\s*at /.test(l)),
		'error lines and stack traces in the log',
	).toEqual([])
	const warnings = lines.filter((l) => l.includes('database unavailable') || l.includes('database connection fault'))
	expect(warnings.length, 'warnings about the database').toBeGreaterThan(0)
	expect(warnings.length, 'at most a couple of warnings per fault').toBeLessThanOrEqual(faults * 2)
}

const alive = async (server: ServerProcess) => await Promise.race([server.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 50))])

/** While the database is away: the process answers, says why it is not ready, and pages apologise in both languages. */
async function expectAway(server: ServerProcess, learner: Learner) {
	await expect(async () => {
		const ready = await learner.ctx.get(`${server.baseURL}/readyz`)
		expect(ready.status()).toBe(503)
		expect(((await ready.json()) as { reason?: string }).reason).toBeTruthy()
	}).toPass({ timeout: 10_000 })
	expect((await learner.ctx.get(`${server.baseURL}/healthz`)).status()).toBe(200)
	const page = await learner.ctx.get(`${server.baseURL}/dashboard`, { maxRedirects: 0 })
	expect(page.status()).toBe(503)
	expect(page.headers()['retry-after']).toBe('5')
	expect(await page.text()).toContain('We&#x27;ll be right back')
	const pt = await learner.ctx.get(`${server.baseURL}/dashboard/profile`, { maxRedirects: 0, headers: { 'accept-language': 'pt-BR' } })
	expect(pt.status()).toBe(503)
	expect(await pt.text()).toContain('Voltamos já')
}

/** How long after the database's return the app serves a signed-in page again. */
/** The server's own line for the embedded engine opened again after `since`: when it was open and what the open took. */
async function engineReopened(server: ServerProcess, since: number) {
	let found: { openAt: number; openMs: number; startedAt: number } | undefined
	await expect(async () => {
		for (const line of server.output().split('\n')) {
			if (!line.includes('embedded database engine opened again')) continue
			const entry = JSON.parse(line) as { time: string; openMs: number }
			const openAt = Date.parse(entry.time)
			if (openAt > since) found = { openAt, openMs: entry.openMs, startedAt: openAt - entry.openMs }
		}
		expect(found, 'the engine was opened again').toBeTruthy()
	}).toPass({ timeout: 60_000, intervals: [200] })
	return found!
}

/** Pages must serve again within 5 s of `since`, the moment the database was back (or cut off and being reopened). */
async function msUntilServing(servers: ServerProcess[], learner: Learner, since: number) {
	for (const server of servers) {
		await expect(async () => {
			expect((await learner.ctx.get(`${server.baseURL}/dashboard`, { maxRedirects: 0 })).status()).toBe(200)
		}).toPass({ timeout: Math.max(500, since + 5_000 - Date.now()), intervals: [100] })
	}
	return Date.now() - since
}

async function scenario(processes: 1 | 2) {
	const pg: PgInstance = await startPrivatePostgres()
	const databaseUrl = await pg.createDatabase('learnchain_faults')
	const dataDirs = [freshDataDir(`faults-${processes}-a`), freshDataDir(`faults-${processes}-b`)]
	const servers: ServerProcess[] = []
	let load: ReturnType<typeof burst> | undefined
	try {
		// Short timeouts keep the test quick; the defaults are documented in docs/deploy.md.
		const env = { DB_CONNECT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '15000', DB_RETRY_INTERVAL_MS: '500' }
		for (let i = 0; i < processes; i++) servers.push(await startServer({ port: await freePort(), dataDir: dataDirs[i]!, databaseUrl, env }))
		const lessons = pathLessons('Smart Contract Development', { dataDir: dataDirs[0] }).concat(
			pathLessons('Blockchain & Web3 Foundations', { dataDir: dataDirs[0] }),
		)
		expect(lessons.length).toBeGreaterThan(20)
		const report: string[] = []

		const faults: { name: string; inject: (observer: Learner) => Promise<number> }[] = [
			{
				name: 'every connection terminated',
				inject: async () => {
					expect(await pg.terminateAll('learnchain_faults')).toBeGreaterThan(0)
					return Date.now()
				},
			},
			{
				name: 'database stopped for 5 s',
				inject: async (observer) => {
					await pg.stop()
					const down = Date.now()
					for (const s of servers) await expectAway(s, observer)
					await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (Date.now() - down))))
					await pg.start()
					return Date.now()
				},
			},
			{
				name: 'database frozen (SIGSTOP) for 5 s',
				inject: async (observer) => {
					pg.freeze()
					const down = Date.now()
					try {
						for (const s of servers) await expectAway(s, observer)
						await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (Date.now() - down))))
					} finally {
						pg.thaw()
					}
					return Date.now()
				},
			},
		]

		for (const fault of faults) {
			// Fresh learners for each fault, spread over the processes, so every lesson is tried once per learner.
			const learners: Learner[] = []
			for (let i = 0; i < 4; i++) learners.push(await newLearner(servers[i % processes]!.baseURL, 'faults'))
			const observer = await newLearner(servers[0]!.baseURL, 'observer')
			const writes: Write[] = []
			load = burst(learners, lessons, writes)
			await new Promise((r) => setTimeout(r, 1_000))
			const back = await fault.inject(observer)
			const recoveredMs = await msUntilServing(servers, observer, back)
			await new Promise((r) => setTimeout(r, 1_000))
			expect(await load.stop(), `${fault.name}: answers other than success or 503`).toEqual([])
			for (const s of servers) expect(await alive(s), `${fault.name}: the app process is still up`).toBe(true)
			const counts = await checkWrites({ databaseUrl }, writes)
			expect(counts.acked, `${fault.name}: writes went through around the fault`).toBeGreaterThan(0)
			report.push(
				`${fault.name}: ${counts.acked} acknowledged writes stored, ${counts.refused} refused writes absent, serving again ${recoveredMs} ms after the database returned`,
			)
			for (const l of [...learners, observer]) await l.ctx.dispose()
		}

		for (const s of servers) expectQuietLog(s, faults.length)
		const summary = `${processes} process${processes > 1 ? 'es' : ''}: ${report.join('; ')}`
		test.info().annotations.push({ type: 'db-faults', description: summary })
		console.log(summary)
		for (const s of servers) expect((await stopServer(s)).code).toBe(0)
	} finally {
		await load?.stop()
		for (const s of servers) s.kill('SIGKILL')
		await pg.destroy()
		for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true })
	}
}

/**
 * The embedded database runs in a worker thread: a statement that holds it is cut off after
 * DB_QUERY_TIMEOUT_MS (the worker is ended and the data directory opened again), and a worker that dies is
 * replaced. Meanwhile the process answers: /healthz at once, pages and /readyz with 503.
 */
test('the embedded database recovers by itself from a stuck statement and from a dead engine', async () => {
	const dataDir = freshDataDir('faults-pglite')
	let server: ServerProcess | undefined
	let load: ReturnType<typeof burst> | undefined
	try {
		// 5 s: short enough to cut the held engine off well before it lets go, long enough that an ordinary statement
		// on an oversubscribed machine (seen: 2 s at load 25) is not taken for a stuck one.
		server = await startServer({ port: await freePort(), dataDir, env: { TEST_DB_FAULTS: 'true', DB_QUERY_TIMEOUT_MS: '5000', DB_RETRY_INTERVAL_MS: '500' } })
		const base = server.baseURL
		const lessons = pathLessons('Smart Contract Development', { dataDir })
		const writes: Write[] = []
		const report: string[] = []
		const faults = [
			{ name: 'a statement holds the engine for 12 s', kind: 'hang', ms: 12_000 },
			{ name: 'the engine dies', kind: 'crash', ms: 0 },
		]
		for (const fault of faults) {
			const learners: Learner[] = []
			for (let i = 0; i < 3; i++) learners.push(await newLearner(base, 'faults'))
			const observer = await newLearner(base, 'observer')
			load = burst(learners, lessons, writes)
			await new Promise((r) => setTimeout(r, 1_000))
			expect((await observer.ctx.post(`${base}/dev/db-fault`, { form: { kind: fault.kind, ms: String(fault.ms) } })).ok()).toBe(true)
			const injected = Date.now()
			if (fault.kind === 'hang') {
				// While the engine is held: the process itself answers at once, the database-backed answers are 503s.
				const [health, ready, page] = await Promise.all([
					observer.ctx.get(`${base}/healthz`).then(async (r) => ({ status: r.status(), ms: Date.now() - injected })),
					observer.ctx.get(`${base}/readyz`).then((r) => Object.assign(r, { ms: Date.now() - injected })),
					observer.ctx.get(`${base}/dashboard`, { maxRedirects: 0, headers: { 'accept-language': 'pt-BR' } }),
				])
				expect(health.status).toBe(200)
				// An order, not a speed: /healthz does not wait for the engine, /readyz waits until it is cut off.
				expect(health.ms, '/healthz answered before the held engine was cut off').toBeLessThan(ready.ms)
				expect(ready.status()).toBe(503)
				expect(((await ready.json()) as { reason?: string }).reason).toMatch(/no answer within/)
				expect(page.status()).toBe(503)
				expect(await page.text()).toContain('Voltamos já')
			}
			// The process lets go of a held engine after DB_QUERY_TIMEOUT_MS (5 s here), of a dead one at once. Then it
			// opens the data directory again: that open is CPU work (WebAssembly start, log replay) whose length is the
			// machine's, 0.6–1.7 s on a quiet one. What is the app's: it starts the reopen promptly, and serves within
			// 5 s of the engine being open again, as it does within 5 s of a PostgreSQL's return.
			const cutOff = fault.kind === 'hang' ? injected + 5_000 : injected
			const reopen = await engineReopened(server, injected)
			expect(reopen.startedAt - cutOff, `${fault.name}: the reopen began soon after the engine was let go`).toBeLessThan(5_000)
			const recoveredMs = await msUntilServing([server], observer, reopen.openAt)
			await new Promise((r) => setTimeout(r, 1_000))
			expect(await load.stop(), `${fault.name}: answers other than success or 503`).toEqual([])
			expect(await alive(server), `${fault.name}: the app process is still up`).toBe(true)
			report.push(
				`${fault.name}: reopen began ${reopen.startedAt - cutOff} ms after the engine was let go and took ${reopen.openMs} ms; serving again ${recoveredMs} ms after it was open`,
			)
			for (const l of [...learners, observer]) await l.ctx.dispose()
		}
		expectQuietLog(server, faults.length)
		expect((await stopServer(server)).code).toBe(0)
		// PGlite allows one process per data directory: the writes are checked once the server has stopped.
		const counts = await checkWrites({ dataDir }, writes)
		expect(counts.acked).toBeGreaterThan(0)
		const summary = `PGlite: ${report.join('; ')}; ${counts.acked} acknowledged writes stored, ${counts.refused} refused writes absent`
		test.info().annotations.push({ type: 'db-faults', description: summary })
		console.log(summary)
	} finally {
		await load?.stop()
		// The server's log beside the trace, for a failure's post-mortem.
		if (server) fs.writeFileSync(test.info().outputPath('server.log'), server.output())
		server?.kill('SIGKILL')
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
})

if (!missing) {
	test('one app process survives a terminate, a restart and a freeze of its PostgreSQL', async () => {
		await scenario(1)
	})

	test('two app processes on one PostgreSQL survive the same faults', async () => {
		await scenario(2)
	})
}
