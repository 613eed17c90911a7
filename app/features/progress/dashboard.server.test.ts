import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
import { courses, lessons as lessonsTable } from '#db/schema.ts'
import { createCourse, createLearner, createLesson, createModule, createPath } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { courseSummary, isFinished } from './course-progress.server.ts'
import { dashboardHome } from './dashboard.server.ts'
import { completeLesson, enroll } from './progress.server.ts'

let db: Db
let pathId: string
let courseId: string
let nextCourseId: string
let lessons: string[]

beforeAll(async () => {
	db = (await useTestDb()).db
	const path = await createPath({ title: 'Path' })
	pathId = path.id
	courseId = (await createCourse(pathId, { title: 'One', order: 1 })).id
	nextCourseId = (await createCourse(pathId, { title: 'Two', order: 2 })).id
	const m = await createModule(courseId, { title: 'M' })
	const m2 = await createModule(nextCourseId, { title: 'M2' })
	lessons = [
		await createLesson(m.id, 'text', { title: 'A', xpValue: 10, order: 1, durationMinutes: 7 }),
		await createLesson(m.id, 'text', { title: 'B', xpValue: 15, order: 2, durationMinutes: null }),
		await createLesson(m2.id, 'text', { title: 'C', xpValue: 5, order: 1, durationMinutes: 3 }),
	].map((l) => l.id)
	for (const id of ['fresh', 'busy', 'done']) await createLearner({ id, name: id, email: `${id}@example.test` })
})

describe('dashboard figures (issue 19, point 9; issue 20, point 4)', () => {
	it('a first visit: no enrollment, nothing in progress, a lesson to start with', async () => {
		const home = await dashboardHome('fresh')
		expect(home.stats).toMatchObject({ enrolledPaths: 0, inProgressPaths: 0, completedLessons: 0 })
		expect(home.firstVisit).toBe(true)
		expect(home.start).toMatchObject({ lessonId: lessons[0], courseId })
		expect(home.habits).toMatchObject({ ok: true, value: { streak: 0 } })
	})

	it('an enrolled, unfinished path is in progress; a finished one is not', async () => {
		expect(await enroll('busy', pathId)).toBe(true)
		await completeLesson('busy', lessons[0]!)
		expect((await dashboardHome('busy')).stats).toMatchObject({ enrolledPaths: 1, inProgressPaths: 1, completedLessons: 1 })
		for (const id of lessons) await completeLesson('done', id)
		const home = await dashboardHome('done')
		expect(home.stats).toMatchObject({ enrolledPaths: 1, inProgressPaths: 0, completedLessons: 3 })
		expect(home.firstVisit).toBe(false)
	})

	it('completing a lesson of a path not enrolled in enrolls, and says so once', async () => {
		await createLearner({ id: 'walker', name: 'w', email: 'walker@example.test' })
		expect(await completeLesson('walker', lessons[0]!)).toMatchObject({ enrolledPathTitle: 'Path', xpAwarded: 10 })
		expect(await completeLesson('walker', lessons[1]!)).toMatchObject({ enrolledPathTitle: null, xpAwarded: 15 })
	})

	it('a Portuguese reader gets the resume and first-lesson titles in Portuguese, English where no twin exists', async () => {
		await db.update(courses).set({ titlePt: 'Um', description: 'About one', descriptionPt: 'Sobre o um' }).where(eq(courses.id, courseId))
		await db.update(lessonsTable).set({ titlePt: 'Aula A' }).where(eq(lessonsTable.id, lessons[0]!))
		expect((await dashboardHome('fresh', new Date(), () => {}, 'pt-BR')).start).toMatchObject({ lessonId: lessons[0], lessonTitle: 'Aula A' })
		expect((await dashboardHome('busy', new Date(), () => {}, 'pt-BR')).resume).toEqual({
			ok: true,
			value: { lessonId: lessons[0], lessonTitle: 'Aula A', courseId, courseTitle: 'Um', courseDescription: 'Sobre o um' },
		})
		expect((await dashboardHome('busy')).resume).toMatchObject({ value: { lessonTitle: 'A', courseTitle: 'One', courseDescription: 'About one' } })
		// 'walker' last completed B, which has no Portuguese title.
		expect((await dashboardHome('walker', new Date(), () => {}, 'pt-BR')).resume).toMatchObject({
			value: { lessonId: lessons[1], lessonTitle: 'B', courseTitle: 'Um' },
		})
	})

	it('a failing section fails alone', async () => {
		const home = await dashboardHome('busy', new Date(), (s) => {
			if (s === 'habits') throw new Error('injected')
		})
		expect(home.habits).toEqual({ ok: false })
		expect(home.stats.inProgressPaths).toBe(1)
		expect(home.paths.ok).toBe(true)
	})
})

describe('the course summary (issue 20, point 3)', () => {
	it('knows when a course is finished, what it earned, the next course and the minutes per lesson', async () => {
		const before = await courseSummary('busy', courseId)
		expect(isFinished(before)).toBe(false)
		expect(before.minutes).toEqual({ [lessons[0]!]: 7 })
		const after = await courseSummary('done', courseId)
		expect(after).toMatchObject({ total: 2, done: 2, xp: 25, next: { id: nextCourseId, title: 'Two' } })
		expect(isFinished(after)).toBe(true)
		expect((await courseSummary('done', nextCourseId)).next).toBeNull()
	})
})
