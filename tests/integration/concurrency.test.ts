import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { certificates, learnerProgressVersion, lessons, quizAttempts, tutorMessages, userEnrollments, userProgress, xpLedger } from '#db/schema.ts'
import { createItem, moveItem, updateItem } from '~/features/admin/content.server.ts'
import { lessonFormSchema } from '~/features/admin/schemas.ts'
import { findVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { completeLesson, enroll } from '~/features/progress/progress.server.ts'
import { answerQuestion } from '~/features/quiz/quiz.server.ts'
import { addCountedExchange } from '~/features/tutor/conversation.server.ts'
import { setDbHandleForTests } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { withEnv } from '#tests/support/env.ts'
import { createCurriculum, createLearner, createModule, sampleQuiz } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { PG_ADMIN_URL, pgReachable, pgTestDb } from '#tests/support/pg.ts'
import { statementsSent } from '#tests/support/statements.ts'

/**
 * Integrity under concurrency (issue 10, point 4), on PGlite and, when it is reachable, on a real
 * PostgreSQL server, where a pool of connections makes the transactions truly overlap.
 */

function suite(name: string, open: () => Promise<DbHandle>, close: (h: DbHandle) => Promise<void>) {
	describe(name, () => {
		let h: DbHandle
		let pathId: string
		let courseId: string
		let moduleId: string
		let lessonIds: string[]
		const admins = [randomUUID(), randomUUID()]

		async function learner() {
			const id = randomUUID()
			await createLearner({ id, name: 'Racer', email: `${id}@example.test` })
			return id
		}

		async function orders(parent: string) {
			const rows = await h.db.select({ id: lessons.id, order: lessons.order }).from(lessons).where(eq(lessons.moduleId, parent))
			return rows.map((r) => r.order).sort((a, b) => a - b)
		}

		beforeAll(async () => {
			h = await open()
			setDbHandleForTests(h)
			for (const id of admins) await createLearner({ id, name: 'Admin', email: `${id}@example.test`, role: 'admin' })
			// Two lessons, so completing one does not finish the path.
			const race = await createCurriculum({
				types: ['text', 'text'],
				xp: [25, 25],
				path: { title: 'Race path' },
				course: { title: 'Race course', order: 1 },
				module: { title: 'Race module', order: 1 },
			})
			pathId = race.path.id
			courseId = race.course.id
			moduleId = race.module.id
			lessonIds = race.lessons.map((l) => l.id)
		})
		afterAll(async () => {
			if (h) await close(h)
		})

		it("200 parallel 'complete' requests for one lesson award its XP once", async () => {
			const me = await learner()
			const results = await Promise.all(Array.from({ length: 200 }, () => completeLesson(me, lessonIds[0]!)))
			expect(results.every((r) => r !== null)).toBe(true)
			// Exactly one of them awarded the XP; the others saw it already there.
			expect(results.map((r) => r!.xpAwarded).filter((xp) => xp > 0)).toEqual([25])
			const ledger = await h.db.select().from(xpLedger).where(eq(xpLedger.userId, me))
			expect(ledger.map((r) => r.amount)).toEqual([25])
			const progress = await h.db.select().from(userProgress).where(eq(userProgress.userId, me))
			expect(progress.map((p) => p.status)).toEqual(['completed'])
			const enrollments = await h.db.select().from(userEnrollments).where(eq(userEnrollments.userId, me))
			expect(enrollments.map((e) => e.learningPathId)).toEqual([pathId])
		})

		it("a path's last two lessons completed at once: one certificate per learner, announced by one of the two", async () => {
			// 30 learners, each completing both lessons of the path together: on PostgreSQL the two statements of a
			// learner overlap, each unable to see the other's lesson; the check after the commit must still issue.
			const learners = await Promise.all(Array.from({ length: 30 }, () => learner()))
			const results = await Promise.all(learners.map((me) => Promise.all(lessonIds.map((id) => completeLesson(me, id)))))
			for (const pair of results) expect(pair.filter((r) => r?.certificate?.created)).toHaveLength(1)
			const issued = await h.db.select({ userId: certificates.userId }).from(certificates).where(inArray(certificates.userId, learners))
			expect(issued.map((c) => c.userId).sort()).toEqual([...learners].sort())
		})

		it("a learner who has completed before: a path's last three lessons completed at once, one certificate", async () => {
			// The learners have a progress version already (their first lesson), so each completion's own check of
			// what it saw is what decides whether the check after the commit runs (ADR 0024).
			const trio = await createCurriculum({ types: ['text', 'text', 'text', 'text'], xp: [5, 5, 5, 5], path: { title: 'Trio path' } })
			const [first, ...last] = trio.lessons.map((l) => l.id)
			const learners = await Promise.all(Array.from({ length: 20 }, () => learner()))
			for (const me of learners) await completeLesson(me, first!)
			const results = await Promise.all(learners.map((me) => Promise.all(last.map((id) => completeLesson(me, id)))))
			for (const three of results) expect(three.filter((r) => r?.certificate?.created)).toHaveLength(1)
			const issued = await h.db
				.select({ userId: certificates.userId })
				.from(certificates)
				.where(and(inArray(certificates.userId, learners), eq(certificates.pathId, trio.path.id)))
			expect(issued.map((c) => c.userId).sort()).toEqual([...learners].sort())
		})

		it("ten offline tutor exchanges at once past a limit of three: three stored, seven refused with the window's rest", async () => {
			// The hit is a CTE of the statement that stores the exchange (ADR 0025): on PostgreSQL the ten overlap.
			const me = await learner()
			const at = new Date()
			const results = await withEnv({ TUTOR_RATE_LIMIT: '3', TUTOR_RATE_WINDOW_SECONDS: '600' }, () =>
				Promise.all(Array.from({ length: 10 }, (_, i) => addCountedExchange(me, lessonIds[0]!, { question: `q${i}`, askedAt: at, reply: `a${i}`, tokens: 0 }))),
			)
			expect(results.filter((r) => !r.limited)).toHaveLength(3)
			for (const r of results.filter((r) => r.limited)) expect(r.retryAfter).toBeGreaterThan(590)
			const stored = await h.db.select({ role: tutorMessages.role }).from(tutorMessages).where(eq(tutorMessages.userId, me))
			expect(stored.map((m) => m.role).sort()).toEqual(['assistant', 'assistant', 'assistant', 'user', 'user', 'user'])
		})

		it('parallel answers to one quiz: each question keeps one answer, one attempt is closed, its XP is written once', async () => {
			const me = await learner()
			const quiz = await createCurriculum({ types: ['quiz'], xp: [30], path: { title: 'Quiz race' } })
			const quizId = quiz.lessons[0]!.id
			// Each of the three questions answered ten times at once, the right option and the others in turn.
			const all = await Promise.all(
				sampleQuiz.flatMap((q, i) =>
					Array.from({ length: 10 }, (_, n) => answerQuestion(me, quizId, i, n % 2 ? q.correctAnswer : q.options[n % q.options.length]!)),
				),
			)
			expect(all.every((r) => r.ok)).toBe(true)
			const attempts = await h.db.select().from(quizAttempts).where(eq(quizAttempts.userId, me))
			const closed = attempts.filter((a) => a.completedAt !== null)
			// Answers that land after the close open the next attempt, as a retry does; at most one is open.
			expect(closed.length).toBeGreaterThanOrEqual(1)
			expect(attempts.length - closed.length).toBeLessThanOrEqual(1)
			for (const a of closed) expect(Object.keys(a.answers).sort()).toEqual(['0', '1', '2'])
			const ledger = await h.db.select().from(xpLedger).where(eq(xpLedger.userId, me))
			expect(ledger.map((r) => r.amount)).toEqual(closed.some((a) => a.correct === 3) ? [30] : [])
		})

		it('200 parallel enrolls leave one enrollment', async () => {
			const me = await learner()
			const results = await Promise.all(Array.from({ length: 200 }, () => enroll(me, pathId)))
			expect(results.every(Boolean)).toBe(true)
			const rows = await h.db
				.select()
				.from(userEnrollments)
				.where(and(eq(userEnrollments.userId, me), eq(userEnrollments.learningPathId, pathId)))
			expect(rows).toHaveLength(1)
			expect(rows[0]!.isActive).toBe(true)
		})

		it('two admins moving, re-ordering and adding lessons of one module at once leave the orders 1..n', async () => {
			const m = await createModule(courseId, { title: 'Busy module', order: 2 })
			const form = (i: number, order: number) =>
				lessonFormSchema.parse({
					module_id: m!.id,
					title: `Busy lesson ${i}`,
					slug: `busy-${i}`,
					lesson_type: 'text',
					order: String(order),
					xp_value: '5',
					content: 'x',
				})
			for (let i = 1; i <= 6; i++) expect((await createItem('lesson', admins[0]!, form(i, i))).ok).toBe(true)
			const ids = (await h.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, m!.id)).orderBy(asc(lessons.slug))).map((r) => r.id)

			// 120 writes from two admins, interleaved: swaps both ways, edits that move an item to another
			// position (and back to the module from module 1), and new lessons placed in the middle.
			let n = 0
			const writes = Array.from({ length: 120 }, (_, k) => {
				const actor = admins[k % 2]!
				const id = ids[(k * 7) % ids.length]!
				switch (k % 4) {
					case 0:
						return moveItem('lesson', actor, id, -1)
					case 1:
						return moveItem('lesson', actor, id, 1)
					case 2:
						return updateItem('lesson', actor, id, { ...form(ids.indexOf(id) + 1, ((k * 5) % 8) + 1), title: `Edited ${k}` })
					default:
						n++
						return createItem('lesson', actor, form(100 + n, (k % 5) + 1))
				}
			})
			const results = await Promise.all(writes)
			// A write may be refused as a conflict (409) under load, never fail otherwise.
			for (const r of results) if (!r.ok) expect(r.status).toBe(409)
			const final = await orders(m!.id)
			expect(final).toEqual(Array.from({ length: final.length }, (_, i) => i + 1))
			const created = results.filter((r, k) => k % 4 === 3 && r.ok).length
			expect(final.length).toBe(6 + created)
			// The other module was not touched by any of it.
			expect(await orders(moduleId)).toEqual([1, 2])
		})

		it('an edit that moves a lesson to another module while the other admin re-orders both keeps both lists 1..n', async () => {
			const a = await createModule(courseId, { title: 'Module A', order: 3 })
			const b = await createModule(courseId, { title: 'Module B', order: 4 })
			const make = (moduleId: string, i: number, order: number) =>
				lessonFormSchema.parse({
					module_id: moduleId,
					title: `Traveller ${i}`,
					slug: `traveller-${i}`,
					lesson_type: 'text',
					order: String(order),
					xp_value: '5',
					content: 'x',
				})
			for (let i = 1; i <= 4; i++) {
				await createItem('lesson', admins[0]!, make(a!.id, i, i))
				await createItem('lesson', admins[0]!, make(b!.id, 10 + i, i))
			}
			const inA = (await h.db.select({ id: lessons.id, slug: lessons.slug }).from(lessons).where(eq(lessons.moduleId, a!.id))).sort((x, y) =>
				x.slug.localeCompare(y.slug),
			)
			const writes = inA.flatMap((l, i) => [
				// Admin 1 sends each lesson of A to B (slugs stay unique there)...
				updateItem('lesson', admins[0]!, l.id, make(b!.id, i + 1, 1)),
				// ...while admin 2 keeps moving them around inside A.
				moveItem('lesson', admins[1]!, l.id, 1),
				moveItem('lesson', admins[1]!, l.id, -1),
			])
			const results = await Promise.all(writes)
			for (const r of results) if (!r.ok) expect([404, 409]).toContain(r.status)
			for (const parent of [a!.id, b!.id]) {
				const list = await orders(parent)
				expect(list).toEqual(Array.from({ length: list.length }, (_, i) => i + 1))
			}
			const total = (await orders(a!.id)).length + (await orders(b!.id)).length
			expect(total).toBe(8)
		})
	})
}

