import { eq, sql } from 'drizzle-orm'
import { statement, type Bound } from '~/lib/sql-statement.server.ts'
import { findVisibleLesson, isUuid, type FoundLesson } from '~/features/catalog/catalog.server.ts'
import { completedIn, curriculum, curriculumVersionColumn, visibleChain, visibleLessons, type PathNode } from '~/features/catalog/curriculum.server.ts'
import { sessionChecked, type SessionCheck } from '~/features/auth/session-row.server.ts'
import { catalogContext, type CatalogContext } from '~/features/catalog/learner-state.server.ts'
import { localize, localizeOptional } from '~/features/catalog/localize.ts'
import { issueCertificateIfComplete, lessonMissing, pathHeadJson } from '~/features/certificates/certificates.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { getDb, getDbHandle } from '~/lib/db.server.ts'
import { log } from '~/lib/log.server.ts'
import { excluded, names } from '~/lib/sql-columns.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { isConnectionFault } from '#db/faults.ts'
import { learnerProgressVersion, learningPaths, userCompletionDays, userEnrollments, userProgress, xpLedger, xpTotals } from '#db/schema.ts'
import { failIfAsked } from './section-faults.server.ts'

/** Enroll in a published path. Idempotent: double clicks and parallel requests leave one row. */
export async function enroll(userId: string, pathId: string): Promise<boolean> {
	if (!isUuid(pathId)) return false
	const db = await getDb()
	const e = userEnrollments
	const p = learningPaths
	// INSERT ... SELECT: the path's publication is checked in the same statement as the write.
	const { rows } = await db.execute<{ id: string }>(sql`
		INSERT INTO ${e} (${names(e.userId, e.learningPathId, e.isActive)})
		SELECT ${userId}, ${p.id}, true FROM ${p} WHERE ${p.id} = ${pathId} AND ${p.isPublished}
		ON CONFLICT (${names(e.userId, e.learningPathId)}) DO UPDATE SET ${names(e.isActive)} = true, ${names(e.updatedAt)} = now()
		RETURNING ${names(e.id)}
	`)
	return rows.length > 0
}

/**
 * enroll() for the enroll action: null when it failed for another reason than the database being away
 * (that one stays the page's 503), logged, so the learner is told 'Error while enrolling'.
 */
export async function enrollOrFail(request: Request, userId: string, pathId: string): Promise<boolean | null> {
	try {
		failIfAsked(request, 'enroll')
		return await enroll(userId, pathId)
	} catch (err) {
		if (isConnectionFault(err)) throw err
		log.error('enroll failed', { userId, pathId, message: err instanceof Error ? err.message : String(err) })
		return null
	}
}

/** Opening a lesson: in_progress (unless already completed) and the time it was last viewed. */
export async function markViewed(userId: string, lessonId: string) {
	const db = await getDb()
	await db
		.insert(userProgress)
		.values({ userId, lessonId, status: 'in_progress', lastViewedAt: sql`now()` })
		.onConflictDoUpdate({
			target: [userProgress.userId, userProgress.lessonId],
			set: {
				lastViewedAt: sql`now()`,
				status: sql`CASE WHEN ${userProgress.status} = 'completed' THEN 'completed' ELSE 'in_progress' END`,
				updatedAt: sql`now()`,
			},
		})
}

/**
 * Complete a lesson: progress 'completed' (first completion time kept), the lesson's XP written to the
 * ledger once (unique per user and lesson), and the learner enrolled in the path (reported, so the player
 * can say so: enrollment is never a silent side effect). One statement, so one round trip and atomic
 * without a transaction around it; its three writes touch different tables, and each table's aggregate
 * triggers read only their own rows. It also says whether another of the path's last lessons is still to do.
 * When that was the path's last lesson, the path's certificate is issued.
 */
export async function completeLesson(userId: string, lessonOrId: string | FoundLesson, preview = false) {
	// The player's action found the lesson already (to check it is this course's): not read again.
	const lesson = typeof lessonOrId === 'string' ? await findVisibleLesson(lessonOrId, preview) : lessonOrId
	if (!lesson) return null
	return completeFound(userId, lesson)
}

