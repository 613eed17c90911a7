import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules, user, userEnrollments, userProgress } from '#db/schema.ts'
import { PG_ADMIN_URL, pgReachable, throwawayDatabase } from '#tests/support/pg.ts'

/** Every constraint the issue asks for, checked against a migrated database. */
function constraintSuite(name: string, open: () => Promise<DbHandle>, close: (h: DbHandle) => Promise<void>) {
	describe(name, () => {
		let h: DbHandle
		let ids: { user: string; path: string; course: string; module: string; lesson: string }
		beforeAll(async () => {
			h = await open()
			const db = h.db
			const userId = randomUUID()
			await db.insert(user).values({ id: userId, name: 'T', email: `${userId}@t.io` })
			const [p] = await db.insert(learningPaths).values({ title: 'Path', slug: 'path-a' }).returning()
			const [c] = await db.insert(courses).values({ pathId: p!.id, title: 'Course', slug: 'course-a', order: 1 }).returning()
			const [m] = await db.insert(modules).values({ courseId: c!.id, title: 'Module', slug: 'module-a', order: 1 }).returning()
			const [l] = await db.insert(lessons).values({ moduleId: m!.id, title: 'Lesson', slug: 'lesson-a', lessonType: 'text', order: 1, xpValue: 10 }).returning()
			ids = { user: userId, path: p!.id, course: c!.id, module: m!.id, lesson: l!.id }
		})
		afterAll(async () => {
			if (h) await close(h)
		})

		it('refuses a second slug under the same parent but allows it under another', async () => {
			await expect(h.db.insert(courses).values({ pathId: ids.path, title: 'Dup', slug: 'course-a', order: 2 })).rejects.toThrow()
			const [p2] = await h.db.insert(learningPaths).values({ title: 'Other', slug: 'path-b' }).returning()
			await expect(h.db.insert(courses).values({ pathId: p2!.id, title: 'Same slug', slug: 'course-a', order: 1 })).resolves.toBeDefined()
		})

		it('checks order >= 1, xp >= 0 and the lesson type', async () => {
			await expect(h.db.insert(modules).values({ courseId: ids.course, title: 'M', slug: 'm-zero', order: 0 })).rejects.toThrow()
			await expect(
				h.db.insert(lessons).values({ moduleId: ids.module, title: 'L', slug: 'l-neg', lessonType: 'text', order: 1, xpValue: -1 }),
			).rejects.toThrow()
			await expect(h.db.insert(lessons).values({ moduleId: ids.module, title: 'L', slug: 'l-pdf', lessonType: 'pdf', order: 1 })).rejects.toThrow()
		})

		it('keeps one progress row per (user, lesson) and one enrollment per (user, path)', async () => {
			await h.db.insert(userProgress).values({ userId: ids.user, lessonId: ids.lesson, status: 'completed' })
			await expect(h.db.insert(userProgress).values({ userId: ids.user, lessonId: ids.lesson, status: 'in_progress' })).rejects.toThrow()
			await h.db.insert(userEnrollments).values({ userId: ids.user, learningPathId: ids.path })
			await expect(h.db.insert(userEnrollments).values({ userId: ids.user, learningPathId: ids.path })).rejects.toThrow()
		})

		it('maintains updated_at on the server', async () => {
			const before = await h.db.query.learningPaths.findFirst({ where: eq(learningPaths.id, ids.path) })
			await new Promise((r) => setTimeout(r, 20))
			await h.db.update(learningPaths).set({ title: 'Renamed' }).where(eq(learningPaths.id, ids.path))
			const after = await h.db.query.learningPaths.findFirst({ where: eq(learningPaths.id, ids.path) })
			expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime())
		})

		it('cascades path > course > module > lesson > progress', async () => {
			await h.db.delete(learningPaths).where(eq(learningPaths.id, ids.path))
			const count = async (table: string) =>
				Number(((await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n)
			expect(await h.db.query.courses.findFirst({ where: eq(courses.id, ids.course) })).toBeUndefined()
			expect(await h.db.query.modules.findFirst({ where: eq(modules.id, ids.module) })).toBeUndefined()
			expect(await h.db.query.lessons.findFirst({ where: eq(lessons.id, ids.lesson) })).toBeUndefined()
			expect(await count('user_progress')).toBe(0)
			expect(await count('user_enrollments')).toBe(0)
		})
	})
}

constraintSuite(
	'migrations on PGlite',
	// A new database (initdb), not the test template: this suite is what proves the migrations run from nothing.
	() => openDatabase({ dataDir: 'memory://' }),
	(h) => h.close(),
)

const reachable = await pgReachable()
if (!reachable) {
	console.warn(`[schema.test] PostgreSQL at ${PG_ADMIN_URL} is not reachable: skipping the PostgreSQL half of the migration test.`)
} else {
	let database: Awaited<ReturnType<typeof throwawayDatabase>>
	constraintSuite(
		'migrations on PostgreSQL',
		async () => {
			database = await throwawayDatabase('learnchain_test')
			return openDatabase({ databaseUrl: database.url })
		},
		async (h) => {
			await h.close()
			await database.drop()
		},
	)
}
