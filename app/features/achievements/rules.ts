import { longestStreak, streak } from '~/features/progress/habits.ts'
import { PROFILE_FIELDS, STREAK_GOAL, taskById, tasks, type TaskDef, type TaskId } from './tasks.ts'

// Pure rules: each task's status from a facts object gathered on the server (achievements.server.ts).
// The page shows these statuses and the claim action re-checks them, so both agree by construction.

export type ProfileFacts = {
	fullName: string | null
	country: string | null
	city: string | null
	languages: string[]
	yearsExperience: number
	stacks: string[]
	skillsToDevelop: string[]
	positionCompany: string | null
	linkedinUrl: string | null
	githubUrl: string | null
}

export type AchievementFacts = {
	emailVerified: boolean
	/** Null until the learner first saves the profile. */
	profile: ProfileFacts | null
	completedLessons: number
	/** Lessons opened or completed: the AI tutor lives in the lesson player. */
	lessonsStarted: number
	/** UTC days with at least one completed lesson (YYYY-MM-DD). */
	completionDays: string[]
	today: string
	/** The enrolled path closest to completion (published lessons), or null when not enrolled. */
	bestPath: { done: number; total: number } | null
	/** The best finished quiz attempt, or null when none. */
	bestQuiz: { correct: number; total: number } | null
	/** Code challenges whose tests the learner passed. */
	challengesPassed: number
	githubConnected: boolean
	/** Whether this server can link a GitHub account at all. */
	githubAvailable: boolean
	tutorQuestions: number
	claimed: readonly string[]
}

/**
 * locked: not reachable yet (the card says what unlocks it); available: nothing done yet;
 * in_progress: partly done; ready: earned and waiting to be claimed; completed: claimed, XP awarded.
 */
export type TaskStatus = 'locked' | 'available' | 'in_progress' | 'ready' | 'completed'

export type TaskState = { id: TaskId; status: TaskStatus; progress?: number; max?: number }

const filled = (v: string | null | undefined) => Boolean(v && v.trim())

/** How many of the profile's ten fields are filled (years of experience counts once saved, 0 included). */
export function profileFieldsFilled(p: ProfileFacts | null): number {
	if (!p) return 0
	return [
		filled(p.fullName),
		filled(p.country),
		filled(p.city),
		p.languages.length > 0,
		Number.isInteger(p.yearsExperience) && p.yearsExperience >= 0,
		p.stacks.length > 0,
		p.skillsToDevelop.length > 0,
		filled(p.positionCompany),
		filled(p.linkedinUrl),
		filled(p.githubUrl),
	].filter(Boolean).length
}

const ready = (id: TaskId, extra: Partial<TaskState> = {}): TaskState => ({ id, status: 'ready', ...extra })
const progressOf = (id: TaskId, progress: number, max: number): TaskState => ({
	id,
	status: progress >= max ? 'ready' : progress > 0 ? 'in_progress' : 'available',
	progress: Math.min(progress, max),
	max,
})

/** What the rule says, before looking at claims. */
function ruleFor(task: TaskDef, f: AchievementFacts): TaskState {
	const id = task.id
	switch (id) {
		case 'join-telegram':
		case 'join-discord':
		case 'follow-twitter':
			return { id, status: 'available' }
		case 'share-progress':
			return { id, status: f.completedLessons > 0 ? 'available' : 'locked' }
		case 'first-message':
			if (f.tutorQuestions > 0) return ready(id)
			return { id, status: f.lessonsStarted > 0 ? 'available' : 'locked' }
		case 'verify-email':
			return f.emailVerified ? ready(id) : { id, status: 'available' }
		case 'complete-profile':
			return progressOf(id, profileFieldsFilled(f.profile), PROFILE_FIELDS)
		case 'connect-github':
			if (f.githubConnected) return ready(id)
			return { id, status: f.githubAvailable ? 'available' : 'locked' }
		case 'connect-linkedin':
			return filled(f.profile?.linkedinUrl) ? ready(id) : { id, status: 'available' }
		case 'first-lesson':
			return f.completedLessons > 0 ? ready(id) : { id, status: 'available' }
		case 'streak-7': {
			if (longestStreak(f.completionDays) >= STREAK_GOAL) return ready(id, { progress: STREAK_GOAL, max: STREAK_GOAL })
			return progressOf(id, streak(f.completionDays, f.today), STREAK_GOAL)
		}
		case 'complete-path': {
			if (!f.bestPath || f.bestPath.total <= 0) return { id, status: 'locked' }
			return progressOf(id, f.bestPath.done, f.bestPath.total)
		}
		case 'first-challenge':
			return f.challengesPassed > 0 ? ready(id) : { id, status: 'available' }
		case 'perfect-quiz': {
			const q = f.bestQuiz
			if (!q || q.total <= 0) return { id, status: 'available' }
			return q.correct >= q.total ? ready(id, { progress: q.total, max: q.total }) : { id, status: 'in_progress', progress: q.correct, max: q.total }
		}
	}
}

/** A task's state: claimed tasks are completed for good; otherwise the rule decides. */
export function evaluate(task: TaskDef, f: AchievementFacts): TaskState {
	const state = ruleFor(task, f)
	if (!f.claimed.includes(task.id)) return state
	return { id: task.id, status: 'completed', ...(state.max ? { progress: state.max, max: state.max } : {}) }
}

export function evaluateAll(f: AchievementFacts): TaskState[] {
	return tasks.map((t) => evaluate(t, f))
}

export type ClaimCheck = { ok: true; task: TaskDef } | { ok: false; reason: 'unknown' | 'claimed' | 'notEarned' }

/** Whether the learner may claim the task now: earned (or, self-reported, unlocked) and not yet claimed. */
export function checkClaim(taskId: string, f: AchievementFacts): ClaimCheck {
	const task = taskById(taskId)
	if (!task) return { ok: false, reason: 'unknown' }
	const { status } = evaluate(task, f)
	if (status === 'completed') return { ok: false, reason: 'claimed' }
	if (status === 'ready' || (task.selfReported && status === 'available')) return { ok: true, task }
	return { ok: false, reason: 'notEarned' }
}

export type AchievementSummary = { completed: number; total: number; inProgress: number; xpEarned: number; xpAvailable: number }

/** The four summary cards. */
export function summarize(states: readonly TaskState[]): AchievementSummary {
	let completed = 0
	let inProgress = 0
	let xpEarned = 0
	let xpAvailable = 0
	for (const s of states) {
		const xp = taskById(s.id)?.xp ?? 0
		if (s.status === 'completed') {
			completed++
			xpEarned += xp
		} else {
			xpAvailable += xp
			if (s.status === 'in_progress' || s.status === 'ready') inProgress++
		}
	}
	return { completed, total: states.length, inProgress, xpEarned, xpAvailable }
}
