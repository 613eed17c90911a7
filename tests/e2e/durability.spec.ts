import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { newLearner, nextIp, type Learner } from '#tests/support/learners.ts'
import { pathLessons, type LessonRef } from '#tests/support/lessons.ts'
import {
	freshDataDir,
	pgliteControlState,
	pgReachable,
	startServer,
	stopServer,
	throwawayDatabase,
	withDatabase,
	type ServerProcess,
} from '#tests/support/server-process.ts'
import { freePort } from '#tests/support/private-server.ts'

/**
 * Durability and shutdown of the production server, on PGlite and (when the local server answers) on
 * PostgreSQL, each test with its own server process, port and database:
 * - SIGKILL in the middle of a burst of writes (lesson completions, profile saves, applications), restart
 *   on the same data: every write that was answered with a success is there.
 * - SIGTERM while a request is in flight: that request still completes, then the database is closed
 *   cleanly (PGlite's control file says 'shut down') and the process exits 0.
 */

const LEARNERS = 4
/** Acknowledged writes after which the server is killed, while every writer has a request in flight. */
const KILL_AFTER = 40

type Target = { name: string; dataDir: string; databaseUrl?: string; cleanup: () => Promise<void> }

async function pgliteTarget(name: string): Promise<Target> {
	const dataDir = freshDataDir(name)
	return { name: 'PGlite', dataDir, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
}

async function postgresTarget(name: string): Promise<Target> {
	const dataDir = freshDataDir(name)
	const db = await throwawayDatabase(name.replace(/-/g, '_'))
	return {
		name: 'PostgreSQL',
		dataDir,
		databaseUrl: db.url,
		cleanup: async () => {
			await db.drop()
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}

type Ack = { kind: 'complete'; email: string; lessonId: string } | { kind: 'profile'; email: string; seq: number } | { kind: 'application'; email: string }

/** One learner's three writers, each sending its next write as soon as the previous one is answered. */
function writers(learner: Learner, lessons: LessonRef[], onAck: (ack: Ack) => void, running: () => boolean) {
	const { ctx, email } = learner
	const loop = async (write: (i: number) => Promise<Ack | null>) => {
		for (let i = 0; running(); i++) {
			let ack: Ack | null
			try {
				ack = await write(i)
			} catch {
				return // the server is gone
			}
			if (ack) onAck(ack)
			else if (i >= lessons.length) return
		}
	}
	const complete = async (i: number): Promise<Ack | null> => {
		const lesson = lessons[i]
		if (!lesson) return null
		const res = await ctx.post(`/dashboard/learn/course/${lesson.courseId}.data`, { form: { intent: 'complete', lessonId: lesson.lessonId } })
		return res.status() === 200 && (await res.text()).includes('"ok",true') ? { kind: 'complete', email, lessonId: lesson.lessonId } : null
	}
	const profile = async (seq: number): Promise<Ack | null> => {
		const res = await ctx.post('/dashboard/profile.data', { data: { fullName: `Durable ${seq}`, country: 'BR', city: `City ${seq}` } })
		return res.status() === 200 && (await res.text()).includes('"ok",true') ? { kind: 'profile', email, seq } : null
	}
	const application = async (): Promise<Ack | null> => {
		const applicant = `applicant-${randomUUID()}@example.test`
		const res = await ctx.post('/resources/applications', {
			form: { type: 'professional', name: 'Durable Applicant', email: applicant, website: '' },
			headers: { 'x-forwarded-for': nextIp() },
		})
		return res.status() === 200 && ((await res.json()) as { ok?: boolean }).ok === true ? { kind: 'application', email: applicant } : null
	}
	return [loop(complete), loop(profile), loop(application)]
}

async function killMidBurst(target: Target, port: number) {
	let server = await startServer({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl })
	const learners: Learner[] = []
	for (let i = 0; i < LEARNERS; i++) learners.push(await newLearner(server.baseURL, 'durable'))
	const lessons = pathLessons('Smart Contract Development', { dataDir: target.dataDir })
	expect(lessons.length).toBeGreaterThan(10)

	const acks: Ack[] = []
	let killed = false
	const onAck = (ack: Ack) => {
		acks.push(ack)
		if (!killed && acks.length >= KILL_AFTER) {
			killed = true
			server.kill('SIGKILL')
		}
	}
	await Promise.all(learners.flatMap((l) => writers(l, lessons, onAck, () => !killed)))
	expect(killed, 'the burst reached the kill point').toBe(true)
	expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' })

	// Same data directory (and database), new process: it starts, and the sessions still hold.
	server = await startServer({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl })
	for (const l of learners) expect((await l.ctx.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)
	expect((await stopServer(server)).code).toBe(0)

	const found = await withDatabase(target, async (query) => ({
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
				Number(r.name.replace('Durable ', '')),
			]),
		),
		applications: new Set((await query<{ email: string }>(`SELECT email FROM applications`)).map((r) => r.email)),
	}))

	const lost = acks.filter((a) => {
		if (a.kind === 'complete') return !found.completed.has(`${a.email}|${a.lessonId}`)
		if (a.kind === 'application') return !found.applications.has(a.email)
		// Profile saves overwrite each other: the stored one is the last acknowledged or a later one.
		return (found.profiles.get(a.email) ?? -1) < a.seq
	})
	const count = (kind: Ack['kind']) => acks.filter((a) => a.kind === kind).length
	const summary = `${target.name}: ${acks.length} acknowledged writes (${count('complete')} completions, ${count('profile')} profile saves, ${count('application')} applications) all present after SIGKILL and restart`
	test.info().annotations.push({ type: 'durability', description: summary })
	expect(lost, 'acknowledged writes missing after the restart').toEqual([])
	console.log(summary)
	for (const l of learners) await l.ctx.dispose()
}

/** An application POST whose body the test holds back: in flight from the server's point of view. */
function heldRequest(baseURL: string) {
	const url = new URL('/resources/applications', baseURL)
	const email = `drain-${randomUUID()}@example.test`
	const body = new URLSearchParams({ type: 'professional', name: 'Drain Test', email, website: '' }).toString()
	const req = http.request({
		host: '127.0.0.1',
		port: url.port,
		path: url.pathname,
		method: 'POST',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			'content-length': Buffer.byteLength(body),
			'x-forwarded-for': nextIp(),
			// The server answers '100 Continue' once it has the request: proof it is in flight.
			expect: '100-continue',
		},
	})
	const started = new Promise<void>((resolve, reject) => {
		req.once('continue', () => resolve())
		req.once('error', reject)
	})
	const response = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
		req.once('response', (r) => {
			let text = ''
			r.on('data', (c: Buffer) => (text += c.toString()))
			r.on('end', () => resolve({ status: r.statusCode ?? 0, connection: r.headers.connection, text }))
		})
		req.once('error', reject)
	})
	req.flushHeaders()
	return { email, started, release: () => req.end(body), response }
}

