import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { challengeAttempts, lessonChallenges, lessons, user, userProgress, xpLedger } from '#db/schema.ts'
import { contentFiles, curriculumTree } from '~/features/admin/bundle-export.server.ts'
import { applyImport, readTree } from '~/features/admin/bundle-import.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { runChallenge, saveDraft, challengeView } from '~/features/challenges/attempts.server.ts'
import { getGrader } from '~/features/challenges/grader.server.ts'
import { memoryDatabase, useTestDb } from '#tests/support/test-db.ts'

// Code challenges on a throw-away PGlite with the real grader (worker threads): the content round trip,
// and the XP of a challenge awarded once however many passing runs arrive together.

let h: DbHandle
const tree = await readContentTree('content')
const counter = tree.flatMap((p) => p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons))).find((l) => l.slug === 'counter-with-events')!

async function challengeRows(db: DbHandle['db']) {
	const rows = await db.select({ slug: lessons.slug, c: lessonChallenges }).from(lessonChallenges).innerJoin(lessons, eq(lessons.id, lessonChallenges.lessonId))
	return rows
		.map((r) => ({ slug: r.slug, starter: r.c.starterCode, tests: r.c.testsCode, solution: r.c.solutionCode, hints: r.c.hints, hintsPt: r.c.hintsPt }))
		.sort((a, b) => a.slug.localeCompare(b.slug))
}

beforeAll(async () => {
	process.env.CHALLENGE_RATE_LIMIT = '1000'
	h = await useTestDb()
	await importCurriculum(h.db, tree)
})

afterAll(async () => {
	await getGrader().close()
	await h?.close()
	delete process.env.CHALLENGE_RATE_LIMIT
})

describe('challenge content', () => {
	it('imports every demo challenge with its code and hints, and round-trips through export and import', async () => {
		const stored = await challengeRows(h.db)
		expect(stored.length).toBeGreaterThanOrEqual(8)
		const mine = stored.find((r) => r.slug === 'counter-with-events')!
		expect(mine).toMatchObject({
			starter: counter.challenge!.starter,
			tests: counter.challenge!.tests,
			solution: counter.challenge!.solution,
			hints: counter.hints,
			hintsPt: counter.hints_pt,
		})

		const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'learnchain-challenges-'))
		const target = await memoryDatabase()
		try {
			const files = contentFiles(await curriculumTree(h.db))
			expect(files.some((f) => f.path.endsWith('05-counter-with-events.solution.sol'))).toBe(true)
			for (const f of files) {
				await fs.mkdir(path.dirname(path.join(dir, f.path)), { recursive: true })
				await fs.writeFile(path.join(dir, f.path), f.text)
			}
			await applyImport(target.db, null, await readTree(dir), { source: 'cli' })
			expect(await challengeRows(target.db)).toEqual(stored)
			const [lesson] = await target.db.select().from(lessons).where(eq(lessons.slug, 'counter-with-events'))
			expect(lesson).toMatchObject({ lessonType: 'challenge', content: counter.body, xpValue: counter.xp })
		} finally {
			await target.close()
			await fs.rm(dir, { recursive: true, force: true })
		}
	})
})

describe('runs and XP', () => {
	let lessonId: string
	beforeAll(async () => {
		const [row] = await h.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, 'counter-with-events'))
		lessonId = row!.id
	})

	async function learner() {
		const id = randomUUID()
		await h.db.insert(user).values({ id, name: 'Coder', email: `${id}@example.test`, emailVerified: true })
		return id
	}

	it('20 parallel passing runs complete the lesson and award its XP once', async () => {
		const me = await learner()
		const runs = await Promise.all(Array.from({ length: 20 }, () => runChallenge(me, lessonId, counter.challenge!.solution, false)))
		for (const r of runs) expect(r).toMatchObject({ ok: true, result: { status: 'tested', passed: 6, total: 6 } })
		expect(runs.map((r) => (r.ok ? r.xpAwarded : -1)).filter((xp) => xp > 0)).toEqual([counter.xp])
		const ledger = await h.db.select().from(xpLedger).where(eq(xpLedger.userId, me))
		expect(ledger.map((r) => [r.sourceKind, r.sourceId, r.amount])).toEqual([['lesson', lessonId, counter.xp]])
		const [progress] = await h.db
			.select()
			.from(userProgress)
			.where(and(eq(userProgress.userId, me), eq(userProgress.lessonId, lessonId)))
		expect(progress?.status).toBe('completed')
		const [attempt] = await h.db
			.select()
			.from(challengeAttempts)
			.where(and(eq(challengeAttempts.userId, me), eq(challengeAttempts.lessonId, lessonId)))
		expect(attempt).toMatchObject({ runs: 20, failedRuns: 0 })
		expect(attempt!.firstPassedAt).toBeInstanceOf(Date)
	})

	it('a failing run counts, unlocks a hint and awards nothing; the draft is kept for the next visit', async () => {
		const me = await learner()
		const fail = await runChallenge(me, lessonId, counter.challenge!.starter, false)
		expect(fail).toMatchObject({
			ok: true,
			xpAwarded: 0,
			attempt: { runs: 1, failedRuns: 1, passedAt: null },
			hints: { en: [counter.hints![0]], pt: [counter.hints_pt![0]] },
		})
		expect(await h.db.select().from(xpLedger).where(eq(xpLedger.userId, me))).toEqual([])
		expect(await saveDraft(me, lessonId, '// my draft', false)).toBe(true)
		const view = await challengeView(me, lessonId)
		expect(view).toMatchObject({ starter: counter.challenge!.starter, draft: '// my draft', attempt: { runs: 1, failedRuns: 1 } })
		// The view carries no tests and no reference solution.
		expect(JSON.stringify(view)).not.toContain('contract CounterTest')
		expect(JSON.stringify(view)).not.toContain('count -= 1;')
	})

	it('runs are limited per learner, with the seconds to wait', async () => {
		process.env.CHALLENGE_RATE_LIMIT = '2'
		const { resetEnvForTests } = await import('~/lib/env.server.ts')
		resetEnvForTests()
		try {
			const me = await learner()
			const outcomes = []
			for (let i = 0; i < 3; i++) outcomes.push(await runChallenge(me, lessonId, `${counter.challenge!.starter}\n// ${i}`, false))
			expect(outcomes.map((o) => o.ok)).toEqual([true, true, false])
			expect(outcomes[2]).toMatchObject({ ok: false, status: 429, error: 'challenge.errors.rateLimited' })
			expect((outcomes[2] as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0)
		} finally {
			process.env.CHALLENGE_RATE_LIMIT = '1000'
			resetEnvForTests()
		}
	})

	it('a lesson that is not a challenge cannot be run', async () => {
		const me = await learner()
		const [text] = await h.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.lessonType, 'text')).limit(1)
		expect(await runChallenge(me, text!.id, 'contract A {}', false)).toMatchObject({ ok: false, status: 404 })
		expect(await saveDraft(me, text!.id, 'x', false)).toBe(false)
	})
})
