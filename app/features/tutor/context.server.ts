import { sql } from 'drizzle-orm'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { attemptFor } from '~/features/challenges/attempts.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { buildLessonContext } from './context.ts'
import type { OfflineCorpus } from './offline.server.ts'

export type LessonContext = {
	lessonId: string
	title: string
	lessonType: string
	/** What the model sees: built here from the lesson id, never taken from the browser. */
	context: string
	/** What the offline tutor searches: this lesson, then the course's other text lessons. */
	corpus: OfflineCorpus
}

/**
 * A visible lesson with its course; null when the learner may not see it. Two queries (three for a code
 * challenge: the learner's code and last run join the context; the tests and reference solution never do).
 */
export async function loadLessonContext(lessonId: string, preview: boolean, userId?: string): Promise<LessonContext | null> {
	const lesson = await getVisibleLesson(lessonId, preview)
	if (!lesson) return null
	const db = await getDb()
	const visible = (alias: string) => (preview ? sql.raw('true') : sql.raw(`${alias}.is_published`))
	const rows = rowsOf<{ courseTitle: string; title: string | null; lessonType: string | null; content: string | null }>(
		await db.execute(sql`
			SELECT c.title AS "courseTitle", l.title, l.lesson_type AS "lessonType", l.content
			FROM courses c
			LEFT JOIN modules m ON m.course_id = c.id AND ${visible('m')}
			LEFT JOIN lessons l ON l.module_id = m.id AND ${visible('l')} AND l.lesson_type = 'text' AND l.id <> ${lesson.id}
			WHERE c.id = ${lesson.courseId}
			ORDER BY m."order", l."order"
		`),
	)
	const courseTitle = rows[0]?.courseTitle ?? ''
	const others = rows.filter((r) => r.title !== null).map((r) => ({ title: r.title!, lessonType: r.lessonType!, content: r.content }))
	const attempt = lesson.lessonType === 'challenge' && userId ? await attemptFor(userId, lesson.id) : null
	const challenge = lesson.lessonType === 'challenge' ? { code: attempt?.draft ?? null, lastRun: attempt?.lastResult ?? null } : null
	const source = { title: lesson.title, lessonType: lesson.lessonType, content: lesson.content, challenge }
	return {
		lessonId: lesson.id,
		title: lesson.title,
		lessonType: lesson.lessonType,
		context: buildLessonContext({ courseTitle, ...source }),
		corpus: { lesson: source, others },
	}
}
