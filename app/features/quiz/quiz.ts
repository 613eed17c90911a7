import { z } from 'zod'

export const quizQuestionSchema = z.object({
	question: z.string().trim().min(1),
	options: z.array(z.string().trim().min(1)).min(2),
	correctAnswer: z.string().trim().min(1),
	// Portuguese and the per-option explanations shown after answering (docs/content-format.md).
	question_pt: z.string().trim().optional(),
	options_pt: z.array(z.string().trim()).optional(),
	explanations: z.array(z.string().trim()).optional(),
	explanations_pt: z.array(z.string().trim()).optional(),
})
export type QuizQuestion = z.infer<typeof quizQuestionSchema>
/** What the browser may see before answering: no correct answers. */
export type PublicQuestion = {
	question: string
	options: string[]
	/** The options as shown, in the learner's language (same order as `options`, which stay the answer values). */
	labels?: string[]
	/** No (complete) Portuguese translation: the page marks it 'Available in English only'. */
	englishOnly?: boolean
}

/** The share of right answers that passes a quiz when its author set none (docs/content-format.md). */
export const DEFAULT_PASS_PERCENT = 70
const passPercentSchema = z.coerce.number().int().min(1).max(100)

/**
 * Whether a finished attempt passes: every question answered and the share of right answers at or above
 * the pass mark. Integer arithmetic, so 7 of 10 passes a 70% mark exactly (no float rounding).
 */
export function passes(score: { correct: number; total: number }, passPercent = DEFAULT_PASS_PERCENT, answered = score.total) {
	if (score.total <= 0 || answered < score.total) return false
	return score.correct * 100 >= passPercent * score.total
}

/**
 * Parse stored quiz content (a JSON array, or a string of JSON) into questions.
 * Returns a problem naming the first question that is wrong, for the admin form.
 */
export function parseQuiz(content: unknown): { ok: true; questions: QuizQuestion[]; passPercent: number } | { ok: false; problem: string; index?: number } {
	let value = content
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value)
		} catch {
			return { ok: false, problem: 'notJson' }
		}
	}
	// A quiz with its own pass mark is stored as { passPercent, questions }; a bare array passes at the default.
	let passPercent = DEFAULT_PASS_PERCENT
	if (value && typeof value === 'object' && !Array.isArray(value) && 'questions' in value) {
		const mark = passPercentSchema.safeParse((value as { passPercent?: unknown }).passPercent ?? DEFAULT_PASS_PERCENT)
		if (!mark.success) return { ok: false, problem: 'passPercent' }
		passPercent = mark.data
		value = (value as { questions: unknown }).questions
	}
	if (!Array.isArray(value)) return { ok: false, problem: 'notArray' }
	const questions: QuizQuestion[] = []
	for (const [index, item] of value.entries()) {
		const parsed = quizQuestionSchema.safeParse(item)
		if (!parsed.success) return { ok: false, problem: 'shape', index }
		const q = parsed.data
		if (new Set(q.options).size !== q.options.length) return { ok: false, problem: 'duplicateOptions', index }
		if (!q.options.includes(q.correctAnswer)) return { ok: false, problem: 'answerNotAnOption', index }
		questions.push(q)
	}
	return { ok: true, questions, passPercent }
}

/** The stored form of a quiz: the bare array when it passes at the default mark, else with its mark. */
export function storedQuiz(questions: readonly unknown[], passPercent?: number | null) {
	return passPercent && passPercent !== DEFAULT_PASS_PERCENT ? JSON.stringify({ passPercent, questions }) : JSON.stringify(questions)
}

export function publicQuestions(questions: QuizQuestion[]): PublicQuestion[] {
	return questions.map(({ question, options }) => ({ question, options }))
}

export function isCorrect(question: QuizQuestion, answer: string) {
	return question.correctAnswer === answer
}

/** Score of a set of answers keyed by question index. */
export function grade(questions: QuizQuestion[], answers: Record<string, string>) {
	const correct = questions.reduce((n, q, i) => n + (answers[String(i)] !== undefined && isCorrect(q, answers[String(i)]!) ? 1 : 0), 0)
	return { correct, total: questions.length }
}

/** A finished or running attempt's count of first answers that were right. */
export type QuizScore = { correct: number; total: number }

/** What grading one answer tells the learner; shared by the server and the quiz screen. */
export type AnswerResult =
	| {
			ok: true
			index: number
			correct: boolean
			correctAnswer: string
			/** Why each option is right or wrong (in the learner's language when written), '' for none. */
			explanations: string[]
			done: boolean
			score?: QuizScore
			passPercent: number
			/** The finished attempt reached the pass mark (only when done). */
			passed?: boolean
			/** XP written by this pass: the lesson's XP on the first pass, 0 afterwards. */
			xpAwarded?: number
			certificateId?: string | null
			/** The pass enrolled the learner in the lesson's path (they had not enrolled). */
			enrolledPathTitle?: string | null
	  }
	| { ok: false; error: 'notFound' | 'badQuestion' | 'badOption' | 'noQuiz' }
