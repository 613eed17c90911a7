import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { completeLesson, completeLessons } from '~/features/progress/progress.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { names } from '~/lib/sql-columns.ts'
import { quizAttempts } from '#db/schema.ts'
import { grade, isCorrect, parseQuiz, passes, type AnswerResult, type QuizQuestion, type QuizScore } from './quiz.ts'

/** The explanations of a question's options in the learner's language, English where none is written. */
function explanationsOf(question: QuizQuestion, lang: string): string[] {
	const en = question.explanations ?? []
	const pt = lang === 'pt-BR' ? (question.explanations_pt ?? []) : []
	return question.options.map((_, i) => pt[i] || en[i] || '')
}

/**
 * Record the learner's answer to one question of their open attempt (opening one if needed).
 * The first answer to a question is final, so asking again cannot change the score; the correct
 * answer is revealed only for a question already answered. The last answer closes the attempt, and
 * an attempt at or above the quiz's pass mark completes the lesson (its XP written once, by the ledger).
 */
/** `at` backdates the completion a passing answer makes (the demo cohort's history); learners always answer now. */
export async function answerQuestion(
	userId: string,
	lessonId: string,
	index: number,
	answer: string,
	preview = false,
	lang = 'en-US',
	at?: Date,
): Promise<AnswerResult> {
	const lesson = await getVisibleLesson(lessonId, preview)
	if (!lesson || lesson.lessonType !== 'quiz') return { ok: false, error: 'notFound' }
	const parsed = parseQuiz(lesson.content ?? '[]')
	if (!parsed.ok || parsed.questions.length === 0) return { ok: false, error: 'noQuiz' }
	const question = parsed.questions[index]
	if (!Number.isInteger(index) || !question) return { ok: false, error: 'badQuestion' }
	if (!question.options.includes(answer)) return { ok: false, error: 'badOption' }
	const total = parsed.questions.length

	const db = await getDb()
	const recorded = await db.transaction(async (tx) => {
		const q = quizAttempts
		// One open attempt per learner and lesson: the partial unique index's own predicate picks the arbiter.
		await tx.execute(sql`
			INSERT INTO ${q} (${names(q.userId, q.lessonId, q.total)}) VALUES (${userId}, ${lessonId}, ${total})
			ON CONFLICT (${names(q.userId, q.lessonId)}) WHERE ${names(q.completedAt)} IS NULL DO NOTHING
		`)
		// Only the first answer per question is stored (jsonb || keeps existing keys when we put ours first).
		const [attempt] = await tx
			.update(q)
			.set({ answers: sql`jsonb_build_object(${String(index)}::text, ${answer}::text) || ${q.answers}`, updatedAt: sql`now()` })
			.where(and(eq(q.userId, userId), eq(q.lessonId, lessonId), isNull(q.completedAt)))
			.returning({ id: q.id, answers: q.answers, total: q.total })
		if (!attempt) return null
		const given = attempt.answers[String(index)]!
		const answered = Object.keys(attempt.answers).length
		const done = answered >= total
		let score: QuizScore | undefined
		if (done) {
			score = grade(parsed.questions, attempt.answers)
			await tx
				.update(q)
				.set({ correct: score.correct, completedAt: sql`now()` })
				.where(eq(q.id, attempt.id))
		}
		return { given, done, score, answered }
	})
	if (!recorded) return { ok: false, error: 'notFound' }
	const base = {
		ok: true as const,
		index,
		correct: isCorrect(question, recorded.given),
		correctAnswer: question.correctAnswer,
		explanations: explanationsOf(question, lang),
		done: recorded.done,
		score: recorded.score,
		passPercent: parsed.passPercent,
	}
	if (!recorded.score) return base
	const passed = passes(recorded.score, parsed.passPercent, recorded.answered)
	if (!passed) return { ...base, passed }
	// After the attempt's commit: completing reads it (completeQuizLesson's check) and is idempotent.
	const done = at ? await completeLessons(userId, [{ lessonId, at }]).then(() => null) : await completeLesson(userId, lesson, preview)
	return {
		...base,
		passed,
		xpAwarded: done?.xpAwarded ?? 0,
		certificateId: done?.certificate?.created ? done.certificate.id : null,
		enrolledPathTitle: done?.enrolledPathTitle ?? null,
	}
}

/** Whether the learner has a finished attempt of this quiz at or above its pass mark. */
export async function hasPassedQuiz(userId: string, lessonId: string, content: string | null) {
	const parsed = parseQuiz(content ?? '[]')
	if (!parsed.ok) return false
	const db = await getDb()
	const q = quizAttempts
	const rows = await db
		.select({ correct: q.correct, total: q.total })
		.from(q)
		.where(and(eq(q.userId, userId), eq(q.lessonId, lessonId), isNotNull(q.completedAt)))
	return rows.some((r) => passes({ correct: Number(r.correct), total: Number(r.total) }, parsed.passPercent))
}

/** The learner's open attempt (answers so far), latest finished score and whether any attempt passed, for resuming a quiz. */
export async function quizState(userId: string, lessonId: string, passPercent: number) {
	const db = await getDb()
	const q = quizAttempts
	const rows = await db
		.select({ answers: q.answers, correct: q.correct, total: q.total, completedAt: q.completedAt })
		.from(q)
		.where(and(eq(q.userId, userId), eq(q.lessonId, lessonId)))
		// The open attempt (no completion yet) first, then the latest finished one.
		.orderBy(sql`${q.completedAt} DESC NULLS FIRST`)
	const latest = rows[0] ?? null
	const passed = rows.some((r) => r.completedAt && passes({ correct: Number(r.correct), total: Number(r.total) }, passPercent))
	return latest ? { ...latest, passed } : null
}
