import { sql } from 'drizzle-orm'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { grade, isCorrect, parseQuiz } from './quiz.ts'

export type AnswerResult =
	| { ok: true; index: number; correct: boolean; correctAnswer: string; done: boolean; score?: { correct: number; total: number } }
	| { ok: false; error: 'notFound' | 'badQuestion' | 'badOption' | 'noQuiz' }

type Attempt = { id: string; answers: Record<string, string>; total: number }

/**
 * Record the learner's answer to one question of their open attempt (opening one if needed).
 * The first answer to a question is final, so asking again cannot change the score; the correct
 * answer is revealed only for a question already answered. The last answer closes the attempt.
 */
export async function answerQuestion(userId: string, lessonId: string, index: number, answer: string, preview = false): Promise<AnswerResult> {
	const lesson = await getVisibleLesson(lessonId, preview)
	if (!lesson || lesson.lessonType !== 'quiz') return { ok: false, error: 'notFound' }
	const parsed = parseQuiz(lesson.content ?? '[]')
	if (!parsed.ok || parsed.questions.length === 0) return { ok: false, error: 'noQuiz' }
	const question = parsed.questions[index]
	if (!Number.isInteger(index) || !question) return { ok: false, error: 'badQuestion' }
	if (!question.options.includes(answer)) return { ok: false, error: 'badOption' }
	const total = parsed.questions.length

	const db = await getDb()
	return db.transaction(async (tx) => {
		await tx.execute(sql`
			INSERT INTO quiz_attempts (user_id, lesson_id, total) VALUES (${userId}, ${lessonId}, ${total})
			ON CONFLICT (user_id, lesson_id) WHERE completed_at IS NULL DO NOTHING
		`)
		// Only the first answer per question is stored (jsonb || keeps existing keys when we put ours first).
		const [attempt] = rowsOf<Attempt>(
			await tx.execute(sql`
				UPDATE quiz_attempts SET answers = jsonb_build_object(${String(index)}::text, ${answer}::text) || answers, updated_at = now()
				WHERE user_id = ${userId} AND lesson_id = ${lessonId} AND completed_at IS NULL
				RETURNING id, answers, total
			`),
		)
		if (!attempt) return { ok: false, error: 'notFound' } as const
		const given = attempt.answers[String(index)]!
		const answered = Object.keys(attempt.answers).length
		const done = answered >= total
		let score: { correct: number; total: number } | undefined
		if (done) {
			score = grade(parsed.questions, attempt.answers)
			await tx.execute(sql`UPDATE quiz_attempts SET correct = ${score.correct}, completed_at = now() WHERE id = ${attempt.id}`)
		}
		return { ok: true, index, correct: isCorrect(question, given), correctAnswer: question.correctAnswer, done, score } as const
	})
}

/** The learner's open attempt (answers so far) and best finished score, for resuming a quiz. */
export async function quizState(userId: string, lessonId: string) {
	const db = await getDb()
	const rows = rowsOf<{ answers: Record<string, string>; correct: number; total: number; completedAt: string | null }>(
		await db.execute(sql`
			SELECT answers, correct, total, completed_at AS "completedAt" FROM quiz_attempts
			WHERE user_id = ${userId} AND lesson_id = ${lessonId}
			ORDER BY completed_at DESC NULLS FIRST LIMIT 1
		`),
	)
	return rows[0] ?? null
}