/** A completion written: the XP it awarded, the certificate it issued (if any), the path it enrolled in (if any). */
export type Completed = {
	lesson: FoundLesson
	xpAwarded: number
	certificate: Awaited<ReturnType<typeof issueAfterCompletion>>
	enrolledPathTitle: string | null
}

/**
 * completeLesson for a lesson found already. With `session` (keptLearner's), the statement checks it and the
 * curriculum's version the lesson was found in, and writes nothing when either fails: 'unchecked' (ADR 0026).
 */
function completeFound(userId: string, lesson: FoundLesson): Promise<Completed>
function completeFound(userId: string, lesson: FoundLesson, session?: SessionCheck): Promise<Completed | 'unchecked'>
async function completeFound(userId: string, lesson: FoundLesson, session?: SessionCheck): Promise<Completed | 'unchecked'> {
	const handle = await getDbHandle()
	const head = await pathHeadJson(lesson.pathId, lesson.curriculumVersion)
	const checks = session ? { ...session, version: lesson.curriculumVersion } : { token: null, refreshAfter: null, version: null }
	const {
		rows: [awarded],
	} = await completion(handle.db, { userId, lessonId: lesson.id, pathId: lesson.pathId, xp: lesson.xpValue, head, ...checks })
	if (!awarded?.checked) return 'unchecked'
	// One of the path's last lessons still to do, as the completion saw it, is final when nothing the learner
	// completed was committed unseen by it; the certificate check after the commit would only say so again (a
	// statement of three, a sixth of a completion's time). The embedded engine runs one statement at a time, so
	// there it always is. On PostgreSQL another completion of the learner may commit while this one runs: then
	// `settled` is false and the check after the commit sees both, so of two last lessons completed at once,
	// the later commit issues (ADR 0024).
	const final = awarded.missing && (handle.kind === 'pglite' || awarded.settled)
	const certificate = final ? null : await issueAfterCompletion(userId, lesson)
	return { lesson, xpAwarded: awarded.xp ?? 0, certificate, enrolledPathTitle: awarded.enrolled }
}

/**
 * Right after the commit, not inside it: issuing reads the committed progress, and is idempotent, so a crash in
 * between is repaired by the next completion or the path page's 'Get your certificate'.
 */
function issueAfterCompletion(userId: string, lesson: FoundLesson) {
	return issueCertificateIfComplete(userId, lesson.pathId, { version: lesson.curriculumVersion }).catch((err: unknown) => {
		// A database fault is logged once by the health monitor; the next completion issues it.
		if (isConnectionFault(err)) return null
		log.error('certificate issue failed', { userId, pathId: lesson.pathId, message: err instanceof Error ? err.message : String(err) })
		return null
	})
}

/**
 * completeLesson's writes. Data-modifying CTEs each run once, to completion, whether or not the final SELECT
 * reads them; their rows are not visible to one another (one snapshot), which none of them needs.
 *
 * `settled`: the learner's progress version (bumped by a trigger in every statement that completes one of
 * their lessons, and row-locked by it until its commit) reads the same under this statement's lock as in its
 * snapshot.
 * The lock returns the latest committed row, after waiting for a completion still running, so a difference
 * means another completion committed unseen by the snapshot. Equal, and held until this commit, it means
 * every other completion either was seen or commits after this one and finds the version moved. A learner
 * without a version yet (no completion so far) is never settled.
 */
const completion = statement<
	{ xp: number | null; enrolled: string | null; missing: boolean; settled: boolean; checked: boolean },
	'userId' | 'lessonId' | 'pathId' | 'xp' | 'head' | 'token' | 'refreshAfter' | 'version'
