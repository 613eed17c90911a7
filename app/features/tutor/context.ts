import { parseQuiz, publicQuestions } from '~/features/quiz/quiz.ts'

/** Spec: the AI lesson context is at most 8000 characters. */
export const MAX_CONTEXT_CHARS = 8000

export type ContextLesson = { courseTitle: string; title: string; lessonType: string; content: string | null }

/** What a lesson says, in words a model (or the offline tutor) can read. Quizzes lose their answers. */
export function lessonText(lesson: Pick<ContextLesson, 'lessonType' | 'content'>): string {
	const content = lesson.content ?? ''
	if (lesson.lessonType === 'quiz') {
		const parsed = parseQuiz(content)
		// Unparseable quiz content is never passed on raw: it may hold the answers.
		if (!parsed.ok) return ''
		return publicQuestions(parsed.questions)
			.map((q, i) => [`### Question ${i + 1}: ${q.question}`, ...q.options.map((o) => `- ${o}`)].join('\n'))
			.join('\n\n')
	}
	if (lesson.lessonType === 'video') return content.trim() ? `Video: ${content.trim()}` : ''
	return content.trim()
}

/** Course title, lesson title, type, then content; cut to the spec's limit. */
export function buildLessonContext(lesson: ContextLesson): string {
	const text = [`Course: ${lesson.courseTitle}`, `Lesson: ${lesson.title}`, `Type: ${lesson.lessonType}`, '', lessonText(lesson)].join('\n')
	return clip(text, MAX_CONTEXT_CHARS)
}

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
	if (text.length <= max) return text
	let cut = text.slice(0, max)
	if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
	return cut
}
