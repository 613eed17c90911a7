import { and, eq, ne, sql, type AnyColumn } from 'drizzle-orm'
import { getVisibleLesson, localizeLesson } from '~/features/catalog/catalog.server.ts'
import { localize, localizeList } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { attemptFor } from '~/features/challenges/attempts.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { courses, lessons, modules } from '#db/schema.ts'
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
export async function loadLessonContext(lessonId: string, preview: boolean, userId?: string, lang: Language = 'en-US'): Promise<LessonContext | null> {
	const stored = await getVisibleLesson(lessonId, preview)
	if (!stored) return null
	// The tutor reads (and so quotes and suggests from) the lesson in the learner's language.
	const localized = localizeLesson(stored, lang)
	const lesson = { ...localized, content: localized.lessonType === 'quiz' ? localizeQuizContent(localized.content, lang) : localized.content }
	const db = await getDb()
	const visible = (column: AnyColumn) => (preview ? sql`true` : sql`${column}`)
	// The course's other text lessons, for the offline tutor's search; the course row comes back even with none.
	const rows = await db
		.select({
			courseTitle: courses.title,
			courseTitlePt: courses.titlePt,
			title: lessons.title,
			titlePt: lessons.titlePt,
			lessonType: lessons.lessonType,
			content: lessons.content,
			contentPt: lessons.contentPt,
		})
		.from(courses)
		.leftJoin(modules, and(eq(modules.courseId, courses.id), visible(modules.isPublished)))
		.leftJoin(lessons, and(eq(lessons.moduleId, modules.id), visible(lessons.isPublished), eq(lessons.lessonType, 'text'), ne(lessons.id, lesson.id)))
		.where(eq(courses.id, lesson.courseId))
		.orderBy(modules.order, lessons.order)
	const courseTitle = rows[0] ? localize(lang, rows[0].courseTitle, rows[0].courseTitlePt).text : ''
	const others = rows
		.filter((r) => r.title !== null)
		.map((r) => localizeLesson({ title: r.title!, titlePt: r.titlePt, lessonType: r.lessonType!, content: r.content, contentPt: r.contentPt }, lang))
		.map((r) => ({ title: r.title, lessonType: r.lessonType, content: r.content }))
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

/**
 * A quiz's stored JSON with the learner's language moved into the main fields, for the tutor's context
 * (which shows questions and options, never the answers). Unparseable content is passed on unchanged:
 * the context builder refuses it.
 */
function localizeQuizContent(content: string | null, lang: Language): string | null {
	const parsed = parseQuiz(content ?? '[]')
	if (!parsed.ok || lang === 'en-US') return content
	return JSON.stringify(
		parsed.questions.map((q) => {
			const options = localizeList(lang, q.options, q.options_pt).items
			return { question: localize(lang, q.question, q.question_pt).text, options, correctAnswer: options[q.options.indexOf(q.correctAnswer)] ?? options[0] }
		}),
	)
}