>(
	['userId', 'lessonId', 'pathId', 'xp', 'head', 'token', 'refreshAfter', 'version'],
	({ userId, lessonId, pathId, xp, head, token, refreshAfter, version }) => {
		const p = userProgress
		const x = xpLedger
		const e = userEnrollments
		const v = learnerProgressVersion
		// `checked`: one row when the session and the curriculum's version hold (each true when null: asked already);
		// every write selects from it, so none happens otherwise.
		return sql`
			WITH checked AS (
				SELECT 1 WHERE ${sessionChecked(token, refreshAfter, userId)}
					AND (${version}::bigint IS NULL OR ${curriculumVersionColumn} = ${version}::bigint)
			), progress AS (
				INSERT INTO ${p} (${names(p.userId, p.lessonId, p.status, p.completedAt, p.lastViewedAt)})
				SELECT ${userId}, ${lessonId}::uuid, 'completed', now(), now() FROM checked
				ON CONFLICT (${names(p.userId, p.lessonId)}) DO UPDATE SET
					${names(p.status)} = 'completed', ${names(p.completedAt)} = coalesce(${p.completedAt}, now()),
					${names(p.lastViewedAt)} = now(), ${names(p.updatedAt)} = now()
			), xp AS (
				INSERT INTO ${x} (${names(x.userId, x.sourceKind, x.sourceId, x.amount)}) SELECT ${userId}, 'lesson', ${lessonId}, ${xp}::int FROM checked
				ON CONFLICT (${names(x.userId, x.sourceKind, x.sourceId)}) DO NOTHING
				RETURNING ${names(x.amount)}
			), enrolled AS (
				INSERT INTO ${e} (${names(e.userId, e.learningPathId)}) SELECT ${userId}, ${pathId}::uuid FROM checked
				ON CONFLICT (${names(e.userId, e.learningPathId)}) DO NOTHING
				RETURNING 1
			), locked AS (
				SELECT ${v.version} AS version FROM ${v} WHERE ${v.userId} = ${userId} AND EXISTS (SELECT 1 FROM checked) FOR UPDATE
			)
			SELECT (SELECT amount FROM xp) AS xp,
				(SELECT ${learningPaths.title} FROM ${learningPaths} WHERE ${learningPaths.id} = ${pathId}::uuid AND EXISTS (SELECT 1 FROM enrolled)) AS enrolled,
				${lessonMissing(userId, head, lessonId)} AS missing,
				coalesce((SELECT version FROM locked) = (SELECT ${v.version} FROM ${v} WHERE ${v.userId} = ${userId}), false) AS settled,
				EXISTS (SELECT 1 FROM checked) AS checked
		`
	},
)

/**
 * completeLesson() for the player's button: 'failed' when it failed for another reason than the database
 * being away (that stays the page's 503), logged, so the learner is told 'Error marking lesson as completed'.
 */
export function completeOrFail(request: Request, userId: string, lesson: FoundLesson): Promise<Completed | 'failed'>
export function completeOrFail(request: Request, userId: string, lesson: FoundLesson, session: SessionCheck): Promise<Completed | 'failed' | 'unchecked'>
export async function completeOrFail(request: Request, userId: string, lesson: FoundLesson, session?: SessionCheck) {
	try {
		failIfAsked(request, 'complete')
		return await completeFound(userId, lesson, session)
	} catch (err) {
		if (isConnectionFault(err)) throw err
		log.error('lesson completion failed', { userId, lessonId: lesson.id, message: err instanceof Error ? err.message : String(err) })
		return 'failed' as const
	}
}

/**
 * Complete many lessons of one learner at given times (the demo cohort's history, seeded in bulk): what
 * `completeLesson` does for each, in one transaction of three statements. The aggregate triggers run once per
 * statement, not once per lesson, which is what keeps a first start fast. Lessons not visible are skipped;
 * each path completed by them gets its certificate, issued at its last completion.
 */
