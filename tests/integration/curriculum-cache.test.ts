import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { withPgClient } from '#db/pg-admin.ts'
import { lessons, userProgress } from '#db/schema.ts'
import { getCourseOutline, getVisibleLesson, listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { getDb, setDbHandleForTests } from '~/lib/db.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { createCurriculum, createLearner, type Curriculum } from '#tests/support/factories.ts'
import { pgReachable, PG_ADMIN_URL, throwawayDatabase } from '#tests/support/pg.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { testDataDir } from '#tests/support/data-dir.ts'

// Issue 21, point 3: the curriculum is kept in each process and reloaded when curriculum_version moves.
// Every change below is written behind the cache's back (plain SQL, or another connection standing for
// another process), so only the triggers' version number can tell the reader: nothing is ever stale.

describe('the curriculum kept in the process (PGlite)', () => {
	let cur: Curriculum
	let learner: string
	let first: DbHandle
	beforeAll(async () => {
		first = await useTestDb()
		cur = await createCurriculum({ types: ['text', 'text'], path: { title: 'Cached path' } })
		learner = (await createLearner()).id
	})

	it('reuses the same tree while nothing changed, and reloads it once for concurrent readers after a write', async () => {
		const first = await curriculum()
		expect(await curriculum()).toBe(first)
		const db = await getDb()
		await db.update(lessons).set({ title: 'Renamed elsewhere' }).where(eq(lessons.id, cur.lessons[0]!.id))
		const [a, b, c] = await Promise.all([curriculum(), curriculum(), curriculum()])
		expect(a).not.toBe(first)
		expect(a.version).toBeGreaterThan(first.version)
		expect(b).toBe(a)
		expect(c).toBe(a)
		expect(a.lesson.get(cur.lessons[0]!.id)?.title).toBe('Renamed elsewhere')
	})

	it('shows an unpublished lesson as gone at the very next read, and its body changes too', async () => {
		const db = await getDb()
		const id = cur.lessons[1]!.id
		expect((await getVisibleLesson(id))?.content).toContain('Some text')
		await db.execute(sql`UPDATE ${lessons} SET ${sql.identifier('content')} = 'New body' WHERE ${lessons.id} = ${id}`)
		expect((await getVisibleLesson(id))?.content).toBe('New body')
		await db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, id))
		expect(await getVisibleLesson(id)).toBeNull()
		expect((await getCourseOutline(cur.course.id, learner))?.modules[0]?.lessons.map((l) => l.id)).toEqual([cur.lessons[0]!.id])
		expect(await getVisibleLesson(id, true)).not.toBeNull()
	})

	it("shows a lesson added behind the cache's back with the learner's status in it", async () => {
		// The player's one statement reads the version with the statuses: the reloaded tree and the
		// statuses of its new lesson arrive together.
		const db = await getDb()
		expect((await getCourseOutline(cur.course.id, learner))?.modules[0]?.lessons).toHaveLength(1)
		const [added] = await db
			.insert(lessons)
			.values({ moduleId: cur.module.id, title: 'Added elsewhere', slug: 'added-elsewhere', lessonType: 'text', content: 'x', order: 9, isPublished: true })
			.returning({ id: lessons.id })
		await db.insert(userProgress).values({ userId: learner, lessonId: added!.id, status: 'completed', completedAt: new Date() })
		const outline = await getCourseOutline(cur.course.id, learner)
		expect(outline?.modules[0]?.lessons.map((l) => [l.title, l.status])).toEqual([
			['Renamed elsewhere', 'not_started'],
			['Added elsewhere', 'completed'],
		])
		await db.delete(userProgress).where(eq(userProgress.lessonId, added!.id))
		await db.delete(lessons).where(eq(lessons.id, added!.id))
	})

	it('keeps the version of a write that rolled back', async () => {
		const before = (await curriculum()).version
		const db = await getDb()
		await expect(
			db.transaction(async (tx) => {
				await tx.update(lessons).set({ title: 'Never committed' }).where(eq(lessons.id, cur.lessons[0]!.id))
				throw new Error('roll back')
			}),
		).rejects.toThrow('roll back')
		const after = await curriculum()
		expect(after.version).toBe(before)
		expect(after.lesson.get(cur.lessons[0]!.id)?.title).toBe('Renamed elsewhere')
	})

	it('does not carry a tree over to another database', async () => {
		const cached = await listAvailablePaths(learner)
		expect(cached.map((p) => p.title)).toContain('Cached path')
		const second = await useTestDb()
		await first.close()
		expect(await listAvailablePaths(learner)).toEqual([])
		await second.close()
	})
})

if (await pgReachable()) {
	describe('the curriculum kept in the process (PostgreSQL, a write from another connection)', () => {
		let database: Awaited<ReturnType<typeof throwawayDatabase>>
		let handle: DbHandle
		let cur: Curriculum
		beforeAll(async () => {
			database = await throwawayDatabase('learnchain_curriculum')
			process.env.DATA_DIR ??= testDataDir()
			resetEnvForTests()
			handle = await openDatabase({ databaseUrl: database.url })
			setDbHandleForTests(handle)
			cur = await createCurriculum({ types: ['text'], path: { title: 'Before' } })
		})
		afterAll(async () => {
			await handle?.close()
			await database?.drop()
		})

		it("sees another process's committed edit at its next read", async () => {
			expect((await curriculum()).path.get(cur.path.id)?.title).toBe('Before')
			await withPgClient(database.url, (c) => c.query('UPDATE learning_paths SET title = $1 WHERE id = $2', ['After', cur.path.id]))
			expect((await curriculum()).path.get(cur.path.id)?.title).toBe('After')
			const learner = (await createLearner()).id
			expect((await listAvailablePaths(learner)).map((p) => p.title)).toEqual(['After'])
		})
	})
} else {
	console.warn(`[curriculum-cache.test] PostgreSQL at ${PG_ADMIN_URL} is not reachable: only the PGlite half runs.`)
}
