import { and, eq, sql } from 'drizzle-orm'
import type { Bound } from '~/lib/sql-statement.server.ts'
import { challengeAttempts, lessonChallenges } from '#db/schema.ts'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { completeLesson } from '~/features/progress/progress.server.ts'
import { hit } from '~/features/security/rate-limit.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { COMPILER_VERSION, grade } from './grader.server.ts'
import { allPassed, CHALLENGE_LIMITS, type AttemptSummary, type ChallengeView, type GradeResult, type RunSettings, type UnlockedHints } from './types.ts'

// A learner's side of a code challenge: the draft, the runs, and the first pass that completes the lesson.
// The tests and the reference solution are read here on the server and never returned.

export function runSettings(): RunSettings {
	return { compilerVersion: COMPILER_VERSION, timeLimitSeconds: Math.round(getEnv().CHALLENGE_TIMEOUT_MS / 1000), maxTests: CHALLENGE_LIMITS.maxTests }
}

const unlocked = (hints: { en: string[]; pt: string[] }, failedRuns: number): UnlockedHints => ({
	en: hints.en.slice(0, failedRuns),
	pt: hints.pt.slice(0, failedRuns),
})

function summary(row: typeof challengeAttempts.$inferSelect | undefined): AttemptSummary {
	return {
		runs: row?.runs ?? 0,
		failedRuns: row?.failedRuns ?? 0,
		passedAt: row?.firstPassedAt?.toISOString() ?? null,
		lastResult: (row?.lastResult as GradeResult | null | undefined) ?? null,
	}
}

/** One query: the lesson's public challenge data joined with this learner's attempt. */
export async function challengeView(userId: string, lessonId: string): Promise<ChallengeView | null> {
	const db = await getDb()
	const [row] = await db
		.select({ starter: lessonChallenges.starterCode, hints: lessonChallenges.hints, hintsPt: lessonChallenges.hintsPt, attempt: challengeAttempts })
		.from(lessonChallenges)
		.leftJoin(challengeAttempts, and(eq(challengeAttempts.lessonId, lessonChallenges.lessonId), eq(challengeAttempts.userId, userId)))
		.where(eq(lessonChallenges.lessonId, lessonId))
	if (!row) return null
	const attempt = summary(row.attempt ?? undefined)
	return {
		starter: row.starter,
		draft: row.attempt?.draft ?? null,
		attempt,
		hints: unlocked({ en: row.hints, pt: row.hintsPt }, attempt.failedRuns),
		hintCount: Math.max(row.hints.length, row.hintsPt.length),
		settings: runSettings(),
	}
}

/** The learner's draft and last result, for the tutor's context (null when none). */
export async function attemptFor(userId: string, lessonId: string) {
	const db = await getDb()
	const [row] = await db
		.select()
		.from(challengeAttempts)
		.where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.lessonId, lessonId)))
	return row ? { draft: row.draft, lastResult: (row.lastResult as GradeResult | null) ?? null } : null
}

async function visibleChallenge(lessonId: string, preview: boolean) {
	const lesson = await getVisibleLesson(lessonId, preview)
	return lesson?.lessonType === 'challenge' ? lesson : null
}

/** Autosave: the draft, or null to go back to the starter code. Only on a challenge the learner may see. */
export async function saveDraft(userId: string, lessonId: string, source: string | null, preview: boolean): Promise<boolean> {
	if (!(await visibleChallenge(lessonId, preview))) return false
	const db = await getDb()
	await db
		.insert(challengeAttempts)
		.values({ userId, lessonId, draft: source, draftSavedAt: new Date() })
		.onConflictDoUpdate({
			target: [challengeAttempts.userId, challengeAttempts.lessonId],
			set: { draft: source, draftSavedAt: new Date(), updatedAt: new Date() },
		})
	return true
}

export type RunOutcome =
	| { ok: true; result: GradeResult; attempt: AttemptSummary; xpAwarded: number; hints: UnlockedHints }
	| { ok: false; status: 404 | 429; error: string; retryAfterSeconds?: number }