export async function completeLessons(userId: string, items: { lessonId: string; at: Date }[]) {
	const seen = new Map<string, { lessonId: string; at: Date; pathId: string; xp: number }>()
	for (const item of items) {
		if (seen.has(item.lessonId)) continue
		const lesson = await findVisibleLesson(item.lessonId)
		if (lesson) seen.set(item.lessonId, { ...item, pathId: lesson.pathId, xp: lesson.xpValue })
	}
	const done = [...seen.values()]
	if (!done.length) return { completed: 0, xpAwarded: 0, certificates: [] as string[] }
	const db = await getDb()
	const awarded = await db.transaction(async (tx) => {
		// One multi-row statement each (the aggregate triggers then run once per statement).
		await tx
			.insert(userProgress)
			.values(done.map((d) => ({ userId, lessonId: d.lessonId, status: 'completed', completedAt: d.at, lastViewedAt: d.at })))
			.onConflictDoUpdate({
				target: [userProgress.userId, userProgress.lessonId],
				set: {
					status: 'completed',
					completedAt: sql`coalesce(${userProgress.completedAt}, ${excluded(userProgress.completedAt)})`,
					lastViewedAt: sql`${excluded(userProgress.lastViewedAt)}`,
					updatedAt: sql`now()`,
				},
			})
		const xp = await tx
			.insert(xpLedger)
			.values(done.map((d) => ({ userId, sourceKind: 'lesson', sourceId: d.lessonId, amount: d.xp, createdAt: d.at })))
			.onConflictDoNothing({ target: [xpLedger.userId, xpLedger.sourceKind, xpLedger.sourceId] })
			.returning({ amount: xpLedger.amount })
		const paths = [...new Set(done.map((d) => d.pathId))]
		await tx
			.insert(userEnrollments)
			.values(paths.map((learningPathId) => ({ userId, learningPathId })))
			.onConflictDoNothing({ target: [userEnrollments.userId, userEnrollments.learningPathId] })
		return xp.reduce((sum, r) => sum + r.amount, 0)
	})
	const certificates: string[] = []
	for (const pathId of new Set(done.map((d) => d.pathId))) {
		const last = new Date(Math.max(...done.filter((d) => d.pathId === pathId).map((d) => d.at.getTime())))
		const issued = await issueCertificateIfComplete(userId, pathId, { at: last })
		if (issued?.created) certificates.push(issued.id)
	}
	return { completed: done.length, xpAwarded: awarded, certificates }
}

export type LessonRef = { lessonId: string; lessonTitle: string; courseId: string; courseTitle: string; courseDescription: string | null }
/**
 * The learner's 20 most recently touched lessons, newest first, as a column of a page's one statement
 * (ordered by the expression of user_progress_user_touched_idx, so the recent rows are read in index order).
 */
export const recentLessonsColumn = (userId: Bound<string>) => sql`(
	SELECT array_agg(r.lesson_id ORDER BY r.touched DESC NULLS LAST) FROM (
		SELECT ${userProgress.lessonId} AS lesson_id, greatest(${userProgress.lastViewedAt}, ${userProgress.completedAt}) AS touched FROM ${userProgress}
		WHERE ${userProgress.userId} = ${userId}
		ORDER BY greatest(${userProgress.lastViewedAt}, ${userProgress.completedAt}) DESC NULLS LAST LIMIT 20
	) r
)`

/**
 * The latest lesson touched (viewed or completed) that is still published: where to pick up.
 * Reads the learner's most recent rows in index order (user_progress_user_touched_idx; `recent` when the
 * caller's statement read them with recentLessonsColumn) and finds them in the kept curriculum, so the cost
 * does not grow with the learner's history; older rows are read only when none of the recent ones is
 * published any more.
 */
export async function resumePoint(
	userId: string,
	lang: Language = 'en-US',
	context?: Pick<CatalogContext, 'tree'>,
	recent?: string[] | null,
): Promise<LessonRef | null> {
	const db = await getDb()
	const tree = context?.tree ?? (await curriculum())
	const touched = async (limit: number | null) => {
		const q = db
			.select({ lessonId: userProgress.lessonId })
			.from(userProgress)
			.where(eq(userProgress.userId, userId))
			.orderBy(sql`greatest(${userProgress.lastViewedAt}, ${userProgress.completedAt}) DESC NULLS LAST`)
		return (await (limit ? q.limit(limit) : q)).map((r) => r.lessonId)
	}
	// The most recent lesson still visible: the walk stops there.
	const find = (ids: string[]) => {
		for (const id of ids) {
			const chain = visibleChain(tree, id, false)
			if (chain) return chain
		}
		return null
	}
	const first = recent !== undefined ? (recent ?? []) : await touched(20)
	// Fewer than 20 rows are all the learner has: nothing older to look through.
	const chain = find(first) ?? (first.length < 20 ? null : find(await touched(null)))
	if (!chain) return null
	const { lesson, course } = chain
	return {
		lessonId: lesson.id,
		lessonTitle: localize(lang, lesson.title, lesson.titlePt).text,
		courseId: course.id,
		courseTitle: localize(lang, course.title, course.titlePt).text,
		courseDescription: localizeOptional(lang, course.description, course.descriptionPt)?.text ?? null,
	}
}

