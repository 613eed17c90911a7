import { sql } from 'drizzle-orm'
import { getVisibleLesson, isUuid } from '~/features/catalog/catalog.server.ts'
import { localize, localizeOptional } from '~/features/catalog/localize.ts'
import { issueCertificateIfComplete } from '~/features/certificates/certificates.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { getDb } from '~/lib/db.server.ts'
import { log } from '~/lib/log.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { isConnectionFault } from '#db/faults.ts'
import { failIfAsked } from './section-faults.server.ts'

/** Enroll in a published path. Idempotent: double clicks and parallel requests leave one row. */
export async function enroll(userId: string, pathId: string): Promise<boolean> {
	if (!isUuid(pathId)) return false
	const db = await getDb()
	const rows = rowsOf<{ id: string }>(
		await db.execute(sql`
			INSERT INTO user_enrollments (user_id, learning_path_id, is_active)
			SELECT ${userId}, p.id, true FROM learning_paths p WHERE p.id = ${pathId} AND p.is_published
			ON CONFLICT (user_id, learning_path_id) DO UPDATE SET is_active = true, updated_at = now()
			RETURNING id
		`),
	)
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
	await db.execute(sql`
		INSERT INTO user_progress (user_id, lesson_id, status, last_viewed_at)
		VALUES (${userId}, ${lessonId}, 'in_progress', now())
		ON CONFLICT (user_id, lesson_id) DO UPDATE SET
			last_viewed_at = now(),
			status = CASE WHEN user_progress.status = 'completed' THEN 'completed' ELSE 'in_progress' END,
			updated_at = now()
	`)
}

/**
 * Complete a lesson: progress 'completed' (first completion time kept), the lesson's XP written to the
 * ledger once (unique per user and lesson), and the learner enrolled in the path (reported, so the player
 * can say so: enrollment is never a silent side effect). One transaction.
 * When that was the path's last lesson, the path's certificate is issued.
 */