async function waitForOutput(server: ServerProcess, pattern: RegExp) {
	while (!pattern.test(server.output())) {
		if ((await Promise.race([server.exited, new Promise((r) => setTimeout(r, 50, 'waiting'))])) !== 'waiting') break
	}
	expect(server.output()).toMatch(pattern)
}

async function drainOnSigterm(target: Target, port: number) {
	// A generous drain limit: 'drained' in the log then means the requests finished, not the timer.
	const server = await startServer({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: { SHUTDOWN_TIMEOUT_MS: '60000' } })
	// An idle keep-alive connection, which must not hold the shutdown up.
	const idle = await fetch(`${server.baseURL}/healthz`)
	expect(idle.status).toBe(200)

	const held = heldRequest(server.baseURL)
	await held.started
	server.kill('SIGTERM')
	await waitForOutput(server, /"msg":"draining requests"/)
	// No new connections once draining...
	await expect(fetch(`${server.baseURL}/healthz`)).rejects.toThrow()
	// ...but the request in flight completes, and its write is stored.
	held.release()
	const res = await held.response
	expect(res.status).toBe(200)
	expect(JSON.parse(res.text)).toMatchObject({ ok: true })
	expect(res.connection).toBe('close')

	expect(await server.exited).toEqual({ code: 0, signal: null })
	const closed = server
		.output()
		.split('\n')
		.filter((l) => l.includes('"msg":"database closed"'))
		.map((l) => JSON.parse(l) as { drained: boolean })
	expect(closed).toEqual([expect.objectContaining({ drained: true })])
	if (!target.databaseUrl) {
		expect(pgliteControlState(target.dataDir), 'PGlite control file: 1 = shut down cleanly').toBe(1)
		expect(fs.existsSync(path.join(target.dataDir, 'pglite.lock')), 'the data directory lock is released').toBe(false)
	}
	const rows = await withDatabase(target, (query) => query<{ n: number }>(`SELECT count(*)::int AS n FROM applications WHERE email = $1`, [held.email]))
	expect(rows[0]!.n).toBe(1)
}

test.describe.configure({ timeout: 120_000 })

test('PGlite: every acknowledged write survives SIGKILL mid-burst and a restart', async () => {
	const target = await pgliteTarget('durability-kill-pglite')
	try {
		await killMidBurst(target, await freePort())
	} finally {
		await target.cleanup()
	}
})

test('PGlite: SIGTERM drains the request in flight, then closes the database cleanly', async () => {
	const target = await pgliteTarget('durability-drain-pglite')
	try {
		await drainOnSigterm(target, await freePort())
	} finally {
		await target.cleanup()
	}
})

// The PostgreSQL half runs where the local server answers (as in tests/integration/schema.test.ts).
if (await pgReachable()) {
	test('PostgreSQL: every acknowledged write survives SIGKILL mid-burst and a restart', async () => {
		const target = await postgresTarget('durability_kill_pg')
		try {
			await killMidBurst(target, await freePort())
		} finally {
			await target.cleanup()
		}
	})

	test('PostgreSQL: SIGTERM drains the request in flight, then closes the pool', async () => {
		const target = await postgresTarget('durability_drain_pg')
		try {
			await drainOnSigterm(target, await freePort())
		} finally {
			await target.cleanup()
		}
	})
} else {
	console.warn('[durability.spec] PostgreSQL is not reachable: only the PGlite half runs.')
}
