import { getVisibleLesson, localizeLesson } from '~/features/catalog/catalog.server.ts'
import { curriculum, lessonBodies, visibleLessons, type CourseNode, type Curriculum } from '~/features/catalog/curriculum.server.ts'
import { localize, localizeList } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { attemptFor } from '~/features/challenges/attempts.server.ts'
import { buildLessonContext } from './context.ts'
import type { OfflineCorpus, SourceLesson } from './offline.server.ts'

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
 * A visible lesson with its course; null when the learner may not see it. Read from the kept curriculum
 * and its kept lesson bodies (catalog/curriculum.server.ts): one small query (the curriculum's version)
 * when nothing changed; a code challenge also reads the learner's code and last run (the tests and
 * reference solution never join the context).
 */
export async function loadLessonContext(lessonId: string, preview: boolean, userId?: string, lang: Language = 'en-US'): Promise<LessonContext | null> {
	const tree = await curriculum()
	const stored = await getVisibleLesson(lessonId, preview, tree)
	if (!stored) return null
	// The tutor reads (and so quotes and suggests from) the lesson in the learner's language.
	const localized = localizeLesson(stored, lang)
	const lesson = { ...localized, content: localized.lessonType === 'quiz' ? localizeQuizContent(localized.content, lang) : localized.content }
	const course = tree.course.get(stored.courseId)!
	const courseTitle = localize(lang, course.title, course.titlePt).text
	const texts = await courseTexts(tree, course, preview, lang)
	const others = texts.filter((l) => l.id !== lesson.id)
	const attempt = lesson.lessonType === 'challenge' && userId ? await attemptFor(userId, lesson.id) : null
	const challenge = lesson.lessonType === 'challenge' ? { code: attempt?.draft ?? null, lastRun: attempt?.lastResult ?? null } : null
	const source = { title: lesson.title, lessonType: lesson.lessonType, content: lesson.content, challenge }
	return {
		lessonId: lesson.id,
		title: lesson.title,
		lessonType: lesson.lessonType,
		context: buildLessonContext({ courseTitle, ...source }),
		// A text lesson is searched as it is kept with its course (the same text), so it is indexed once too.
		corpus: { lesson: texts.find((l) => l.id === lesson.id) ?? source, others },
	}
}

type CourseText = SourceLesson & { id: string }

// A course's text lessons as the offline tutor searches them, per kept tree (a reload makes new course
// nodes) and language: the same objects every time, so the search's index of each (offline.server.ts) is
// made once too. Previews (drafts included) are read afresh.
const publishedTexts = new WeakMap<CourseNode, Map<Language, readonly CourseText[]>>()

/** The course's visible text lessons in outline order, in the learner's language. */
async function courseTexts(tree: Curriculum, course: CourseNode, preview: boolean, lang: Language): Promise<readonly CourseText[]> {
	const kept = preview ? undefined : publishedTexts.get(course)?.get(lang)
	if (kept) return kept
	const texts = visibleLessons(course, preview).filter((l) => l.lessonType === 'text')
	const bodies = await lessonBodies(
		tree,
		texts.map((l) => l.id),
	)
	const list = texts.map((l) => {
		const { title, lessonType, content } = localizeLesson({ ...l, ...(bodies.get(l.id) ?? { content: null, contentPt: null }) }, lang)
		return { id: l.id, title, lessonType, content }
	})
	if (!preview) {
		let byLang = publishedTexts.get(course)
		if (!byLang) publishedTexts.set(course, (byLang = new Map()))
		byLang.set(lang, list)
	}
	return list
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