/**
 * Run the learner's code against the lesson's tests. Every run is counted (a failed one unlocks the next
 * hint) and the code becomes the saved draft; the first run where every test passes completes the lesson,
 * which awards its XP once through the ledger (its unique key holds under parallel runs).
 */
export async function runChallenge(userId: string, lessonId: string, source: string, preview: boolean): Promise<RunOutcome> {
	const lesson = await visibleChallenge(lessonId, preview)
	if (!lesson) return { ok: false, status: 404, error: 'challenge.errors.notFound' }
	const rate = await hit('challengeRuns', userId)
	if (rate.limited) return { ok: false, status: 429, error: 'challenge.errors.rateLimited', retryAfterSeconds: rate.retryAfter }
	const db = await getDb()
	const [challenge] = await db.select().from(lessonChallenges).where(eq(lessonChallenges.lessonId, lessonId))
	if (!challenge) return { ok: false, status: 404, error: 'challenge.errors.notFound' }

	const result = await grade({ source, tests: challenge.testsCode })
	const passed = allPassed(result)
	// Completing is for the first pass only (later passes award nothing): skip its transaction on reruns.
	const [before] = passed
		? await db
				.select({ firstPassedAt: challengeAttempts.firstPassedAt })
				.from(challengeAttempts)
				.where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.lessonId, lessonId)))
		: []
	// A run the grader could not take (busy, crashed) is not the learner's failure.
	const counts = !(result.status === 'problem' && (result.problem === 'busy' || result.problem === 'crashed'))
	const now = new Date()
	const [row] = await db
		.insert(challengeAttempts)
		.values({
			userId,
			lessonId,
			draft: source,
			draftSavedAt: now,
			runs: counts ? 1 : 0,
			failedRuns: counts && !passed ? 1 : 0,
			lastResult: result as unknown as Record<string, unknown>,
			lastRunAt: now,
			firstPassedAt: passed ? now : null,
		})
		.onConflictDoUpdate({
			target: [challengeAttempts.userId, challengeAttempts.lessonId],
			set: {
				draft: source,
				draftSavedAt: now,
				runs: sql`${challengeAttempts.runs} + ${counts ? 1 : 0}`,
				failedRuns: sql`${challengeAttempts.failedRuns} + ${counts && !passed ? 1 : 0}`,
				lastResult: result as unknown as Record<string, unknown>,
				lastRunAt: now,
				firstPassedAt: passed ? sql`coalesce(${challengeAttempts.firstPassedAt}, ${now.toISOString()}::timestamptz)` : sql`${challengeAttempts.firstPassedAt}`,
				updatedAt: now,
			},
		})
		.returning()
	let xpAwarded = 0
	// Parallel first passes may all get here: the ledger's unique key still awards the XP once.
	if (passed && !before?.firstPassedAt) {
		const done = await completeLesson(userId, lessonId, preview).catch((error: unknown) => {
			log.error('challenge completion failed', { lessonId, message: error instanceof Error ? error.message : String(error) })
			return null
		})
		xpAwarded = done?.xpAwarded ?? 0
	}
	const attempt = summary(row)
	return { ok: true, result, attempt, xpAwarded, hints: unlocked({ en: challenge.hints, pt: challenge.hintsPt }, attempt.failedRuns) }
}

export type ChallengeStats = { attempted: number; passed: number; runs: number }

/** The dashboard's challenge card (challenges run, passed, and test runs) as a column of its one statement. */
export const challengeColumn = (userId: Bound<string>) => sql`(
	SELECT json_build_object(
		'attempted', count(*) FILTER (WHERE ${challengeAttempts.runs} > 0),
		'passed', count(${challengeAttempts.firstPassedAt}),
		'runs', coalesce(sum(${challengeAttempts.runs}), 0)
	) FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = ${userId}
) AS challenges`

export function challengeStatsOf(column: unknown): ChallengeStats {
	const c = jsonValue<Partial<Record<keyof ChallengeStats, number | string>>>(column, {})
	return { attempted: Number(c.attempted ?? 0), passed: Number(c.passed ?? 0), runs: Number(c.runs ?? 0) }
}
