import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { learnerProgressVersion, user, userProgress } from '#db/schema.ts'
import { catalogContext } from '~/features/catalog/learner-state.server.ts'
import { completeLesson, markViewed } from '~/features/progress/progress.server.ts'
import { createCurriculum, createLearner, type Curriculum } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// Issue 21: a learner's completed lessons are kept in the process while their learner_progress_version
// stands (migration 0008), so a page no longer reads them all on every request. Every change below that
// matters must move the number, whoever makes it; views must not.

describe("a learner's completed lessons, kept while their number stands", () => {
	let h: DbHandle
	let cur: Curriculum
	beforeAll(async () => {
		h = await useTestDb()
		cur = await createCurriculum({ types: ['text', 'text', 'text'] })
	})
	const version = async (userId: string) =>
		(await h.db.query.learnerProgressVersion.findFirst({ where: eq(learnerProgressVersion.userId, userId) }))?.version ?? null
	const [a, b, c] = [0, 1, 2].map((i) => () => cur.lessons[i]!.id)
	afterEach(() => vi.restoreAllMocks())

	/** The `completed` column of every catalog statement run from now on, as the database returned it. */
	function catalogRowsSeen() {
		type Prepared = { execute: (values: unknown) => Promise<{ rows: Record<string, unknown>[] }> }
		const session = (h.db as unknown as { session: { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => Prepared } }).session
		const prepare = session.prepareQuery.bind(session)
		const seen: (string[] | null)[] = []
		vi.spyOn(session, 'prepareQuery').mockImplementation((query, ...rest) => {
			const prepared = prepare(query, ...rest)
			// The catalog statement's own column (the completion's statement also names the version's table).
			if (!query.sql.includes('AS progress_version')) return prepared
			return {
				execute: async (values: unknown) => {
					const result = await prepared.execute(values)
					seen.push((result.rows[0]?.completed as string[] | null) ?? null)
					return result
				},
			}
		})
		return () => seen
	}

	it('moves on a completion, by the app or behind its back, and not on a view', async () => {
		const learner = (await createLearner()).id
		expect(await version(learner)).toBeNull()
		await markViewed(learner, a())
		expect(await version(learner)).toBeNull()
		await completeLesson(learner, a())
		const first = await version(learner)
		expect(first).not.toBeNull()
		await markViewed(learner, a())
		await markViewed(learner, b())
		expect(await version(learner)).toBe(first)
		// in_progress to completed, written as plain SQL (another process, the CLI).
		await h.db.execute(sql`UPDATE ${userProgress} SET status = 'completed', completed_at = now() WHERE user_id = ${learner} AND lesson_id = ${b()}`)
		const second = await version(learner)
		expect(second).toBeGreaterThan(first!)
		await h.db.delete(userProgress).where(eq(userProgress.lessonId, b()))
		expect(await version(learner)).toBeGreaterThan(second!)
	})

	it('reuses the kept set while nothing changed and reads it again after any change', async () => {
		const learner = (await createLearner()).id
		await completeLesson(learner, a())
		const one = await catalogContext(learner)
		expect([...one.learner.completed]).toEqual([a()])
		expect((await catalogContext(learner)).learner.completed).toBe(one.learner.completed)
		await completeLesson(learner, b())
		expect([...(await catalogContext(learner)).learner.completed].sort()).toEqual([a(), b()].sort())
		await h.db.execute(sql`INSERT INTO ${userProgress} (user_id, lesson_id, status, completed_at) VALUES (${learner}, ${c()}, 'completed', now())`)
		const three = await catalogContext(learner)
		expect(three.learner.completed.size).toBe(3)
		expect((await catalogContext(learner)).learner.completed).toBe(three.learner.completed)
	})

	it('skips the read in SQL itself while the number stands, not only in JavaScript', async () => {
		// The kept set would be reused even if the statement read every id each time; only its `completed`
		// column shows whether the database still reads them (the learner with 100,000 completions).
		const learner = (await createLearner()).id
		await completeLesson(learner, a())
		const completedColumns = catalogRowsSeen()
		await catalogContext(learner)
		await catalogContext(learner)
		expect(completedColumns()).toEqual([[a()], null])
		await completeLesson(learner, b())
		await catalogContext(learner)
		expect(completedColumns()[2]?.sort()).toEqual([a(), b()].sort())
	})

	it('without a number (as after a restore) reads every time and keeps nothing', async () => {
		const learner = (await createLearner()).id
		await completeLesson(learner, a())
		await h.db.delete(learnerProgressVersion).where(eq(learnerProgressVersion.userId, learner))
		const one = await catalogContext(learner)
		expect([...one.learner.completed]).toEqual([a()])
		const two = await catalogContext(learner)
		expect(two.learner.completed).not.toBe(one.learner.completed)
		expect([...two.learner.completed]).toEqual([a()])
	})

	it('lets a learner with completions be deleted (the number goes with them)', async () => {
		const learner = (await createLearner()).id
		await completeLesson(learner, a())
		await h.db.delete(user).where(eq(user.id, learner))
		expect(await version(learner)).toBeNull()
	})
})
