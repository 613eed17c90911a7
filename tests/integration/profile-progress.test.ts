import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { courses, learningPaths, lessons, userEnrollments, userProgress } from '#db/schema.ts'
import type { SessionUser } from '~/features/auth/user.ts'
import { profilePage } from '~/features/profile/profile.server.ts'
import { completeLesson, markViewed } from '~/features/progress/progress.server.ts'
import { createCourse, createCurriculum, createLearner, createLesson, createModule, enrollIn, profile } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// The profile's Learning Progress: per enrolled published path, its title in the reader's language, the
// published lessons done of total, the path's XP and the last time the learner touched one of its lessons.
// Issue 21: counted from the kept curriculum and completed set, the XP and last activity kept by triggers
// (xp_totals, learner_path_activity), in the learner's one statement.

const asUser = (id: string): SessionUser => ({ id, email: `${id}@example.test`, name: 'Test Learner', image: null, role: 'user', emailVerified: true })

// One throw-away database for the file: every test makes its own learner and paths.
let h: DbHandle
beforeAll(async () => {
	h = await useTestDb()
})
afterAll(async () => {
	await h?.close()
})

describe("the profile's learning progress", () => {
	it('counts published lessons done of total per enrolled path, with its XP and last activity, most recent first', async () => {
		const learner = (await createLearner()).id
		const older = await createCurriculum({
			types: ['text', 'text', 'text', 'text'],
			xp: [10, 20, 30, 40],
			path: { title: 'Older path', titlePt: 'Trilha antiga' },
		})
		const newer = await createCurriculum({ types: ['text', 'text'], xp: [15, 25], path: { title: 'Newer path' } })
		// A second course in the older path, and content the learner does not see: an unpublished lesson,
		// module and course, none of which counts in the total.
		const second = await createCourse(older.path.id)
		const secondModule = await createModule(second.id)
		await createLesson(secondModule.id, 'text', { xpValue: 5 })
		await createLesson(older.module.id, 'text', { isPublished: false, publishedAt: null })
		await createLesson((await createModule(older.course.id, { isPublished: false, publishedAt: null })).id)
		await createLesson((await createModule((await createCourse(older.path.id, { isPublished: false, publishedAt: null })).id)).id)
		await enrollIn(learner, older.path.id)
		await enrollIn(learner, newer.path.id)

		await completeLesson(learner, older.lessons[0]!.id)
		await completeLesson(learner, older.lessons[2]!.id)
		await new Promise((r) => setTimeout(r, 5))
		await markViewed(learner, newer.lessons[1]!.id)

		const en = await profilePage(asUser(learner), 'en-US')
		expect(en.progress.paths.map(({ id, title, done, total, percent, xp }) => ({ id, title, done, total, percent, xp }))).toEqual([
			{ id: newer.path.id, title: 'Newer path', done: 0, total: 2, percent: 0, xp: 0 },
			{ id: older.path.id, title: 'Older path', done: 2, total: 5, percent: 40, xp: 40 },
		])
		const [newest, oldest] = en.progress.paths
		expect(newest!.lastActivity! > oldest!.lastActivity!).toBe(true)
		expect(en.progress.totalXP).toBe(40)

		// Completing a lesson of the older path moves it to the top and its counts on.
		await new Promise((r) => setTimeout(r, 5))
		await completeLesson(learner, older.lessons[3]!.id)
		const after = await profilePage(asUser(learner), 'pt-BR')
		expect(after.progress.paths.map((p) => [p.title, p.done, p.total, p.xp])).toEqual([
			['Trilha antiga', 3, 5, 80],
			['Newer path', 0, 2, 0],
		])
		expect(after.progress.totalXP).toBe(80)
	})

	it('leaves out paths left or unpublished, keeps a path with nothing published yet, and never touched ones last', async () => {
		const learner = (await createLearner()).id
		const left = await createCurriculum({ types: ['text'], path: { title: 'Left path' } })
		const hidden = await createCurriculum({ types: ['text'], path: { title: 'Hidden path' } })
		const empty = await createCurriculum({ types: ['text'], path: { title: 'Empty path' } })
		const touched = await createCurriculum({ types: ['text', 'text'], path: { title: 'Touched path' } })
		for (const c of [left, hidden, empty, touched]) await enrollIn(learner, c.path.id)
		await completeLesson(learner, left.lessons[0]!.id)
		await markViewed(learner, touched.lessons[0]!.id)
		await h.db.update(userEnrollments).set({ isActive: false }).where(eq(userEnrollments.learningPathId, left.path.id))
		await h.db.update(learningPaths).set({ isPublished: false }).where(eq(learningPaths.id, hidden.path.id))
		await h.db.update(courses).set({ isPublished: false }).where(eq(courses.id, empty.course.id))

		const { progress } = await profilePage(asUser(learner), 'en-US')
		expect(progress.paths.map((p) => [p.title, p.done, p.total, p.percent, p.lastActivity === null])).toEqual([
			['Touched path', 0, 2, 0, false],
			['Empty path', 0, 0, 0, true],
		])
		// XP stays earned when its path is left: the total counts the left path's lesson.
		expect(progress.totalXP).toBe(10)
	})

	it("stops counting a lesson and its completion once it is unpublished, and keeps the path's XP as its scoreboard does", async () => {
		const learner = (await createLearner()).id
		const cur = await createCurriculum({ types: ['text', 'text'], xp: [10, 20] })
		await enrollIn(learner, cur.path.id)
		await completeLesson(learner, cur.lessons[0]!.id)
		await completeLesson(learner, cur.lessons[1]!.id)
		await h.db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, cur.lessons[1]!.id))
		const [path] = (await profilePage(asUser(learner), 'en-US')).progress.paths
		// XP earned stays earned: the path's scoreboard and the total XP count it too.
		expect(path).toMatchObject({ done: 1, total: 1, percent: 100, xp: 30 })
	})

	it('shows the saved profile, the heatmap of completions and nothing for a learner with no activity', async () => {
		const learner = (await createLearner({ name: 'Ana Tester' })).id
		const blank = await profilePage(asUser(learner), 'en-US')
		expect(blank.savedAt).toBeNull()
		expect(blank.form.fullName).toBe('Test Learner')
		expect(blank.progress).toMatchObject({ paths: [], totalXP: 0, activity: { counts: {} } })

		await profile(learner, {
			fullName: 'Ana Tester',
			country: 'BR',
			languages: ['pt', 'en'],
			career: { openToRelocation: true, desiredRoles: ['Smart contract engineer'] },
		})
		const cur = await createCurriculum({ types: ['text'] })
		await enrollIn(learner, cur.path.id)
		await completeLesson(learner, cur.lessons[0]!.id)
		const saved = await profilePage(asUser(learner), 'en-US')
		expect(saved.savedAt).not.toBeNull()
		expect(saved.form).toMatchObject({ fullName: 'Ana Tester', country: 'BR', languages: ['pt', 'en'] })
		expect(saved.form.career).toMatchObject({ openToRelocation: true, desiredRoles: ['Smart contract engineer'] })
		// One day with one completion (today's, or yesterday's if the test ran across midnight UTC).
		expect(Object.values(saved.progress.activity.counts)).toEqual([1])
		// Progress rows that vanish (a restore, an admin's reset) leave the counts at what is stored.
		await h.db.delete(userProgress).where(eq(userProgress.userId, learner))
		expect((await profilePage(asUser(learner), 'en-US')).progress.paths[0]).toMatchObject({ done: 0, total: 1, lastActivity: null })
	})
})

