import { and, eq, sum } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
import { quizAttempts, userEnrollments, userProgress, xpLedger } from '#db/schema.ts'
import { createCourse, createLearner, createLesson, createModule, createPath } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { answerQuestion, hasPassedQuiz, quizState } from './quiz.server.ts'
import { passes } from './quiz.ts'

let db: Db
let quizId: string
let strictId: string
const questions = [
	{ question: 'Q1', options: ['a', 'b'], correctAnswer: 'a', explanations: ['Right: a.', 'No: b.'], explanations_pt: ['Certo: a.', ''] },
	{ question: 'Q2', options: ['c', 'd'], correctAnswer: 'd' },
	{ question: 'Q3', options: ['e', 'f'], correctAnswer: 'e' },
]

async function learner(id: string) {
	await createLearner({ id, name: id, email: `${id}@example.test` })
}
const xpOf = async (userId: string) =>
	Number(
		(
			await db
				.select({ xp: sum(xpLedger.amount) })
				.from(xpLedger)
				.where(eq(xpLedger.userId, userId))
		)[0]?.xp ?? 0,
	)
const statusOf = async (userId: string, lessonId: string) =>
	(
		await db
			.select({ status: userProgress.status })
			.from(userProgress)
			.where(and(eq(userProgress.userId, userId), eq(userProgress.lessonId, lessonId)))
	)[0]?.status ?? null
const enrolled = async (userId: string) =>
	(await db.select({ userId: userEnrollments.userId }).from(userEnrollments).where(eq(userEnrollments.userId, userId))).length
async function take(userId: string, lessonId: string, answers: string[], lang = 'en-US') {
	let last
	for (const [i, answer] of answers.entries()) last = await answerQuestion(userId, lessonId, i, answer, { lang })
	return last!
}

beforeAll(async () => {
	db = (await useTestDb()).db
	const path = await createPath({ title: 'Quiz path' })
	const mod = await createModule((await createCourse(path.id, { title: 'C' })).id, { title: 'M' })
	quizId = (await createLesson(mod.id, 'quiz', { title: 'Quiz', content: JSON.stringify(questions), xpValue: 30, order: 1 })).id
	strictId = (await createLesson(mod.id, 'quiz', { title: 'Strict', content: JSON.stringify({ passPercent: 100, questions }), xpValue: 40, order: 2 })).id
})

describe('an honest quiz (issue 20, point 1)', () => {
	it('below the pass mark: the score is kept, the lesson stays open, no XP, no enrollment', async () => {
		await learner('low')
		const result = await take('low', quizId, ['a', 'c', 'f'])
		expect(result).toMatchObject({ ok: true, done: true, score: { correct: 1, total: 3 }, passed: false, passPercent: 70 })
		expect(await statusOf('low', quizId)).toBeNull()
		expect(await xpOf('low')).toBe(0)
		expect(await enrolled('low')).toBe(0)
		expect(await hasPassedQuiz('low', quizId, JSON.stringify(questions))).toBe(false)
		expect(await quizState('low', quizId, 70)).toMatchObject({ correct: 1, total: 3, passed: false })
	})

	it('a half-answered attempt neither passes nor completes', async () => {
		await learner('half')
		expect(await take('half', quizId, ['a', 'd'])).toMatchObject({ ok: true, done: false })
		expect(await statusOf('half', quizId)).toBeNull()
		expect(await hasPassedQuiz('half', quizId, JSON.stringify(questions))).toBe(false)
	})

	it('a retry that reaches the mark completes the lesson and writes its XP once, with a visible enrollment', async () => {
		await learner('retry')
		expect(await take('retry', quizId, ['b', 'c', 'f'])).toMatchObject({ passed: false })
		const pass = await take('retry', quizId, ['a', 'd', 'f'])
		expect(pass).toMatchObject({ ok: true, done: true, score: { correct: 2, total: 3 }, passed: false })
		const full = await take('retry', quizId, ['a', 'd', 'e'])
		expect(full).toMatchObject({ ok: true, passed: true, xpAwarded: 30, enrolledPathTitle: 'Quiz path' })
		expect(await statusOf('retry', quizId)).toBe('completed')
		expect(await xpOf('retry')).toBe(30)
		// Passing again earns nothing more, and says nothing about enrolling.
		expect(await take('retry', quizId, ['a', 'd', 'e'])).toMatchObject({ passed: true, xpAwarded: 0, enrolledPathTitle: null })
		expect(await xpOf('retry')).toBe(30)
		expect(await hasPassedQuiz('retry', quizId, JSON.stringify(questions))).toBe(true)
	})

	it('the first answer to a question is final: answering it again changes neither the reply nor the score', async () => {
		await learner('changer')
		expect(await answerQuestion('changer', quizId, 0, 'b')).toMatchObject({ ok: true, correct: false })
		// The right option, sent after the wrong one: still judged on the first.
		expect(await answerQuestion('changer', quizId, 0, 'a')).toMatchObject({ ok: true, correct: false, done: false })
		await answerQuestion('changer', quizId, 1, 'd')
		expect(await answerQuestion('changer', quizId, 2, 'e')).toMatchObject({ done: true, score: { correct: 2, total: 3 }, passed: false })
		expect(await xpOf('changer')).toBe(0)
	})

	it('parallel answers all succeed, keep the first answer to each question, close one attempt and award its XP once', async () => {
		await learner('racer')
		// Every question answered twice at once, right and wrong: whichever lands first is the learner's answer.
		const all = await Promise.all(
			questions.flatMap((q, i) => [
				answerQuestion('racer', quizId, i, q.correctAnswer),
				answerQuestion(
					'racer',
					quizId,
					i,
					q.options.find((o) => o !== q.correctAnswer)!,
				),
			]),
		)
		expect(all.every((r) => r.ok)).toBe(true)
		// One attempt is closed, with the first answer to each question; an answer that lands after the close
		// opens the next attempt, as a retry does.
		const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.userId, 'racer'))
		const closed = attempts.filter((a) => a.completedAt !== null)
		expect(closed).toHaveLength(1)
		expect(attempts.length - closed.length).toBeLessThanOrEqual(1)
		const kept = closed[0]!.answers
		expect(Object.keys(kept).sort()).toEqual(['0', '1', '2'])
		expect(closed[0]!.correct).toBe(questions.filter((q, i) => kept[String(i)] === q.correctAnswer).length)
		expect(await xpOf('racer')).toBe(passes({ correct: closed[0]!.correct, total: 3 }) ? 30 : 0)
	})

	it("follows the author's own pass mark", async () => {
		await learner('strict')
		expect(await take('strict', strictId, ['a', 'd', 'f'])).toMatchObject({ passed: false, passPercent: 100 })
		expect(await xpOf('strict')).toBe(0)
		expect(await take('strict', strictId, ['a', 'd', 'e'])).toMatchObject({ passed: true, xpAwarded: 40 })
	})

	it("explains each option after answering, in the learner's language where written", async () => {
		await learner('reader')
		expect(await answerQuestion('reader', quizId, 0, 'b')).toMatchObject({ correct: false, correctAnswer: 'a', explanations: ['Right: a.', 'No: b.'] })
		expect(await answerQuestion('reader', quizId, 0, 'a', { lang: 'pt-BR' })).toMatchObject({ explanations: ['Certo: a.', 'No: b.'] })
		expect(await answerQuestion('reader', quizId, 1, 'c')).toMatchObject({ explanations: ['', ''] })
	})
})