export async function completeLesson(userId: string, lessonId: string, preview = false) {
	const lesson = await getVisibleLesson(lessonId, preview)
	if (!lesson) return null
	const db = await getDb()
	const awarded = await db.transaction(async (tx) => {
		await tx.execute(sql`
			INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at)
			VALUES (${userId}, ${lessonId}, 'completed', now(), now())
			ON CONFLICT (user_id, lesson_id) DO UPDATE SET
				status = 'completed',
				completed_at = coalesce(user_progress.completed_at, now()),
				last_viewed_at = now(),
				updated_at = now()
		`)
		const xp = rowsOf<{ amount: number }>(
			await tx.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount)
				VALUES (${userId}, 'lesson', ${lessonId}, ${lesson.xpValue})
				ON CONFLICT (user_id, source_kind, source_id) DO NOTHING
				RETURNING amount
			`),
		)
		// Studying a path enrolls in it, never silently: a new enrollment is returned so the player says so.
		const enrolledNow = rowsOf<{ title: string }>(
			await tx.execute(sql`
				WITH added AS (
					INSERT INTO user_enrollments (user_id, learning_path_id) VALUES (${userId}, ${lesson.pathId})
					ON CONFLICT (user_id, learning_path_id) DO NOTHING
					RETURNING learning_path_id
				)
				SELECT p.title FROM added JOIN learning_paths p ON p.id = added.learning_path_id
			`),
		)
		return { xp: xp[0]?.amount ?? 0, enrolled: enrolledNow[0]?.title ?? null }
	})
	// Right after the commit, not inside it: issuing reads the committed progress, and is idempotent, so a
	// crash in between is repaired by the next completion or the path page's 'Get your certificate'.
	const certificate = await issueCertificateIfComplete(userId, lesson.pathId).catch((err: unknown) => {
		// A database fault is logged once by the health monitor; the next completion issues it.
		if (isConnectionFault(err)) return null
		log.error('certificate issue failed', { userId, pathId: lesson.pathId, message: err instanceof Error ? err.message : String(err) })
		return null
	})
	return { lesson, xpAwarded: awarded.xp, certificate, enrolledPathTitle: awarded.enrolled }
}

/**
 * completeLesson() for the player's button: 'failed' when it failed for another reason than the database
 * being away (that stays the page's 503), logged, so the learner is told 'Error marking lesson as completed'.
 */
export async function completeOrFail(request: Request, userId: string, lessonId: string, preview = false) {
	try {
		failIfAsked(request, 'complete')
		return await completeLesson(userId, lessonId, preview)
	} catch (err) {
		if (isConnectionFault(err)) throw err
		log.error('lesson completion failed', { userId, lessonId, message: err instanceof Error ? err.message : String(err) })
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
		const lesson = await getVisibleLesson(item.lessonId)
		if (lesson) seen.set(item.lessonId, { ...item, pathId: lesson.pathId, xp: lesson.xpValue })
	}
	const done = [...seen.values()]
	if (!done.length) return { completed: 0, xpAwarded: 0, certificates: [] as string[] }
	const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`
	const db = await getDb()
	const awarded = await db.transaction(async (tx) => {
		await tx.execute(sql`
			INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at)
			VALUES ${sql.join(
				done.map((d) => sql`(${userId}, ${d.lessonId}::uuid, 'completed', ${ts(d.at)}, ${ts(d.at)})`),
				sql`, `,
			)}
			ON CONFLICT (user_id, lesson_id) DO UPDATE SET
				status = 'completed',
				completed_at = coalesce(user_progress.completed_at, excluded.completed_at),
				last_viewed_at = excluded.last_viewed_at,
				updated_at = now()
		`)
		const xp = rowsOf<{ amount: number }>(
			await tx.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at)
				VALUES ${sql.join(
					done.map((d) => sql`(${userId}, 'lesson', ${d.lessonId}, ${d.xp}, ${ts(d.at)})`),
					sql`, `,
				)}
				ON CONFLICT (user_id, source_kind, source_id) DO NOTHING
				RETURNING amount
			`),
		)
		const paths = [...new Set(done.map((d) => d.pathId))]
		await tx.execute(sql`
			INSERT INTO user_enrollments (user_id, learning_path_id)
			VALUES ${sql.join(
				paths.map((p) => sql`(${userId}, ${p}::uuid)`),
				sql`, `,
			)}
			ON CONFLICT (user_id, learning_path_id) DO NOTHING
		`)
		return xp.reduce((sum, r) => sum + r.amount, 0)
	})
	const certificates: string[] = []
	for (const pathId of new Set(done.map((d) => d.pathId))) {
		const last = new Date(Math.max(...done.filter((d) => d.pathId === pathId).map((d) => d.at.getTime())))
		const issued = await issueCertificateIfComplete(userId, pathId, last)
		if (issued?.created) certificates.push(issued.id)
	}
	return { completed: done.length, xpAwarded: awarded, certificates }
}

export type LessonRef = { lessonId: string; lessonTitle: string; courseId: string; courseTitle: string; courseDescription: string | null }
type LessonRow = LessonRef & { lessonTitlePt: string | null; courseTitlePt: string | null; courseDescriptionPt: string | null }

/**
 * The latest lesson touched (viewed or completed) that is still published: where to pick up.
 * Reads the learner's most recent rows in index order (user_progress_user_touched_idx) and joins only
 * those, so the cost does not grow with the learner's history; older rows are read only when none of
 * the recent ones is published any more.
 */
export async function resumePoint(userId: string, lang: Language = 'en-US'): Promise<LessonRef | null> {
	const db = await getDb()
	const find = async (recent: number | null) =>
		rowsOf<LessonRow>(
			await db.execute(sql`
				SELECT l.id AS "lessonId", l.title AS "lessonTitle", l.title_pt AS "lessonTitlePt", c.id AS "courseId", c.title AS "courseTitle", c.title_pt AS "courseTitlePt",
					c.description AS "courseDescription", c.description_pt AS "courseDescriptionPt"
				FROM (
					SELECT up.lesson_id, greatest(up.last_viewed_at, up.completed_at) AS touched
					FROM user_progress up
					WHERE up.user_id = ${userId}
					ORDER BY greatest(up.last_viewed_at, up.completed_at) DESC NULLS LAST
					${recent ? sql`LIMIT ${recent}` : sql``}
				) up
				JOIN lessons l ON l.id = up.lesson_id AND l.is_published
				JOIN modules m ON m.id = l.module_id AND m.is_published
				JOIN courses c ON c.id = m.course_id AND c.is_published
				JOIN learning_paths p ON p.id = c.path_id AND p.is_published
				ORDER BY up.touched DESC NULLS LAST
				LIMIT 1
			`),
		)[0] ?? null
	const row = (await find(20)) ?? (await find(null))
	if (!row) return null
	return {
		lessonId: row.lessonId,
		lessonTitle: localize(lang, row.lessonTitle, row.lessonTitlePt).text,
		courseId: row.courseId,
		courseTitle: localize(lang, row.courseTitle, row.courseTitlePt).text,
		courseDescription: localizeOptional(lang, row.courseDescription, row.courseDescriptionPt)?.text ?? null,
	}
}

export type DashboardStats = { totalXP: number; completedLessons: number; inProgressPaths: number; enrolledPaths: number; totalTimeSpent: number }

/**
 * The four stat cards in one round trip, from the totals the database keeps (xp_totals and
 * user_completion_days, maintained by triggers): the cost does not grow with the learner's history.
 * 'Paths in progress' counts the active enrollments in published paths that still have a published
 * lesson the learner has not completed; enrolledPaths counts them all (the 'No paths yet' state).
 */
export async function dashboardStats(userId: string): Promise<DashboardStats> {
	const db = await getDb()
	const [row] = rowsOf<{ xp: number; completed: number; paths: number; enrolled: number }>(
		await db.execute(sql`
			WITH enrolled AS (
				SELECT p.id FROM user_enrollments e
				JOIN learning_paths p ON p.id = e.learning_path_id AND p.is_published
				WHERE e.user_id = ${userId} AND e.is_active
			)
			SELECT
				(SELECT coalesce(sum(xp), 0)::int FROM xp_totals WHERE period = 'all' AND scope = 'all' AND user_id = ${userId}) AS xp,
				(SELECT coalesce(sum(completions), 0)::int FROM user_completion_days WHERE user_id = ${userId}) AS completed,
				(SELECT count(*)::int FROM enrolled) AS enrolled,
				(SELECT count(*)::int FROM enrolled WHERE EXISTS (
					SELECT 1 FROM courses c
					JOIN modules m ON m.course_id = c.id AND m.is_published
					JOIN lessons l ON l.module_id = m.id AND l.is_published
					LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId} AND up.status = 'completed'
					WHERE c.path_id = enrolled.id AND c.is_published AND up.lesson_id IS NULL
				)) AS paths
		`),
	)
	const completed = Number(row?.completed ?? 0)
	return {
		totalXP: Number(row?.xp ?? 0),
		completedLessons: completed,
		inProgressPaths: Number(row?.paths ?? 0),
		enrolledPaths: Number(row?.enrolled ?? 0),
		totalTimeSpent: completed * 15,
	}
}

/**
 * Where a learner with nothing to resume starts: the first lesson (outline order) of their first enrolled
 * path, else of the first published path. Only published lessons along a published chain.
 */
export async function firstLesson(userId: string, lang: Language = 'en-US'): Promise<{ lessonId: string; courseId: string; lessonTitle: string } | null> {
	const db = await getDb()
	const rows = rowsOf<{ lessonId: string; courseId: string; lessonTitle: string; lessonTitlePt: string | null }>(
		await db.execute(sql`
			SELECT l.id AS "lessonId", c.id AS "courseId", l.title AS "lessonTitle", l.title_pt AS "lessonTitlePt"
			FROM learning_paths p
			JOIN courses c ON c.path_id = p.id AND c.is_published
			JOIN modules m ON m.course_id = c.id AND m.is_published
			JOIN lessons l ON l.module_id = m.id AND l.is_published
			LEFT JOIN user_enrollments e ON e.learning_path_id = p.id AND e.user_id = ${userId} AND e.is_active
			WHERE p.is_published
			ORDER BY (e.id IS NULL), e.created_at, p.created_at, p.title, c."order", c.title, m."order", m.title, l."order", l.title
			LIMIT 1
		`),
	)
	const row = rows[0]
	return row ? { lessonId: row.lessonId, courseId: row.courseId, lessonTitle: localize(lang, row.lessonTitle, row.lessonTitlePt).text } : null
}

/** Completions per UTC day for the streak and the last-7-days bars: at most 401 rows of user_completion_days. */
export async function completionDays(userId: string): Promise<Record<string, number>> {
	const db = await getDb()
	const rows = rowsOf<{ day: string; n: number }>(
		await db.execute(sql`
			SELECT to_char(day, 'YYYY-MM-DD') AS day, completions AS n
			FROM user_completion_days
			WHERE user_id = ${userId} AND day >= (now() AT TIME ZONE 'UTC')::date - 400
		`),
	)
	return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]))
}
