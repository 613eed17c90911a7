import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
import { tutorMessages } from '#db/schema.ts'
import { completion, createCurriculum, createLearner, createLesson, enrollIn, profile, quizAttempt } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { answerQuestion } from '~/features/quiz/quiz.server.ts'
import { achievementsPage, claimTask, gatherFacts } from './achievements.server.ts'

let db: Db
let lessonId: string
let quizId: string

async function xpOf(userId: string) {
	const [row] = rowsOf<{ xp: number }>(await db.execute(sql`SELECT coalesce(sum(amount), 0)::int AS xp FROM xp_ledger WHERE user_id = ${userId}`))
	return Number(row!.xp)
}

beforeAll(async () => {
	db = (await useTestDb()).db
	const { path, lessons } = await createCurriculum({ types: ['text', 'quiz'], xp: [10, 20] })
	lessonId = lessons[0]!.id
	// On a path of its own, so u1's path totals stay as the other tests expect.
	const quizPath = await createCurriculum({ types: [] })
	const quiz = JSON.stringify([
		{ question: 'Q1', options: ['a', 'b'], correctAnswer: 'a' },
		{ question: 'Q2', options: ['c', 'd'], correctAnswer: 'd' },
	])
	quizId = (await createLesson(quizPath.module.id, 'quiz', { content: quiz, xpValue: 0 })).id
	await createLearner({ id: 'u1', name: 'Ana', email: 'u1@example.test' })
	await enrollIn('u1', path.id)
	// Two of the three questions right, through the quiz feature.
	await quizAttempt('u1', lessons[1]!.id, { correct: 2 })
})

describe('achievement facts', () => {
	it('gathers the facts the rules need', async () => {
		const f = await gatherFacts('u1')
		expect(f).toMatchObject({
			emailVerified: true,
			profile: null,
			completedLessons: 0,
			bestPath: { done: 0, total: 2 },
			bestQuiz: { correct: 2, total: 3 },
			githubConnected: false,
			tutorQuestions: 0,
			claimed: [],
			totalXP: 0,
		})
		await profile('u1', { fullName: 'Ana', country: 'BR', languages: ['pt'], linkedinUrl: 'https://linkedin.com/in/ana' })
		await db.insert(tutorMessages).values({ userId: 'u1', lessonId, role: 'user', content: 'hi' })
		const g = await gatherFacts('u1')
		expect(g.profile).toMatchObject({ fullName: 'Ana', languages: ['pt'], linkedinUrl: 'https://linkedin.com/in/ana', yearsExperience: 0 })
		expect(g.tutorQuestions).toBe(1)
	})
})

describe('claiming a task', () => {
	it('refuses unknown and unearned tasks without touching the ledger', async () => {
		expect(await claimTask('u1', 'free-xp')).toMatchObject({ ok: false, status: 400 })
		expect(await claimTask('u1', 'first-lesson')).toMatchObject({ ok: false, error: 'notEarned', status: 403 })
		expect(await claimTask('u1', 'perfect-quiz')).toMatchObject({ ok: false, error: 'notEarned', status: 403 })
		expect(await xpOf('u1')).toBe(0)
	})

	it('awards an earned task once, even when claimed many times at once', async () => {
		// Completed through the progress feature: the lesson's 10 XP go to the ledger too.
		await completion('u1', lessonId)
		const results = await Promise.all(Array.from({ length: 5 }, () => claimTask('u1', 'first-lesson')))
		expect(results.filter((r) => r.ok)).toEqual([{ ok: true, taskId: 'first-lesson', xpAwarded: 50 }])
		expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409)).toBe(true)
		expect(await xpOf('u1')).toBe(10 + 50)
		const [claim] = rowsOf<{ selfReported: boolean }>(
			await db.execute(sql`SELECT self_reported AS "selfReported" FROM achievement_claims WHERE user_id = 'u1' AND task_id = 'first-lesson'`),
		)
		expect(claim!.selfReported).toBe(false)
	})

	it('records self-reported tasks as such', async () => {
		expect(await claimTask('u1', 'join-discord')).toEqual({ ok: true, taskId: 'join-discord', xpAwarded: 100 })
		const [claim] = rowsOf<{ selfReported: boolean }>(
			await db.execute(sql`SELECT self_reported AS "selfReported" FROM achievement_claims WHERE user_id = 'u1' AND task_id = 'join-discord'`),
		)
		expect(claim!.selfReported).toBe(true)
	})

	it('shows claimed tasks as completed on the page', async () => {
		const page = await achievementsPage('u1')
		expect(page.states.find((s) => s.id === 'first-lesson')!.status).toBe('completed')
		expect(page.states.find((s) => s.id === 'first-message')!.status).toBe('ready')
		expect(page.summary).toMatchObject({ completed: 2, xpEarned: 150 })
		// The lesson's 10 XP and the two tasks'.
		expect(page.totalXP).toBe(160)
	})
})

