import { describe, expect, it } from 'vitest'
import { checkClaim, evaluate, evaluateAll, profileFieldsFilled, summarize, type AchievementFacts, type ProfileFacts } from './rules.ts'
import { taskById, tasks, type TaskId } from './tasks.ts'

const fresh: AchievementFacts = {
	emailVerified: false,
	profile: null,
	completedLessons: 0,
	lessonsStarted: 0,
	completionDays: [],
	today: '2026-03-11',
	bestPath: null,
	bestQuiz: null,
	challengesPassed: 0,
	githubConnected: false,
	githubAvailable: true,
	tutorQuestions: 0,
	claimed: [],
}

const fullProfile: ProfileFacts = {
	fullName: 'Ana Souza',
	country: 'BR',
	city: 'Recife',
	languages: ['Portuguese'],
	yearsExperience: 0,
	stacks: ['React'],
	skillsToDevelop: ['Solidity'],
	positionCompany: 'Dev at Acme',
	linkedinUrl: 'https://linkedin.com/in/ana',
	githubUrl: 'https://github.com/ana',
}

function stateOf(id: TaskId, facts: Partial<AchievementFacts> = {}) {
	return evaluate(taskById(id)!, { ...fresh, ...facts })
}

describe('the task list', () => {
	it('holds the 13 tasks of the spec, and the code challenge one, with their XP', () => {
		expect(Object.fromEntries(tasks.map((t) => [t.id, t.xp]))).toEqual({
			'join-telegram': 100,
			'join-discord': 100,
			'first-message': 50,
			'verify-email': 150,
			'complete-profile': 200,
			'connect-github': 100,
			'connect-linkedin': 100,
			'follow-twitter': 75,
			'share-progress': 150,
			'first-lesson': 50,
			'streak-7': 300,
			'complete-path': 500,
			'perfect-quiz': 200,
			'first-challenge': 100,
		})
	})

	it("'First contract passes its tests' is ready once a challenge's tests pass", () => {
		expect(evaluateAll(fresh).find((s) => s.id === 'first-challenge')).toEqual({ id: 'first-challenge', status: 'available' })
		expect(evaluateAll({ ...fresh, challengesPassed: 1 }).find((s) => s.id === 'first-challenge')?.status).toBe('ready')
	})
	it('marks exactly the link tasks as self-reported', () => {
		expect(tasks.filter((t) => t.selfReported).map((t) => t.id)).toEqual(['join-telegram', 'join-discord', 'follow-twitter', 'share-progress'])
	})
})

