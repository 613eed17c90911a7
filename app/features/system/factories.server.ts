import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { applications, challengeAttempts, quizAttempts, user } from '#db/schema.ts'
import { claimTask } from '~/features/achievements/achievements.server.ts'
import { insertApplication, setApplicationStatus } from '~/features/applications/applications.server.ts'
import { applicationSchema, type ApplicationInput, type ApplicationStatus } from '~/features/applications/schemas.ts'
import { getVisibleLesson } from '~/features/catalog/catalog.server.ts'
import { issueCertificateIfComplete } from '~/features/certificates/certificates.server.ts'
import { saveProfile } from '~/features/profile/profile.server.ts'
import { profileSchema, type ProfileInput } from '~/features/profile/schemas.ts'
import { completeLesson, completeLessons, enroll, markViewed } from '~/features/progress/progress.server.ts'
import { answerQuestion } from '~/features/quiz/quiz.server.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { getDb } from '~/lib/db.server.ts'

// Learner activity made the way the app makes it: every row that feeds an aggregate (XP ledger, totals,
// completion days, certificates) is written by the feature function a request would call, so the demo
// cohort and the tests see the same invariants as real learners. Shared by the demo seeding and, through
// tests/support/factories.ts, by the tests. Curriculum factories (paths, courses, lessons) live in tests only.

export type LearnerRow = typeof user.$inferSelect

/**
 * A learner account without a password: nobody can sign in as it (the demo cohort's learners only show up
 * on boards and certificates). `createAccount` makes learners who sign in.
 */
export async function createLearner(overrides: Partial<typeof user.$inferInsert> = {}): Promise<LearnerRow> {
	const db = await getDb()
	const id = overrides.id ?? randomUUID()
	const [row] = await db
		.insert(user)
		.values({ id, name: 'Test Learner', email: `learner-${id.slice(0, 8)}@example.test`, emailVerified: true, ...overrides })
		.returning()
	return row!
}

// The embedded engine's clock moves in whole milliseconds, and a learner's enrollments are ordered oldest first
// (created_at, then a random id): two made in the same millisecond came out in either order, and a test that
// enrolled in four paths back to back failed now and then. Factories enroll in call order, a millisecond apart
// at least, as a learner's clicks always are.
let lastEnrolledAt = 0

export async function enrollIn(userId: string, pathId: string) {
	while (Date.now() <= lastEnrolledAt) await new Promise((resolve) => setTimeout(resolve, 1))
	if (!(await enroll(userId, pathId))) throw new Error(`cannot enroll in ${pathId}: no such published path`)
	lastEnrolledAt = Date.now()
}

/**
 * Complete a lesson through the progress feature (XP through the ledger, the certificate when it ends a path):
 * now, as the course player does, or backdated to `at`.
 */
export async function completion(userId: string, lessonId: string, at?: Date): Promise<{ xpAwarded: number }> {
	if (at) {
		const done = await completeLessons(userId, [{ lessonId, at }])
		if (!done.completed) throw new Error(`cannot complete ${lessonId}: no such visible lesson`)
		return done
	}
	const done = await completeLesson(userId, lessonId)
	if (!done) throw new Error(`cannot complete ${lessonId}: no such visible lesson`)
	return done
}

/** Many backdated completions of one learner in one go (the progress feature's bulk path). */
export const completions = completeLessons

/** The learner opened a lesson (now): 'Pick up where you left off' points at it. */
export const viewLesson = markViewed

/**
 * One finished quiz attempt through the quiz feature: the first `correct` questions (or that `share` of them)
 * answered right, the rest wrong; all right by default. `at` backdates the attempt afterwards (the quiz feature
 * always answers now; no aggregate reads it).
 */
