import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { listLessonPage } from '~/features/admin/lesson-list.server.ts'
import { LESSON_PAGE_SIZE, lessonListParams, parseLessonListQuery, type LessonListQuery } from '~/features/admin/schemas.ts'
import { createCourse, createLesson, createModule, createPath, type LessonType } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// The admin lessons list searched, filtered and paged in SQL (issue 20.8) over 60 lessons in two courses.

let h: DbHandle
const types: LessonType[] = ['text', 'video', 'quiz', 'challenge']
let moduleA = ''
let moduleB = ''
let courseB = ''
let pathId = ''
const ordered: string[] = []

const page = (q: Partial<LessonListQuery> = {}) => listLessonPage({ page: 1, ...q })

beforeAll(async () => {
	h = await useTestDb()
	const path = await createPath({ title: 'Paged path' })
	pathId = path.id
	const a = await createCourse(path.id, { title: 'Course A', order: 1 })
	const b = await createCourse(path.id, { title: 'Course B', order: 2 })
	courseB = b.id
	// Same module title in both courses, as the finding reported.
	moduleA = (await createModule(a.id, { title: 'Basics', order: 1 })).id
	moduleB = (await createModule(b.id, { title: 'Basics', order: 1 })).id
	for (let i = 1; i <= 60; i++) {
		const mod = i <= 40 ? moduleA : moduleB
		const order = i <= 40 ? i : i - 40
		const row = await createLesson(mod, types[i % 4]!, {
			title: i === 7 ? 'Merkle trees explained' : `Lesson ${String(i).padStart(2, '0')}`,
			titlePt: i === 12 ? 'Árvores de Merkle na prática' : null,
			slug: i === 33 ? 'merkle-proofs' : `lesson-${i}`,
			order,
			isPublished: i % 3 !== 0,
			publishedAt: i % 3 !== 0 ? new Date() : null,
		})
		ordered.push(row.id)
	}
})

afterAll(async () => {
	await h?.close()
})

describe('admin lessons list', () => {
	it('pages 60 lessons 25 at a time in curriculum order, with the total', async () => {
		const first = await page()
		expect(first).toMatchObject({ total: 60, page: 1, pages: 3, from: 1, to: 25 })
		expect(first.lessons).toHaveLength(LESSON_PAGE_SIZE)
		expect(first.lessons.map((l) => l.id)).toEqual(ordered.slice(0, 25))

		const third = await page({ page: 3 })
		expect(third).toMatchObject({ total: 60, page: 3, pages: 3, from: 51, to: 60 })
		expect(third.lessons.map((l) => l.id)).toEqual(ordered.slice(50))
		expect(third.lessons[0]).toMatchObject({ courseTitle: 'Course B', moduleTitle: 'Basics', pathTitle: 'Paged path', order: 11 })
		expect(third.pastEnd).toBeUndefined()
	})

	it('searches titles in either language and slugs, case-insensitively, and treats LIKE wildcards literally', async () => {
		const found = await page({ q: 'merkle' })
		expect(found.total).toBe(3)
		expect(found.lessons.map((l) => l.slug).sort()).toEqual(['lesson-12', 'lesson-7', 'merkle-proofs'])
		expect((await page({ q: 'ÁRVORES' })).lessons.map((l) => l.slug)).toEqual(['lesson-12'])
		expect((await page({ q: '%' })).total).toBe(0)
		expect((await page({ q: 'lesson_1' })).total).toBe(0)
		expect((await page({ q: 'lesson-1' })).total).toBe(11)
	})

	it('filters by module, course, path, type and published state, combined with the search', async () => {
		expect((await page({ module: moduleB })).total).toBe(20)
		expect((await page({ course: courseB })).total).toBe(20)
		expect((await page({ path: pathId })).total).toBe(60)
		const quizzes = await page({ type: 'quiz' })
		expect(quizzes.total).toBe(15)
		expect(quizzes.lessons.every((l) => l.lessonType === 'quiz')).toBe(true)
		const drafts = await page({ status: 'draft' })
		expect(drafts.total).toBe(20)
		expect(drafts.lessons.every((l) => !l.isPublished)).toBe(true)
		expect((await page({ status: 'published' })).total).toBe(40)
		const narrow = await page({ module: moduleA, type: 'text', status: 'draft', q: 'Lesson' })
		// Lessons 12, 24 and 36 are text lessons (i % 4 === 0) and drafts (i % 3 === 0) in module A.
		expect(narrow.lessons.map((l) => l.slug)).toEqual(['lesson-12', 'lesson-24', 'lesson-36'])
	})

	it('shows the last page for a page past the end, and nothing when nothing matches', async () => {
		const past = await page({ page: 9 })
		expect(past).toMatchObject({ page: 3, pages: 3, pastEnd: 9, from: 51, to: 60, total: 60 })
		expect(past.lessons.map((l) => l.id)).toEqual(ordered.slice(50))
		const none = await page({ q: 'no such lesson', page: 2 })
		expect(none).toMatchObject({ total: 0, page: 1, pages: 1, from: 0, to: 0, pastEnd: 2 })
		expect(none.lessons).toEqual([])
	})

	it('reads bad search params as no filter and names them, never an error', () => {
		const params = new URLSearchParams({ page: 'abc', type: 'essay', status: 'published', module: 'not-a-uuid', q: `  ${'x'.repeat(300)}  ` })
		const { query, ignored } = parseLessonListQuery(params)
		expect(query).toEqual({ page: 1, status: 'published', q: 'x'.repeat(100) })
		expect(ignored).toEqual(['type', 'module', 'page'])
		for (const bad of ['0', '-1', '1.5', '1e3', '99999999']) expect(parseLessonListQuery(new URLSearchParams({ page: bad })).ignored).toEqual(['page'])
		expect(parseLessonListQuery(new URLSearchParams({ page: '3', type: 'quiz', q: '' })).query).toEqual({ page: 3, type: 'quiz' })
		// The links the page builds keep only what parsed.
		expect(lessonListParams(query).toString()).toBe(`q=${'x'.repeat(100)}&status=published`)
		expect(lessonListParams({ page: 2, q: 'a b', module: moduleA }).toString()).toBe(`q=a+b&module=${moduleA}&page=2`)
	})
})
