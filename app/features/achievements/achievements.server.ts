import { sql } from 'drizzle-orm'
import { isProviderConfigured } from '~/features/auth/flows.server.ts'
import { completionDaysColumn, completionDaysOf } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import { alias } from 'drizzle-orm/pg-core'
import {
	account,
	achievementClaims,
	challengeAttempts,
	courses,
	learningPaths,
	lessons,
	modules,
	quizAttempts,
	tutorMessages,
	user,
	userEnrollments,
	userProfiles,
	userProgress,
	xpLedger,
} from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import { checkClaim, evaluateAll, summarize, type AchievementFacts, type ProfileFacts } from './rules.ts'

type FactsRow = {
	emailVerified: boolean
	profile: ProfileFacts | null
	completedLessons: number
	lessonsStarted: number
	bestPath: { done: number; total: number } | null
	bestQuiz: { correct: number; total: number } | null
	challengesPassed: number
	githubConnected: boolean
	tutorQuestions: number
	claimed: string[] | null
	totalXP: number
}

/** Everything the rules need, in one statement whatever the learner's history (the completion days a column of it). */
export async function gatherFacts(userId: string, now = new Date()): Promise<AchievementFacts & { totalXP: number }> {
	const { rows } = await factsStatement(await getDb(), { userId })
	const row = rows[0]
	return {
		emailVerified: Boolean(row?.emailVerified),
		profile: row?.profile ?? null,
		completedLessons: Number(row?.completedLessons ?? 0),
		lessonsStarted: Number(row?.lessonsStarted ?? 0),
		completionDays: Object.keys(completionDaysOf(row?.days)),
		today: utcDay(now),
		bestPath: row?.bestPath ?? null,
		bestQuiz: row?.bestQuiz ?? null,
		challengesPassed: Number(row?.challengesPassed ?? 0),
		githubConnected: Boolean(row?.githubConnected),
		githubAvailable: isProviderConfigured('github'),
		tutorQuestions: Number(row?.tutorQuestions ?? 0),
		claimed: row?.claimed ?? [],
		totalXP: Number(row?.totalXP ?? 0),
	}
}