export async function quizAttempt(userId: string, lessonId: string, { correct, share, at }: { correct?: number; share?: number; at?: Date } = {}) {
	const lesson = await getVisibleLesson(lessonId)
	const parsed = parseQuiz(lesson?.content ?? '[]')
	if (!lesson || !parsed.ok) throw new Error(`not a quiz: ${lessonId}`)
	const total = parsed.questions.length
	const right = Math.max(0, Math.min(total, correct ?? (share === undefined ? total : Math.round(share * total))))
	let score: { correct: number; total: number } | undefined
	for (const [i, q] of parsed.questions.entries()) {
		const answer = i < right ? q.correctAnswer : q.options.find((o) => o !== q.correctAnswer)!
		const result = await answerQuestion(userId, lessonId, i, answer, { at })
		if (!result.ok) throw new Error(`quiz answer refused: ${result.error}`)
		score = result.score ?? score
	}
	if (at) {
		const db = await getDb()
		const [latest] = await db
			.select({ id: quizAttempts.id })
			.from(quizAttempts)
			.where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
			.orderBy(desc(quizAttempts.createdAt))
			.limit(1)
		if (latest) await db.update(quizAttempts).set({ createdAt: at, completedAt: at, updatedAt: at }).where(eq(quizAttempts.id, latest.id))
	}
	return score ?? { correct: right, total }
}

type ChallengeRun = { at?: Date; failedRuns?: number; source?: string | null }

/**
 * A code challenge's attempt as the grader leaves it after `failedRuns` failed runs and a passing one. Skips
 * compiling: the demo seeding must stay fast, and grading itself is covered by the challenge tests.
 */
export async function passedChallengeAttempt(userId: string, lessonId: string, { at = new Date(), failedRuns = 0, source = null }: ChallengeRun = {}) {
	const db = await getDb()
	await db
		.insert(challengeAttempts)
		.values({
			userId,
			lessonId,
			draft: source,
			draftSavedAt: at,
			runs: failedRuns + 1,
			failedRuns,
			lastRunAt: at,
			firstPassedAt: at,
			createdAt: at,
			updatedAt: at,
		})
		.onConflictDoNothing()
}

/** A passed code challenge: its attempt, then the completion through the progress feature. */
export async function passedChallenge(userId: string, lessonId: string, run: ChallengeRun = {}) {
	await passedChallengeAttempt(userId, lessonId, run)
	return completion(userId, lessonId, run.at)
}

/** An achievement claimed through the achievements feature (its XP through the ledger); throws when not earned. */
export async function claim(userId: string, taskId: string) {
	const result = await claimTask(userId, taskId)
	if (!result.ok) throw new Error(`cannot claim ${taskId}: ${result.error}`)
	return result
}

/** The path's certificate through the certificate feature (signed; null while the path is not complete). */
export function certificate(userId: string, pathId: string, at?: Date) {
	return issueCertificateIfComplete(userId, pathId, { at })
}

/** A profile validated by the profile form's schema and stored by the profile feature. */
export async function profile(userId: string, input: Partial<ProfileInput>) {
	const parsed = profileSchema.safeParse(input)
	if (!parsed.success) throw new Error(`invalid profile: ${parsed.error.issues.map((i) => i.message).join(', ')}`)
	await saveProfile(userId, parsed.data)
	return parsed.data
}

/** An application validated by the form's schema, stored by the applications feature, then given its status; `at` backdates it in the inbox. */
export async function application(
	input: Partial<Record<keyof ApplicationInput, string>> & Pick<ApplicationInput, 'type'>,
	{ status = 'new', at, language = 'en-US' }: { status?: ApplicationStatus; at?: Date; language?: string } = {},
) {
	const parsed = applicationSchema.safeParse({ name: 'Applicant', email: `applicant-${randomUUID().slice(0, 8)}@example.test`, ...input })
	if (!parsed.success) throw new Error(`invalid application: ${parsed.error.issues.map((i) => i.message).join(', ')}`)
	const full = parsed.data
	const id = await insertApplication(full, { language, ip: null })
	if (!id) throw new Error(`duplicate application: ${full.email}`)
	if (status !== 'new') await setApplicationStatus(id, status)
	if (at) {
		const db = await getDb()
		await db.update(applications).set({ createdAt: at, updatedAt: at }).where(eq(applications.id, id))
	}
	return id
}
