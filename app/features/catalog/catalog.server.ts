import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import type { OutlineLesson, OutlineModule } from './types.ts'

export type { OutlineLesson, OutlineModule }

const uuid = z.uuid()
export const isUuid = (id: string | null | undefined): id is string => uuid.safeParse(id).success

/** Drafts are visible to admins (preview) only; learners see the published chain. */
const visible = (alias: string, preview: boolean) => (preview ? sql.raw('true') : sql.raw(`${alias}.is_published`))

export type PathCard = { id: string; title: string; description: string | null; courseCount: number; isEnrolled: boolean }

/** Published paths that hold at least one published course, with the learner's enrollment; one query. */
export async function listAvailablePaths(userId: string, opts: { limit?: number } = {}): Promise<PathCard[]> {
	const db = await getDb()
	const result = await db.execute(sql`
		SELECT p.id, p.title, p.description,
			(SELECT count(*)::int FROM courses c WHERE c.path_id = p.id AND c.is_published) AS "courseCount",
			EXISTS (SELECT 1 FROM user_enrollments e WHERE e.learning_path_id = p.id AND e.user_id = ${userId} AND e.is_active) AS "isEnrolled"
		FROM learning_paths p
		WHERE p.is_published
			AND EXISTS (SELECT 1 FROM courses c WHERE c.path_id = p.id AND c.is_published)
		ORDER BY p.created_at, p.title
		LIMIT ${opts.limit ?? 100}
	`)
	return rowsOf<PathCard>(result).map((r) => ({ ...r, courseCount: Number(r.courseCount) }))
}

export type CourseProgress = {
	id: string
	title: string
	summary: string | null
	order: number
	isPublished: boolean
	totalLessons: number
	completedLessons: number
}

/** A path with its courses in order and the learner's progress per course; two queries. */
export async function getPathOverview(pathId: string, userId: string, preview = false) {
	if (!isUuid(pathId)) return null
	const db = await getDb()
	const pathRows = rowsOf<{ id: string; title: string; description: string | null; isPublished: boolean; isEnrolled: boolean }>(
		await db.execute(sql`
			SELECT p.id, p.title, p.description, p.is_published AS "isPublished",
				EXISTS (SELECT 1 FROM user_enrollments e WHERE e.learning_path_id = p.id AND e.user_id = ${userId} AND e.is_active) AS "isEnrolled"
			FROM learning_paths p WHERE p.id = ${pathId} AND ${visible('p', preview)}
		`),
	)
	const path = pathRows[0]
	if (!path) return null
	const courses = rowsOf<CourseProgress>(
		await db.execute(sql`
			SELECT c.id, c.title, c.summary, c."order", c.is_published AS "isPublished",
				count(l.id)::int AS "totalLessons",
				count(up.id)::int AS "completedLessons"
			FROM courses c
			LEFT JOIN modules m ON m.course_id = c.id AND ${visible('m', preview)}
			LEFT JOIN lessons l ON l.module_id = m.id AND ${visible('l', preview)}
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId} AND up.status = 'completed'
			WHERE c.path_id = ${pathId} AND ${visible('c', preview)}
			GROUP BY c.id
			ORDER BY c."order", c.title
		`),
	)
	return { ...path, courses }
}

/** The course player's outline (no lesson bodies) with the learner's status per lesson; two queries. */
export async function getCourseOutline(courseId: string, userId: string, preview = false) {
	if (!isUuid(courseId)) return null
	const db = await getDb()
	const courseRows = rowsOf<{ id: string; title: string; summary: string | null; isPublished: boolean; pathId: string; pathTitle: string; pathPublished: boolean }>(
		await db.execute(sql`
			SELECT c.id, c.title, c.summary, c.is_published AS "isPublished", p.id AS "pathId", p.title AS "pathTitle", p.is_published AS "pathPublished"
			FROM courses c JOIN learning_paths p ON p.id = c.path_id
			WHERE c.id = ${courseId} AND ${visible('c', preview)} AND ${visible('p', preview)}
		`),
	)
	const course = courseRows[0]
	if (!course) return null
	const rows = rowsOf<OutlineLesson & { moduleId: string; moduleTitle: string; moduleOrder: number; modulePublished: boolean }>(
		await db.execute(sql`
			SELECT m.id AS "moduleId", m.title AS "moduleTitle", m."order" AS "moduleOrder", m.is_published AS "modulePublished",
				l.id, l.title, l.lesson_type AS "lessonType", l."order", l.xp_value AS "xpValue", l.is_published AS "isPublished",
				coalesce(up.status, 'not_started') AS status
			FROM modules m
			JOIN lessons l ON l.module_id = m.id AND ${visible('l', preview)}
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId}
			WHERE m.course_id = ${courseId} AND ${visible('m', preview)}
			ORDER BY m."order", m.title, l."order", l.title
		`),
	)
	const modules: OutlineModule[] = []
	for (const r of rows) {
		let m = modules.at(-1)
		if (!m || m.id !== r.moduleId) {
			m = { id: r.moduleId, title: r.moduleTitle, order: r.moduleOrder, isPublished: r.modulePublished, lessons: [] }
			modules.push(m)
		}
		m.lessons.push({ id: r.id, title: r.title, lessonType: r.lessonType, order: r.order, xpValue: r.xpValue, isPublished: r.isPublished, status: r.status })
	}
	return { ...course, modules }
}

/** One lesson's body, only if it is visible along its whole chain. */
export async function getVisibleLesson(lessonId: string, preview = false) {
	if (!isUuid(lessonId)) return null
	const db = await getDb()
	const rows = rowsOf<{ id: string; title: string; lessonType: string; content: string | null; xpValue: number; moduleId: string; courseId: string; pathId: string }>(
		await db.execute(sql`
			SELECT l.id, l.title, l.lesson_type AS "lessonType", l.content, l.xp_value AS "xpValue", m.id AS "moduleId", c.id AS "courseId", p.id AS "pathId"
			FROM lessons l
			JOIN modules m ON m.id = l.module_id
			JOIN courses c ON c.id = m.course_id
			JOIN learning_paths p ON p.id = c.path_id
			WHERE l.id = ${lessonId} AND ${visible('l', preview)} AND ${visible('m', preview)} AND ${visible('c', preview)} AND ${visible('p', preview)}
		`),
	)
	return rows[0] ?? null
}