const factsStatement = statement<FactsRow & { days: unknown }, 'userId'>(['userId'], ({ userId }) => {
	// Aliases where a subquery reaches the outer row (`alias()` renders only the alias: FROM table alias).
	const u = alias(user, 'u')
	const p = alias(userProfiles, 'p')
	const up = userProgress
	return sql`
		SELECT ${u.emailVerified} AS "emailVerified",
			(SELECT json_build_object(
				'fullName', ${p.fullName}, 'country', ${p.country}, 'city', ${p.city}, 'languages', ${p.languages},
				'yearsExperience', ${p.yearsExperience}, 'stacks', ${p.stacks}, 'skillsToDevelop', ${p.skillsToDevelop},
				'positionCompany', ${p.positionCompany}, 'linkedinUrl', ${p.linkedinUrl}, 'githubUrl', ${p.githubUrl})
				FROM ${userProfiles} ${p} WHERE ${p.userId} = ${u.id}) AS profile,
			(SELECT count(*)::int FROM ${up} WHERE ${up.userId} = ${u.id} AND ${up.status} = 'completed') AS "completedLessons",
			(SELECT count(*)::int FROM ${up} WHERE ${up.userId} = ${u.id}) AS "lessonsStarted",
			(SELECT json_build_object('done', done, 'total', total) FROM (
				SELECT count(${lessons.id})::int AS total, count(${up.id})::int AS done
				FROM ${userEnrollments}
				JOIN ${learningPaths} ON ${learningPaths.id} = ${userEnrollments.learningPathId} AND ${learningPaths.isPublished}
				LEFT JOIN ${courses} ON ${courses.pathId} = ${learningPaths.id} AND ${courses.isPublished}
				LEFT JOIN ${modules} ON ${modules.courseId} = ${courses.id} AND ${modules.isPublished}
				LEFT JOIN ${lessons} ON ${lessons.moduleId} = ${modules.id} AND ${lessons.isPublished}
				LEFT JOIN ${up} ON ${up.lessonId} = ${lessons.id} AND ${up.userId} = ${u.id} AND ${up.status} = 'completed'
				WHERE ${userEnrollments.userId} = ${u.id} AND ${userEnrollments.isActive}
				GROUP BY ${learningPaths.id}
				ORDER BY count(${up.id})::float / nullif(count(${lessons.id}), 0) DESC NULLS LAST, count(${up.id}) DESC
				LIMIT 1
			) best) AS "bestPath",
			-- Each quiz's first finished attempt only: a retake comes after its answers were shown.
			(SELECT json_build_object('correct', correct, 'total', total) FROM (
				SELECT DISTINCT ON (${quizAttempts.lessonId}) ${quizAttempts.correct} AS correct, ${quizAttempts.total} AS total FROM ${quizAttempts}
				WHERE ${quizAttempts.userId} = ${u.id} AND ${quizAttempts.completedAt} IS NOT NULL AND ${quizAttempts.total} > 0
				ORDER BY ${quizAttempts.lessonId}, ${quizAttempts.createdAt}, ${quizAttempts.completedAt}
			) firsts ORDER BY correct::float / total DESC, correct DESC LIMIT 1) AS "bestQuiz",
			(SELECT count(*)::int FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = ${u.id} AND ${challengeAttempts.firstPassedAt} IS NOT NULL) AS "challengesPassed",
			EXISTS (SELECT 1 FROM ${account} WHERE ${account.userId} = ${u.id} AND ${account.providerId} = 'github') AS "githubConnected",
			(SELECT count(*)::int FROM (
				SELECT 1 FROM ${tutorMessages} WHERE ${tutorMessages.userId} = ${u.id} AND ${tutorMessages.role} = 'user' LIMIT 1
			) t) AS "tutorQuestions",
			(SELECT json_agg(${achievementClaims.taskId}) FROM ${achievementClaims} WHERE ${achievementClaims.userId} = ${u.id}) AS claimed,
			(SELECT coalesce(sum(${xpLedger.amount}), 0)::int FROM ${xpLedger} WHERE ${xpLedger.userId} = ${u.id}) AS "totalXP",
			${completionDaysColumn(userId)}
		FROM ${user} ${u} WHERE ${u.id} = ${userId}
	`
})

/** The achievements page: every task's state and the summary cards. */
export async function achievementsPage(userId: string) {
	const facts = await gatherFacts(userId)
	const states = evaluateAll(facts)
	return { states, summary: summarize(states), totalXP: facts.totalXP }
}

export type ClaimResult =
	{ ok: true; taskId: string; xpAwarded: number } | { ok: false; error: 'unknownTask' | 'alreadyClaimed' | 'notEarned'; status: 400 | 403 | 409 }

/**
 * Claim a task's XP. The rule is checked again here from the database, never trusted from the
 * browser; the claim and its ledger row are written together, and the unique keys make a double
 * submit or a race award the XP once.
 */
export async function claimTask(userId: string, taskId: string): Promise<ClaimResult> {
	const check = checkClaim(taskId, await gatherFacts(userId))
	if (!check.ok) {
		if (check.reason === 'unknown') return { ok: false, error: 'unknownTask', status: 400 }
		if (check.reason === 'claimed') return { ok: false, error: 'alreadyClaimed', status: 409 }
		return { ok: false, error: 'notEarned', status: 403 }
	}
	const { task } = check
	const db = await getDb()
	const awarded = await db.transaction(async (tx) => {
		const claim = await tx
			.insert(achievementClaims)
			.values({ userId, taskId: task.id, selfReported: task.selfReported })
			.onConflictDoNothing({ target: [achievementClaims.userId, achievementClaims.taskId] })
			.returning({ id: achievementClaims.id })
		if (claim.length === 0) return null
		const xp = await tx
			.insert(xpLedger)
			.values({ userId, sourceKind: 'achievement', sourceId: task.id, amount: task.xp })
			.onConflictDoNothing({ target: [xpLedger.userId, xpLedger.sourceKind, xpLedger.sourceId] })
			.returning({ amount: xpLedger.amount })
		return Number(xp[0]?.amount ?? 0)
	})
	if (awarded === null) return { ok: false, error: 'alreadyClaimed', status: 409 }
	return { ok: true, taskId: task.id, xpAwarded: awarded }
}