describe('the perfect quiz (issue 16, point 7)', () => {
	const take = async (userId: string, answers: [string, string]) => {
		for (const [i, answer] of answers.entries()) expect(await answerQuestion(userId, quizId, i, answer)).toMatchObject({ ok: true })
	}

	it('is not won by retaking a quiz after its answers were shown', async () => {
		await createLearner({ id: 'retaker', name: 'R', email: 'retaker@example.test' })
		await take('retaker', ['b', 'd'])
		// Every answer has been shown by now: the retake is perfect, and proves nothing.
		await take('retaker', ['a', 'd'])
		expect((await gatherFacts('retaker')).bestQuiz).toEqual({ correct: 1, total: 2 })
		expect(await claimTask('retaker', 'perfect-quiz')).toMatchObject({ ok: false, error: 'notEarned', status: 403 })
	})

	it('is won by a perfect first attempt', async () => {
		await createLearner({ id: 'ace', name: 'A', email: 'ace@example.test' })
		await take('ace', ['a', 'd'])
		expect(await claimTask('ace', 'perfect-quiz')).toEqual({ ok: true, taskId: 'perfect-quiz', xpAwarded: 200 })
	})
})

describe('the best path (complete a path)', () => {
	it('is the enrolled published path with the largest share done, then the most done; unpublished lessons and paths do not count', async () => {
		const learner = (await createLearner()).id
		expect((await gatherFacts(learner)).bestPath).toBeNull()
		const small = await createCurriculum({ types: ['text', 'text'] })
		const big = await createCurriculum({ types: ['text', 'text', 'text', 'text'] })
		const hidden = await createCurriculum({ types: ['text'] })
		const empty = await createCurriculum({ types: [] })
		for (const c of [empty, small, big, hidden]) await enrollIn(learner, c.path.id)
		// Nothing done anywhere: the first path with lessons, a path with none counting last.
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 0, total: 2 })
		await completion(learner, big.lessons[0]!.id)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 1, total: 4 })
		await completion(learner, small.lessons[0]!.id)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 1, total: 2 })
		// Equal shares: the one with more done.
		await completion(learner, big.lessons[1]!.id)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 2, total: 4 })
		// A finished path that is no longer published is not a path to complete.
		await completion(learner, hidden.lessons[0]!.id)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 1, total: 1 })
		await db.execute(sql`UPDATE learning_paths SET is_published = false WHERE id = ${hidden.path.id}`)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 2, total: 4 })
		// An unpublished lesson leaves the total and the count of done.
		await db.execute(sql`UPDATE lessons SET is_published = false WHERE id = ${big.lessons[2]!.id}`)
		expect((await gatherFacts(learner)).bestPath).toEqual({ done: 2, total: 3 })
		const facts = await gatherFacts(learner)
		expect(facts).toMatchObject({ completedLessons: 4, lessonsStarted: 1, totalXP: 40 })
	})
})