describe("the profile's last activity per path, for a learner with a long history", () => {
	it('finds a path touched before 600 later lessons of another, and none for a path never touched', async () => {
		const learner = (await createLearner()).id
		const early = await createCurriculum({ types: ['text'], path: { title: 'Early path' } })
		const busy = await createCurriculum({ types: ['text'], path: { title: 'Busy path' } })
		const untouched = await createCurriculum({ types: ['text'], path: { title: 'Untouched path' } })
		for (const c of [early, busy, untouched]) await enrollIn(learner, c.path.id)
		await markViewed(learner, early.lessons[0]!.id)
		// 601 later lessons of another path, all done after it (written in bulk, as a restore or import would).
		await h.db.execute(sql`
			INSERT INTO ${lessons} (module_id, title, slug, lesson_type, "order", xp_value, is_published, published_at)
			SELECT ${busy.module.id}, 'Bulk ' || n, 'bulk-' || n || '-' || ${busy.module.id}, 'text', n + 1, 10, true, now() FROM generate_series(1, 600) n`)
		await h.db.execute(sql`
			INSERT INTO ${userProgress} (user_id, lesson_id, status, completed_at, last_viewed_at)
			SELECT ${learner}, l.id, 'completed', now() + interval '1 minute', now() + interval '1 minute' FROM ${lessons} l WHERE l.module_id = ${busy.module.id}`)
		const viewed = await h.db.query.userProgress.findFirst({ where: eq(userProgress.lessonId, early.lessons[0]!.id) })
		const paths = (await profilePage(asUser(learner), 'en-US')).progress.paths
		expect(paths.map((p) => [p.title, p.done, p.total])).toEqual([
			['Busy path', 601, 601],
			['Early path', 0, 1],
			['Untouched path', 0, 1],
		])
		expect(paths[1]!.lastActivity).toBe(new Date(viewed!.lastViewedAt!).toISOString())
		expect(paths[2]!.lastActivity).toBeNull()
	})
})

