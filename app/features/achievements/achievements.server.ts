import { sql } from 'drizzle-orm'
import { isProviderConfigured } from '~/features/auth/flows.server.ts'
import { completionDays } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import { challengeAttempts } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
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

/** Everything the rules need, in two queries whatever the learner's history (run in parallel). */
export async function gatherFacts(userId: string, now = new Date()): Promise<AchievementFacts & { totalXP: number }> {
	const db = await getDb()
	const [rows, days] = await Promise.all([
		db.execute(sql`
			SELECT u.email_verified AS "emailVerified",
				(SELECT json_build_object(
					'fullName', p.full_name, 'country', p.country, 'city', p.city, 'languages', p.languages,
					'yearsExperience', p.years_experience, 'stacks', p.stacks, 'skillsToDevelop', p.skills_to_develop,
					'positionCompany', p.position_company, 'linkedinUrl', p.linkedin_url, 'githubUrl', p.github_url)
					FROM user_profiles p WHERE p.user_id = u.id) AS profile,
				(SELECT count(*)::int FROM user_progress WHERE user_id = u.id AND status = 'completed') AS "completedLessons",
				(SELECT count(*)::int FROM user_progress WHERE user_id = u.id) AS "lessonsStarted",
				(SELECT json_build_object('done', done, 'total', total) FROM (
					SELECT count(l.id)::int AS total, count(up.id)::int AS done
					FROM user_enrollments e
					JOIN learning_paths lp ON lp.id = e.learning_path_id AND lp.is_published
					LEFT JOIN courses c ON c.path_id = lp.id AND c.is_published
					LEFT JOIN modules m ON m.course_id = c.id AND m.is_published
					LEFT JOIN lessons l ON l.module_id = m.id AND l.is_published
					LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = u.id AND up.status = 'completed'
					WHERE e.user_id = u.id AND e.is_active
					GROUP BY lp.id
					ORDER BY count(up.id)::float / nullif(count(l.id), 0) DESC NULLS LAST, count(up.id) DESC
					LIMIT 1
				) best) AS "bestPath",
				-- Each quiz's first finished attempt only: a retake comes after its answers were shown.
				(SELECT json_build_object('correct', correct, 'total', total) FROM (
					SELECT DISTINCT ON (lesson_id) correct, total FROM quiz_attempts
					WHERE user_id = u.id AND completed_at IS NOT NULL AND total > 0
					ORDER BY lesson_id, created_at, completed_at
				) firsts ORDER BY correct::float / total DESC, correct DESC LIMIT 1) AS "bestQuiz",
				(SELECT count(*)::int FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = u.id AND ${challengeAttempts.firstPassedAt} IS NOT NULL) AS "challengesPassed",
				EXISTS (SELECT 1 FROM account WHERE user_id = u.id AND provider_id = 'github') AS "githubConnected",
				(SELECT count(*)::int FROM (SELECT 1 FROM tutor_messages WHERE user_id = u.id AND role = 'user' LIMIT 1) t) AS "tutorQuestions",
				(SELECT json_agg(task_id) FROM achievement_claims WHERE user_id = u.id) AS claimed,
				(SELECT coalesce(sum(amount), 0)::int FROM xp_ledger WHERE user_id = u.id) AS "totalXP"
			FROM "user" u WHERE u.id = ${userId}
		`),
		completionDays(userId),
	])
	const row = rowsOf<FactsRow>(rows)[0]
	return {
		emailVerified: Boolean(row?.emailVerified),
		profile: row?.profile ?? null,
		completedLessons: Number(row?.completedLessons ?? 0),
		lessonsStarted: Number(row?.lessonsStarted ?? 0),
		completionDays: Object.keys(days),
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

/** The achievements page: every task's state and the summary cards. */
export async function achievementsPage(userId: string) {
	const facts = await gatherFacts(userId)
	const states = evaluateAll(facts)
	return { states, summary: summarize(states), totalXP: facts.totalXP }
}

export type ClaimResult =
	| { ok: true; taskId: string; xpAwarded: number }
	| { ok: false; error: 'unknownTask' | 'alreadyClaimed' | 'notEarned'; status: 400 | 403 | 409 }

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
		const claim = rowsOf<{ id: string }>(
			await tx.execute(sql`
				INSERT INTO achievement_claims (user_id, task_id, self_reported) VALUES (${userId}, ${task.id}, ${task.selfReported})
				ON CONFLICT (user_id, task_id) DO NOTHING
				RETURNING id
			`),
		)
		if (claim.length === 0) return null
		const xp = rowsOf<{ amount: number }>(
			await tx.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount) VALUES (${userId}, 'achievement', ${task.id}, ${task.xp})
				ON CONFLICT (user_id, source_kind, source_id) DO NOTHING
				RETURNING amount
			`),
		)
		return Number(xp[0]?.amount ?? 0)
	})
	if (awarded === null) return { ok: false, error: 'alreadyClaimed', status: 409 }
	return { ok: true, taskId: task.id, xpAwarded: awarded }
}
