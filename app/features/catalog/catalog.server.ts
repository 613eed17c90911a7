import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { courses, learningPaths } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'

const uuid = z.uuid()

/** A published path with its published courses in order, or null (unknown, malformed or draft id). */
export async function getPublishedPath(pathId: string) {
	if (!uuid.safeParse(pathId).success) return null
	const db = await getDb()
	const path = await db.query.learningPaths.findFirst({
		where: and(eq(learningPaths.id, pathId), eq(learningPaths.isPublished, true)),
		columns: { id: true, title: true, description: true },
		with: {
			courses: {
				where: eq(courses.isPublished, true),
				orderBy: asc(courses.order),
				columns: { id: true, title: true, summary: true, description: true, order: true },
			},
		},
	})
	return path ?? null
}

export async function getPublishedCourse(courseId: string) {
	if (!uuid.safeParse(courseId).success) return null
	const db = await getDb()
	const course = await db.query.courses.findFirst({
		where: and(eq(courses.id, courseId), eq(courses.isPublished, true)),
		columns: { id: true, title: true, summary: true, pathId: true },
		with: { path: { columns: { id: true, title: true, isPublished: true } } },
	})
	if (!course || !course.path.isPublished) return null
	return course
}