describe('achievement rules', () => {
	it('join Telegram, join Discord, follow on Twitter: always open, confirmed by the learner', () => {
		for (const id of ['join-telegram', 'join-discord', 'follow-twitter'] as const) {
			expect(stateOf(id).status).toBe('available')
			expect(checkClaim(id, fresh).ok).toBe(true)
		}
	})

	it('share progress: locked until the first completed lesson', () => {
		expect(stateOf('share-progress').status).toBe('locked')
		expect(checkClaim('share-progress', fresh)).toEqual({ ok: false, reason: 'notEarned' })
		expect(stateOf('share-progress', { completedLessons: 1 }).status).toBe('available')
		expect(checkClaim('share-progress', { ...fresh, completedLessons: 1 }).ok).toBe(true)
	})

	it('first message: locked before any lesson is opened, ready after the first question to the tutor', () => {
		expect(stateOf('first-message').status).toBe('locked')
		expect(stateOf('first-message', { lessonsStarted: 1 }).status).toBe('available')
		expect(checkClaim('first-message', { ...fresh, lessonsStarted: 1 }).ok).toBe(false)
		expect(stateOf('first-message', { lessonsStarted: 1, tutorQuestions: 1 }).status).toBe('ready')
	})

	it('verify email: ready once the email is verified', () => {
		expect(stateOf('verify-email').status).toBe('available')
		expect(stateOf('verify-email', { emailVerified: true }).status).toBe('ready')
	})

	it('complete profile: counts the ten fields', () => {
		expect(stateOf('complete-profile')).toEqual({ id: 'complete-profile', status: 'available', progress: 0, max: 10 })
		const partial = { ...fullProfile, city: ' ', stacks: [], githubUrl: null }
		expect(profileFieldsFilled(partial)).toBe(7)
		expect(stateOf('complete-profile', { profile: partial })).toEqual({ id: 'complete-profile', status: 'in_progress', progress: 7, max: 10 })
		expect(profileFieldsFilled(fullProfile)).toBe(10)
		expect(stateOf('complete-profile', { profile: fullProfile }).status).toBe('ready')
	})

	it('connect GitHub: ready with a linked GitHub account; locked where GitHub is not configured', () => {
		expect(stateOf('connect-github').status).toBe('available')
		expect(stateOf('connect-github', { githubAvailable: false }).status).toBe('locked')
		expect(stateOf('connect-github', { githubConnected: true, githubAvailable: false }).status).toBe('ready')
	})

	it('connect LinkedIn: ready with a LinkedIn URL on the profile', () => {
		expect(stateOf('connect-linkedin', { profile: { ...fullProfile, linkedinUrl: null } }).status).toBe('available')
		expect(stateOf('connect-linkedin', { profile: fullProfile }).status).toBe('ready')
	})

	it('first lesson: ready after one completed lesson', () => {
		expect(stateOf('first-lesson').status).toBe('available')
		expect(stateOf('first-lesson', { completedLessons: 1 }).status).toBe('ready')
	})

	it('7-day streak: progress n/7 from the current streak, ready once 7 days in a row were reached', () => {
		expect(stateOf('streak-7')).toEqual({ id: 'streak-7', status: 'available', progress: 0, max: 7 })
		const four = ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']
		expect(stateOf('streak-7', { completionDays: four })).toEqual({ id: 'streak-7', status: 'in_progress', progress: 4, max: 7 })
		const week = ['2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06', '2026-02-07']
		// A past run of seven still counts even though today has no completion.
		expect(stateOf('streak-7', { completionDays: week })).toEqual({ id: 'streak-7', status: 'ready', progress: 7, max: 7 })
	})

	it('complete a path: locked without a path, progress in the most advanced path', () => {
		expect(stateOf('complete-path').status).toBe('locked')
		expect(stateOf('complete-path', { bestPath: { done: 0, total: 28 } })).toEqual({ id: 'complete-path', status: 'available', progress: 0, max: 28 })
		expect(stateOf('complete-path', { bestPath: { done: 12, total: 28 } })).toEqual({ id: 'complete-path', status: 'in_progress', progress: 12, max: 28 })
		expect(stateOf('complete-path', { bestPath: { done: 28, total: 28 } }).status).toBe('ready')
		expect(stateOf('complete-path', { bestPath: { done: 0, total: 0 } }).status).toBe('locked')
	})

	it('perfect quiz: ready only with 100% on a finished attempt', () => {
		expect(stateOf('perfect-quiz').status).toBe('available')
		expect(stateOf('perfect-quiz', { bestQuiz: { correct: 3, total: 4 } })).toEqual({ id: 'perfect-quiz', status: 'in_progress', progress: 3, max: 4 })
		expect(stateOf('perfect-quiz', { bestQuiz: { correct: 4, total: 4 } }).status).toBe('ready')
		expect(stateOf('perfect-quiz', { bestQuiz: { correct: 0, total: 0 } }).status).toBe('available')
	})

	it('a claimed task is completed for good, and cannot be claimed again', () => {
		const facts = { ...fresh, completedLessons: 0, claimed: ['first-lesson', 'complete-path'] }
		expect(stateOf('first-lesson', facts).status).toBe('completed')
		expect(stateOf('complete-path', { ...facts, bestPath: { done: 3, total: 9 } })).toEqual({ id: 'complete-path', status: 'completed', progress: 9, max: 9 })
		expect(checkClaim('first-lesson', { ...facts, completedLessons: 1 })).toEqual({ ok: false, reason: 'claimed' })
	})

	it('refuses unknown and unearned tasks', () => {
		expect(checkClaim('free-xp', fresh)).toEqual({ ok: false, reason: 'unknown' })
		for (const id of [
			'first-lesson',
			'verify-email',
			'complete-profile',
			'streak-7',
			'complete-path',
			'perfect-quiz',
			'connect-linkedin',
			'first-message',
		] as const) {
			expect(checkClaim(id, fresh), id).toEqual({ ok: false, reason: 'notEarned' })
		}
	})
})

describe('summary cards', () => {
	it('counts completed, in progress, XP earned and XP still available', () => {
		const states = evaluateAll({ ...fresh, emailVerified: true, bestPath: { done: 2, total: 9 }, claimed: ['join-telegram'] })
		expect(summarize(states)).toEqual({ completed: 1, total: 14, inProgress: 2, xpEarned: 100, xpAvailable: 2175 - 100 })
	})
})