describe('the last activity per path, kept by triggers (learner_path_activity)', () => {
	const lastOf = async (learner: string) =>
		Object.fromEntries((await profilePage(asUser(learner), 'en-US')).progress.paths.map((p) => [p.title, p.lastActivity]))

	it('follows touches moved back in time, rows deleted and content moved to another path', async () => {
		const learner = (await createLearner()).id
		const a = await createCurriculum({ types: ['text', 'text'], path: { title: 'Path A' } })
		const b = await createCurriculum({ types: ['text'], path: { title: 'Path B' } })
		for (const c of [a, b]) await enrollIn(learner, c.path.id)
		const at = (iso: string) => new Date(iso).toISOString()
		const touch = (lessonId: string, iso: string) =>
			h.db
				.execute(sql`INSERT INTO ${userProgress} (user_id, lesson_id, status, last_viewed_at) VALUES (${learner}, ${lessonId}, 'in_progress', ${iso}::timestamptz)
				ON CONFLICT (user_id, lesson_id) DO UPDATE SET last_viewed_at = excluded.last_viewed_at`)
		await touch(a.lessons[0]!.id, '2026-01-01T10:00:00Z')
		await touch(a.lessons[1]!.id, '2026-01-03T10:00:00Z')
		expect(await lastOf(learner)).toEqual({ 'Path A': at('2026-01-03T10:00:00Z'), 'Path B': null })
		// A touch moved back (a correction, a restore by hand): the next latest counts.
		await touch(a.lessons[1]!.id, '2025-12-31T10:00:00Z')
		expect((await lastOf(learner))['Path A']).toBe(at('2026-01-01T10:00:00Z'))
		await h.db.delete(userProgress).where(eq(userProgress.lessonId, a.lessons[0]!.id))
		expect((await lastOf(learner))['Path A']).toBe(at('2025-12-31T10:00:00Z'))
		// The course moves to path B: its touches count for B now.
		await h.db.update(courses).set({ pathId: b.path.id }).where(eq(courses.id, a.course.id))
		expect(await lastOf(learner)).toEqual({ 'Path A': null, 'Path B': at('2025-12-31T10:00:00Z') })
	})
})