suite('concurrency on PGlite', useTestDb, (h) => h.close())

if (await pgReachable()) {
	const pg = pgTestDb('learnchain_race')
	suite('concurrency on PostgreSQL', pg.open, pg.close)
	describe('a completion on PostgreSQL skips the certificate check only when nothing was committed unseen', () => {
		const db = pgTestDb('learnchain_settled')
		let h: DbHandle
		beforeAll(async () => {
			h = await db.open()
			setDbHandleForTests(h)
		})
		afterAll(async () => {
			if (h) await db.close(h)
		})

		async function learnerWithFirstLesson() {
			const me = randomUUID()
			await createLearner({ id: me, name: 'Settled', email: `${me}@example.test` })
			const cur = await createCurriculum({ types: ['text', 'text', 'text'], xp: [10, 10, 10], path: { title: `Path ${me}` } })
			await completeLesson(me, cur.lessons[0]!.id)
			return { me, cur }
		}

		it('two last lessons whose statements both took their snapshot before either committed: the later one issues', async () => {
			const { me, cur } = await learnerWithFirstLesson()
			const waiting = () => h.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
			// Holding the learner's version row keeps both completions inside their statements, each with a
			// snapshot that misses the other's lesson, until both are there.
			const results = await h.db.transaction(async (tx) => {
				await tx.execute(sql`SELECT 1 FROM ${learnerProgressVersion} WHERE ${learnerProgressVersion.userId} = ${me} FOR UPDATE`)
				const both = Promise.all(cur.lessons.slice(1).map((l) => completeLesson(me, l.id)))
				for (let i = 0; i < 800 && rowsOf<{ n: number }>(await waiting())[0]!.n < 2; i++) await new Promise((r) => setTimeout(r, 25))
				expect(rowsOf<{ n: number }>(await waiting())[0]!.n).toBe(2)
				return { both }
			})
			const pair = await results.both
			expect(pair.map((r) => r?.xpAwarded)).toEqual([10, 10])
			expect(pair.filter((r) => r?.certificate?.created)).toHaveLength(1)
			expect(await h.db.select().from(certificates).where(eq(certificates.userId, me))).toHaveLength(1)
		})

		it('a lesson left, seen by a completion nothing raced: one statement; a first completion also runs the check', async () => {
			const me = randomUUID()
			await createLearner({ id: me, name: 'Counted', email: `${me}@example.test` })
			const cur = await createCurriculum({ types: ['text', 'text', 'text'], xp: [10, 10, 10], path: { title: `Path ${me}` } })
			const found = await Promise.all(cur.lessons.map((l) => findVisibleLesson(l.id, false)))
			const count = async (fn: () => Promise<unknown>) => (await statementsSent(h, fn)).statements
			// No version yet: the completion, then the check.
			expect(await count(() => completeLesson(me, found[0]!))).toBe(2)
			// Settled, a lesson left: the completion alone.
			expect(await count(() => completeLesson(me, found[1]!))).toBe(1)
			// The last lesson: the completion, then the check, which issues.
			const last = await completeLesson(me, found[2]!)
			expect(last?.certificate?.created).toBe(true)
		})
	})
} else {
	console.warn(`[concurrency.test] PostgreSQL at ${PG_ADMIN_URL} is not reachable: only the PGlite half runs.`)
}
