import type { GradeResult } from '~/features/challenges/types.ts'
import { parseQuiz, publicQuestions } from '~/features/quiz/quiz.ts'

/** Spec: the AI lesson context is at most 8000 characters. */
export const MAX_CONTEXT_CHARS = 8000

export type ContextLesson = { courseTitle: string; title: string; lessonType: string; content: string | null; challenge?: ChallengeContext | null }

/** A code challenge as the learner has it now: their code and their last run. Never the tests or the reference. */
export type ChallengeContext = { code: string | null; lastRun: GradeResult | null }

/** The last run, in a few lines: compile errors with their lines, or each test's outcome and reason. */
function describeRun(run: GradeResult | null): string {
	if (!run) return 'The learner has not run the tests yet.'
	if (run.status === 'problem') return `The last run could not test anything: ${run.problem}${run.detail ? ` (${run.detail})` : ''}.`
	if (run.status === 'compileError')
		return [
			'The last run did not compile:',
			...run.errors.slice(0, 5).map((e) => `- ${e.file === 'solution' ? `line ${e.line}` : `in the ${e.file}`}: ${e.message}`),
		].join('\n')
	return [
		`The last run: ${run.passed} of ${run.total} tests passed.`,
		...run.tests.slice(0, 20).map((t) => `- ${t.name}: ${t.passed ? 'passed' : `failed: ${t.reason ?? ''}`}`),
	].join('\n')
}

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
	const head = [`Course: ${lesson.courseTitle}`, `Lesson: ${lesson.title}`, `Type: ${lesson.lessonType}`, '']
	if (lesson.lessonType === 'challenge' && lesson.challenge) {
		// The learner's work goes first, so the clip to the limit takes the brief's tail, never the code.
		const c = lesson.challenge
		const work = [
			`The learner's current code:`,
			'```solidity',
			clip(c.code ?? '(the starter code, unchanged)', 4000),
			'```',
			'',
			describeRun(c.lastRun),
			'',
			'The brief:',
		]
		return clip([...head, ...work, lessonText(lesson)].join('\n'), MAX_CONTEXT_CHARS)
	}
	return clip([...head, lessonText(lesson)].join('\n'), MAX_CONTEXT_CHARS)
}

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
	if (text.length <= max) return text
	let cut = text.slice(0, max)
	if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
	return cut
}
