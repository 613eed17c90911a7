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

/**
 * Parse stored quiz content (a JSON array, or a string of JSON) into questions.
 * Returns a problem naming the first question that is wrong, for the admin form.
 */
export function parseQuiz(content: unknown): { ok: true; questions: QuizQuestion[] } | { ok: false; problem: string; index?: number } {
	let value = content
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value)
		} catch {
			return { ok: false, problem: 'notJson' }
		}
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
	return { ok: true, questions }
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
