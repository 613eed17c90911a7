import { sql } from 'drizzle-orm'
import { isProviderConfigured } from '~/features/auth/flows.server.ts'
import { completionDaysColumn, completionDaysOf } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import { account, achievementClaims, challengeAttempts, quizAttempts, tutorMessages, user, userProfiles, userProgress, xpLedger, xpTotals } from '#db/schema.ts'
import { pathLessonsDone, type Curriculum } from '~/features/catalog/curriculum.server.ts'
import { catalogContext, type CatalogColumns, type CatalogState } from '~/features/catalog/learner-state.server.ts'
import { profileFactsFields } from '~/features/profile/profile.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { checkClaim, evaluateAll, summarize, type AchievementFacts, type ProfileFacts } from './rules.ts'

type FactsColumns = {
	emailVerified: boolean
	profile: ProfileFacts | null
	lessonsStarted: number
	bestQuiz: { correct: number; total: number } | null
	challengesPassed: number
	githubConnected: boolean
	tutorQuestions: number
	claimed: string[] | null
	totalXP: number | null
	days: unknown
}

/**
 * Everything the rules need, in the learner's one catalog statement whatever their history: what grows with
 * it is read from what is kept (the completed set while their progress stands, the XP total and completion
 * days the triggers keep), and a count the rules only test for more than none stops at the first row.
 */
export async function gatherFacts(userId: string, now = new Date()): Promise<AchievementFacts & { totalXP: number }> {
	const { tree, learner, extra: row } = await catalogContext<FactsColumns>(userId, factsColumns)
	return {
		emailVerified: Boolean(row.emailVerified),
		profile: row.profile ?? null,
		completedLessons: learner.completed.size,
		lessonsStarted: Number(row.lessonsStarted ?? 0),
		completionDays: Object.keys(completionDaysOf(row.days)),
		today: utcDay(now),
		bestPath: bestPath(tree, learner),
		bestQuiz: row.bestQuiz ?? null,
		challengesPassed: Number(row.challengesPassed ?? 0),
		githubConnected: Boolean(row.githubConnected),
		githubAvailable: isProviderConfigured('github'),
		tutorQuestions: Number(row.tutorQuestions ?? 0),
		claimed: row.claimed ?? [],
		totalXP: Number(row.totalXP ?? 0),
	}
}

/**
 * The active enrolled published path the learner has done the largest share of (then the most lessons of;
 * the oldest enrollment on a tie): its published lessons done of total. Paths with nothing published come
 * last, as a share of nothing; no enrollment, no path.
 */
function bestPath(tree: Curriculum, learner: CatalogState): { done: number; total: number } | null {
	let best: { done: number; total: number } | null = null
	const share = (p: { done: number; total: number }) => (p.total > 0 ? p.done / p.total : -1)
	for (const id of learner.enrolledInOrder) {
		const path = tree.path.get(id)
		if (!path?.isPublished) continue
		const facts = pathLessonsDone(path, learner.completed)
		if (!best || share(facts) > share(best) || (share(facts) === share(best) && facts.done > best.done)) best = facts
	}
	return best
}

const factsColumns: CatalogColumns = (userId) => {
	const p = userProfiles
	const up = userProgress
	return sql`
		(SELECT ${user.emailVerified} FROM ${user} WHERE ${user.id} = ${userId}) AS "emailVerified",
		(SELECT json_build_object(${profileFactsFields(p)}) FROM ${p} WHERE ${p.userId} = ${userId}) AS profile,
		-- "Any row?" in index order: a bare LIMIT 1 let PostgreSQL plan a sequential scan for a learner with many
		-- rows (most of the table matches, so a match looks near), and it read every other learner's rows first:
		-- 6 ms for a learner with 100,000 completions. The same for the tutor's messages.
		(SELECT count(*)::int FROM (SELECT 1 FROM ${up} WHERE ${up.userId} = ${userId} ORDER BY ${up.lessonId} LIMIT 1) s) AS "lessonsStarted",
		-- Each quiz's first finished attempt only: a retake comes after its answers were shown.
		(SELECT json_build_object('correct', correct, 'total', total) FROM (
			SELECT DISTINCT ON (${quizAttempts.lessonId}) ${quizAttempts.correct} AS correct, ${quizAttempts.total} AS total FROM ${quizAttempts}
			WHERE ${quizAttempts.userId} = ${userId} AND ${quizAttempts.completedAt} IS NOT NULL AND ${quizAttempts.total} > 0
			ORDER BY ${quizAttempts.lessonId}, ${quizAttempts.createdAt}, ${quizAttempts.completedAt}
		) firsts ORDER BY correct::float / total DESC, correct DESC LIMIT 1) AS "bestQuiz",
		(SELECT count(*)::int FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = ${userId} AND ${challengeAttempts.firstPassedAt} IS NOT NULL) AS "challengesPassed",
		EXISTS (SELECT 1 FROM ${account} WHERE ${account.userId} = ${userId} AND ${account.providerId} = 'github') AS "githubConnected",
		(SELECT count(*)::int FROM (
			SELECT 1 FROM ${tutorMessages} WHERE ${tutorMessages.userId} = ${userId} AND ${tutorMessages.role} = 'user' ORDER BY ${tutorMessages.createdAt} LIMIT 1
		) t) AS "tutorQuestions",
		(SELECT json_agg(${achievementClaims.taskId}) FROM ${achievementClaims} WHERE ${achievementClaims.userId} = ${userId}) AS claimed,
		-- Every ledger row's XP, as the triggers keep it (migration 0004): the sum of the ledger, without reading it.
		(SELECT ${xpTotals.xp} FROM ${xpTotals} WHERE ${xpTotals.userId} = ${userId} AND ${xpTotals.period} = 'all' AND ${xpTotals.scope} = 'all') AS "totalXP",
		${completionDaysColumn(userId)}`
}

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