export type DashboardStats = { totalXP: number; completedLessons: number; inProgressPaths: number; enrolledPaths: number; totalTimeSpent: number }

/** XP and completions from the totals the database keeps, as columns of a page's one statement. */
export const totalsColumns = (userId: Bound<string>) => sql`
	(SELECT coalesce(sum(${xpTotals.xp}), 0)::int FROM ${xpTotals}
		WHERE ${xpTotals.period} = 'all' AND ${xpTotals.scope} = 'all' AND ${xpTotals.userId} = ${userId}) AS total_xp,
	(SELECT coalesce(sum(${userCompletionDays.completions}), 0)::int FROM ${userCompletionDays} WHERE ${userCompletionDays.userId} = ${userId}) AS total_completed`
export type Totals = { total_xp?: number | null; total_completed?: number | null }

/**
 * The four stat cards: XP and completions from the totals the database keeps (xp_totals and
 * user_completion_days, maintained by triggers, read with totalsColumns), so the cost does not grow with
 * the learner's history; paths from the kept curriculum. 'Paths in progress' counts the active enrollments
 * in published paths that still have a published lesson the learner has not completed; enrolledPaths
 * counts them all (the 'No paths yet' state).
 */
export function dashboardStats({ tree, learner }: CatalogContext, totals: Totals): DashboardStats {
	const enrolled = learner.enrolledInOrder.map((id) => tree.path.get(id)).filter((p) => p?.isPublished)
	const unfinished = (path: PathNode) => path.courses.some((c) => c.isPublished && completedIn(c, learner.completed) < visibleLessons(c, false).length)
	const completed = Number(totals.total_completed ?? 0)
	return {
		totalXP: Number(totals.total_xp ?? 0),
		completedLessons: completed,
		inProgressPaths: enrolled.filter((p) => unfinished(p!)).length,
		enrolledPaths: enrolled.length,
		totalTimeSpent: completed * 15,
	}
}

/**
 * Where a learner with nothing to resume starts: the first lesson (outline order) of their first enrolled
 * path, else of the first published path. Only published lessons along a published chain.
 */
export async function firstLesson(
	userId: string,
	lang: Language = 'en-US',
	context?: CatalogContext,
): Promise<{ lessonId: string; courseId: string; lessonTitle: string } | null> {
	const { tree, learner } = context ?? (await catalogContext(userId))
	const enrolled = learner.enrolledInOrder.map((id) => tree.path.get(id)).filter((p): p is PathNode => !!p)
	const others = tree.paths.filter((p) => !learner.enrolled.has(p.id))
	for (const path of [...enrolled, ...others]) {
		if (!path.isPublished) continue
		for (const course of path.courses) {
			const first = course.isPublished ? visibleLessons(course, false)[0] : undefined
			if (first) return { lessonId: first.id, courseId: course.id, lessonTitle: localize(lang, first.title, first.titlePt).text }
		}
	}
	return null
}

/** Completions per UTC day for the streak and the last-7-days bars (at most 401 rows of user_completion_days), as a column. */
export const completionDaysColumn = (userId: Bound<string>) => sql`(
	SELECT json_object_agg(to_char(${userCompletionDays.day}, 'YYYY-MM-DD'), ${userCompletionDays.completions}) FROM ${userCompletionDays}
	WHERE ${userCompletionDays.userId} = ${userId} AND ${userCompletionDays.day} >= (now() AT TIME ZONE 'UTC')::date - 400
) AS days`
export const completionDaysOf = (days: unknown) => jsonValue<Record<string, number>>(days, {})
