import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { courses, lessons } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { lessonContent, lessonContentPt } from '~/features/admin/lists.server.ts'
import { getCourseOutline, getPathOverview, getVisibleLesson, listAvailablePaths, outlineSections } from '~/features/catalog/catalog.server.ts'
import { catalogContext } from '~/features/catalog/learner-state.server.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { completion, createCurriculum, createLearner, createLesson, enrollIn, type Curriculum } from '#tests/support/factories.ts'

// The catalog reads (issue 17, point 1: typed queries naming schema columns): what a learner and an admin
// previewing drafts see, with the learner's progress, in both languages.
let cur: Curriculum
let draftId: string
let learner: string

beforeAll(async () => {
	await useTestDb()
	cur = await createCurriculum({ types: ['text', 'quiz'], xp: [10, 20], path: { title: 'Catalog path', titlePt: 'Trilha do catálogo' } })
	draftId = (await createLesson(cur.module.id, 'text', { order: 3, title: 'Draft lesson', isPublished: false, durationMinutes: 7 })).id
	learner = (await createLearner()).id
	await enrollIn(learner, cur.path.id)
	await completion(learner, cur.lessons[0]!.id)
})

describe('catalog reads', () => {
	it("keeps a learner's enrollments oldest first, in the order the factories made them", async () => {
		const paths: string[] = []
		for (let i = 0; i < 6; i++) paths.push((await createCurriculum({ types: ['text'] })).path.id)
		const walker = (await createLearner()).id
		for (const id of paths) await enrollIn(walker, id)
		expect((await catalogContext(walker)).learner.enrolledInOrder).toEqual(paths)
	})

	it('lists the path with its published lessons and the learner progress, localized', async () => {
		const card = (await listAvailablePaths(learner, { lang: 'pt-BR' })).find((p) => p.id === cur.path.id)
		expect(card).toMatchObject({ title: 'Trilha do catálogo', courseCount: 1, lessonCount: 2, completedLessons: 1, isEnrolled: true })
		const other = (await listAvailablePaths((await createLearner()).id)).find((p) => p.id === cur.path.id)
		expect(other).toMatchObject({ title: 'Catalog path', completedLessons: 0, isEnrolled: false })
	})

	it("sums a course's minutes from its published lessons (the course's own estimate when they have none), and sees a changed estimate at the next read", async () => {
		const timed = await createCurriculum({ types: ['text', 'text'] })
		const db = await getDb()
		const minutes = async () => (await getPathOverview(timed.path.id, learner))?.courses[0]?.totalMinutes
		const card = async () => (await listAvailablePaths(learner)).find((p) => p.id === timed.path.id)?.totalMinutes
		await db.update(courses).set({ durationMinutes: 45 }).where(eq(courses.id, timed.course.id))
		expect(await minutes()).toBe(45)
		await db.update(lessons).set({ durationMinutes: 12 }).where(eq(lessons.id, timed.lessons[0]!.id))
		expect([await minutes(), await card()]).toEqual([12, 12])
		await db.update(lessons).set({ durationMinutes: 30 }).where(eq(lessons.id, timed.lessons[1]!.id))
		expect([await minutes(), await card()]).toEqual([42, 42])
		// A draft's minutes count only in a preview.
		await createLesson(timed.module.id, 'text', { order: 3, isPublished: false, durationMinutes: 5 })
		expect(await minutes()).toBe(42)
		expect((await getPathOverview(timed.path.id, learner, true))?.courses[0]?.totalMinutes).toBe(47)
	})

	it('gives the path overview with per-course counts; drafts only in preview', async () => {
		const seen = await getPathOverview(cur.path.id, learner)
		expect(seen?.courses.map((c) => [c.totalLessons, c.completedLessons])).toEqual([[2, 1]])
		const preview = await getPathOverview(cur.path.id, learner, true)
		expect(preview?.courses[0]?.totalLessons).toBe(3)
		expect(await getPathOverview('not-a-uuid', learner)).toBeNull()
	})

	it('outlines a course with each lesson status, and shows a draft only to a preview', async () => {
		const outline = await getCourseOutline(cur.course.id, learner)
		expect(outline?.modules[0]?.lessons.map((l) => [l.id, l.status])).toEqual([
			[cur.lessons[0]!.id, 'completed'],
			[cur.lessons[1]!.id, 'not_started'],
		])
		const preview = await getCourseOutline(cur.course.id, learner, true)
		expect(preview?.modules[0]?.lessons.at(-1)).toMatchObject({ id: draftId, isPublished: false, durationMinutes: 7 })
	})

	it("gives the player's outline only what its rows draw, in the same order", async () => {
		const preview = (await getCourseOutline(cur.course.id, learner, true))!
		const sections = outlineSections(preview.modules)
		expect(sections.map((m) => m.id)).toEqual(preview.modules.map((m) => m.id))
		expect(sections[0]).toEqual({
			id: cur.module.id,
			title: preview.modules[0]!.title,
			isPublished: true,
			lessons: [
				{ id: cur.lessons[0]!.id, title: preview.modules[0]!.lessons[0]!.title, lessonType: 'text', isPublished: true, status: 'completed' },
				{ id: cur.lessons[1]!.id, title: preview.modules[0]!.lessons[1]!.title, lessonType: 'quiz', isPublished: true, status: 'not_started' },
				{ id: draftId, title: 'Draft lesson', lessonType: 'text', isPublished: false, status: 'not_started' },
			],
		})
	})

	it('returns a lesson body only along a visible chain', async () => {
		expect(await getVisibleLesson(cur.lessons[1]!.id)).toMatchObject({ lessonType: 'quiz', xpValue: 20, courseId: cur.course.id, pathId: cur.path.id })
		expect(await getVisibleLesson(draftId)).toBeNull()
		expect(await getVisibleLesson(draftId, true)).toMatchObject({ id: draftId, moduleId: cur.module.id })
	})
})

describe('admin lesson bodies', () => {
	it('reads a lesson body in each language for the edit dialog, drafts included', async () => {
		expect(await lessonContent(draftId)).toBe('# A lesson\n\nSome text.')
		expect(await lessonContentPt(draftId)).toBe('')
		expect(await lessonContent('00000000-0000-4000-8000-000000000000')).toBeNull()
	})
})
