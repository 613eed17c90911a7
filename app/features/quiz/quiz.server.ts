import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import type { Curriculum } from '~/features/catalog/curriculum.server.ts'
import { completeLesson, completeLessons } from '~/features/progress/progress.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { excluded, names } from '~/lib/sql-columns.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import { quizAttempts } from '#db/schema.ts'
import { grade, isCorrect, parseQuiz, passes, type AnswerResult, type QuizQuestion, type QuizScore } from './quiz.ts'

/** The explanations of a question's options in the learner's language, English where none is written. */
function explanationsOf(question: QuizQuestion, lang: string): string[] {
	const en = question.explanations ?? []
	const pt = lang === 'pt-BR' ? (question.explanations_pt ?? []) : []
	return question.options.map((_, i) => pt[i] || en[i] || '')
}

export interface AnswerOptions {
	/** An admin previews drafts too. */
	preview?: boolean
	/** The language of the options' explanations. */
	lang?: string
	/** Backdates the completion a passing answer makes (the demo cohort's history); learners always answer now. */
	at?: Date
	/** The curriculum the caller read already (the player's action): one version read per request. */
	tree?: Curriculum
}

/**
 * Record the learner's answer to one question of their open attempt (opening one if needed).
 * The first answer to a question is final, so asking again cannot change the score; the correct
 * answer is revealed only for a question already answered. The last answer closes the attempt, and
 * an attempt at or above the quiz's pass mark completes the lesson (its XP written once, by the ledger).
 */
export async function answerQuestion(
	userId: string,
	lessonId: string,
	index: number,
	answer: string,
	{ preview = false, lang = 'en-US', at, tree }: AnswerOptions = {},
): Promise<AnswerResult> {
	const lesson = await getVisibleLesson(lessonId, preview, tree)
	if (!lesson || lesson.lessonType !== 'quiz') return { ok: false, error: 'notFound' }
	const parsed = parseQuiz(lesson.content ?? '[]')
	if (!parsed.ok || parsed.questions.length === 0) return { ok: false, error: 'noQuiz' }
	const question = parsed.questions[index]
	if (!Number.isInteger(index) || !question) return { ok: false, error: 'badQuestion' }
	if (!question.options.includes(answer)) return { ok: false, error: 'badOption' }
	const total = parsed.questions.length

	const db = await getDb()
	// An upsert returns its row whether it opened the attempt or answered into it.
	const attempt = (await recordAnswer(db, { userId, lessonId, total, key: String(index), answer })).rows[0]!
	const answers = jsonValue<Record<string, string>>(attempt.answers, {})
	const answered = Object.keys(answers).length
	let score: QuizScore | undefined
	if (answered >= attempt.total) {
		score = grade(parsed.questions, answers)
		// A parallel last answer may have closed it first: closing is the same either way, and completing is idempotent.
		await closeAttempt(db, { id: attempt.id, correct: score.correct })
	}
	const base = {
		ok: true as const,
		index,
		correct: isCorrect(question, answers[String(index)]!),
		correctAnswer: question.correctAnswer,
		explanations: explanationsOf(question, lang),
		done: score !== undefined,
		score,
		passPercent: parsed.passPercent,
	}
	if (!score) return base
	const passed = passes(score, parsed.passPercent, answered)
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

/**
 * An answer into the learner's open attempt, opening one if there is none: one upsert (the open attempt's
 * partial unique index is the arbiter), which locks the attempt, so parallel answers to one quiz take turns.
 * Only the first answer to a question is kept: the stored answers go on the right of `||`, where a key wins.
 */
const recordAnswer = statement<{ id: string; answers: unknown; total: number }, 'userId' | 'lessonId' | 'total' | 'key' | 'answer'>(
	['userId', 'lessonId', 'total', 'key', 'answer'],
	({ userId, lessonId, total, key, answer }) => {
		const q = quizAttempts
		return sql`
			INSERT INTO ${q} (${names(q.userId, q.lessonId, q.total, q.answers)})
			VALUES (${userId}, ${lessonId}::uuid, ${total}::int, jsonb_build_object(${key}::text, ${answer}::text))
			ON CONFLICT (${names(q.userId, q.lessonId)}) WHERE ${names(q.completedAt)} IS NULL
			DO UPDATE SET ${names(q.answers)} = ${excluded(q.answers)} || ${q.answers}, ${names(q.updatedAt)} = now()
			RETURNING ${names(q.id, q.answers, q.total)}
		`
	},
)

/** The last answer closes the attempt with its score (once: a closed attempt is left as it is). */
const closeAttempt = statement<Record<string, never>, 'id' | 'correct'>(['id', 'correct'], ({ id, correct }) => {
	const q = quizAttempts
	return sql`UPDATE ${q} SET ${names(q.correct)} = ${correct}::int, ${names(q.completedAt)} = now() WHERE ${q.id} = ${id}::uuid AND ${q.completedAt} IS NULL`
})
