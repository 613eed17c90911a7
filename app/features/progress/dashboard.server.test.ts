import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
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
	const [p] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO learning_paths (title, slug, is_published) VALUES ('Path', 'path', true) RETURNING id`))
	pathId = p!.id
	const courses = rowsOf<{ id: string }>(
		await db.execute(sql`INSERT INTO courses (path_id, title, slug, is_published, "order") VALUES (${pathId}, 'One', 'one', true, 1), (${pathId}, 'Two', 'two', true, 2) RETURNING id`),
	)
	courseId = courses[0]!.id
	nextCourseId = courses[1]!.id
	const [m] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO modules (course_id, title, slug, is_published) VALUES (${courseId}, 'M', 'm', true) RETURNING id`))
	const [m2] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO modules (course_id, title, slug, is_published) VALUES (${nextCourseId}, 'M2', 'm2', true) RETURNING id`))
	lessons = rowsOf<{ id: string }>(
		await db.execute(sql`
			INSERT INTO lessons (module_id, title, slug, lesson_type, content, xp_value, is_published, "order", duration_minutes)
			VALUES (${m!.id}, 'A', 'a', 'text', 'x', 10, true, 1, 7), (${m!.id}, 'B', 'b', 'text', 'x', 15, true, 2, null), (${m2!.id}, 'C', 'c', 'text', 'x', 5, true, 1, 3)
			RETURNING id
		`),
	).map((r) => r.id)
	for (const id of ['fresh', 'busy', 'done']) await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, ${id}, ${`${id}@example.test`}, true)`)
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
		await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('walker', 'w', 'walker@example.test', true)`)
		expect(await completeLesson('walker', lessons[0]!)).toMatchObject({ enrolledPathTitle: 'Path', xpAwarded: 10 })
		expect(await completeLesson('walker', lessons[1]!)).toMatchObject({ enrolledPathTitle: null, xpAwarded: 15 })
	})

	it('a Portuguese reader gets the resume and first-lesson titles in Portuguese, English where no twin exists', async () => {
		await db.execute(sql`UPDATE courses SET title_pt = 'Um', description = 'About one', description_pt = 'Sobre o um' WHERE id = ${courseId}`)
		await db.execute(sql`UPDATE lessons SET title_pt = 'Aula A' WHERE id = ${lessons[0]}`)
		expect((await dashboardHome('fresh', new Date(), () => {}, 'pt-BR')).start).toMatchObject({ lessonId: lessons[0], lessonTitle: 'Aula A' })
		expect((await dashboardHome('busy', new Date(), () => {}, 'pt-BR')).resume).toEqual({
			ok: true,
			value: { lessonId: lessons[0], lessonTitle: 'Aula A', courseId, courseTitle: 'Um', courseDescription: 'Sobre o um' },
		})
		expect((await dashboardHome('busy')).resume).toMatchObject({ value: { lessonTitle: 'A', courseTitle: 'One', courseDescription: 'About one' } })
		// 'walker' last completed B, which has no Portuguese title.
		expect((await dashboardHome('walker', new Date(), () => {}, 'pt-BR')).resume).toMatchObject({ value: { lessonId: lessons[1], lessonTitle: 'B', courseTitle: 'Um' } })
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
