import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
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
	const [p] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO learning_paths (title, slug, is_published) VALUES ('P', 'p', true) RETURNING id`))
	const [c] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO courses (path_id, title, slug, is_published) VALUES (${p!.id}, 'C', 'c', true) RETURNING id`))
	const [m] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO modules (course_id, title, slug, is_published) VALUES (${c!.id}, 'M', 'm', true) RETURNING id`))
	const lessons = rowsOf<{ id: string }>(
		await db.execute(sql`
			INSERT INTO lessons (module_id, title, slug, lesson_type, xp_value, is_published)
			VALUES (${m!.id}, 'L1', 'l1', 'text', 10, true), (${m!.id}, 'L2', 'l2', 'quiz', 20, true)
			RETURNING id
		`),
	)
	lessonId = lessons[0]!.id
	const quiz = JSON.stringify([
		{ question: 'Q1', options: ['a', 'b'], correctAnswer: 'a' },
		{ question: 'Q2', options: ['c', 'd'], correctAnswer: 'd' },
	])
	// On a path of its own, so u1's path totals stay as the other tests expect.
	const [qp] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO learning_paths (title, slug, is_published) VALUES ('QP', 'qp', true) RETURNING id`))
	const [qc] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO courses (path_id, title, slug, is_published) VALUES (${qp!.id}, 'QC', 'qc', true) RETURNING id`))
	const [qm] = rowsOf<{ id: string }>(await db.execute(sql`INSERT INTO modules (course_id, title, slug, is_published) VALUES (${qc!.id}, 'QM', 'qm', true) RETURNING id`))
	const [q] = rowsOf<{ id: string }>(
		await db.execute(sql`INSERT INTO lessons (module_id, title, slug, lesson_type, content, xp_value, is_published) VALUES (${qm!.id}, 'Q', 'q', 'quiz', ${quiz}, 0, true) RETURNING id`),
	)
	quizId = q!.id
	await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('u1', 'Ana', 'u1@example.test', true)`)
	await db.execute(sql`INSERT INTO user_enrollments (user_id, learning_path_id) VALUES ('u1', ${p!.id})`)
	await db.execute(sql`INSERT INTO quiz_attempts (user_id, lesson_id, correct, total, completed_at) VALUES ('u1', ${lessons[1]!.id}, 2, 3, now())`)
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
		await db.execute(sql`INSERT INTO user_profiles (user_id, full_name, languages, linkedin_url) VALUES ('u1', 'Ana', '["pt"]'::jsonb, 'https://linkedin.com/in/ana')`)
		await db.execute(sql`INSERT INTO tutor_messages (user_id, lesson_id, role, content) VALUES ('u1', ${lessonId}, 'user', 'hi')`)
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
		await db.execute(sql`
			INSERT INTO user_progress (user_id, lesson_id, status, completed_at) VALUES ('u1', ${lessonId}, 'completed', now())
		`)
		const results = await Promise.all(Array.from({ length: 5 }, () => claimTask('u1', 'first-lesson')))
		expect(results.filter((r) => r.ok)).toEqual([{ ok: true, taskId: 'first-lesson', xpAwarded: 50 }])
		expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409)).toBe(true)
		expect(await xpOf('u1')).toBe(50)
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
		expect(page.totalXP).toBe(150)
	})
})

describe('the perfect quiz (issue 16, point 7)', () => {
	const take = async (userId: string, answers: [string, string]) => {
		for (const [i, answer] of answers.entries()) expect(await answerQuestion(userId, quizId, i, answer)).toMatchObject({ ok: true })
	}

	it('is not won by retaking a quiz after its answers were shown', async () => {
		await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('retaker', 'R', 'retaker@example.test', true)`)
		await take('retaker', ['b', 'd'])
		// Every answer has been shown by now: the retake is perfect, and proves nothing.
		await take('retaker', ['a', 'd'])
		expect((await gatherFacts('retaker')).bestQuiz).toEqual({ correct: 1, total: 2 })
		expect(await claimTask('retaker', 'perfect-quiz')).toMatchObject({ ok: false, error: 'notEarned', status: 403 })
	})

	it('is won by a perfect first attempt', async () => {
		await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES ('ace', 'A', 'ace@example.test', true)`)
		await take('ace', ['a', 'd'])
		expect(await claimTask('ace', 'perfect-quiz')).toEqual({ ok: true, taskId: 'perfect-quiz', xpAwarded: 200 })
	})
})
