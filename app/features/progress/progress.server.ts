import { sql } from 'drizzle-orm'
import { getVisibleLesson, isUuid } from '~/features/catalog/catalog.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'

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
 * ledger once (unique per user and lesson), and the learner enrolled in the path. One transaction.
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
		await tx.execute(sql`
			INSERT INTO user_enrollments (user_id, learning_path_id) VALUES (${userId}, ${lesson.pathId})
			ON CONFLICT (user_id, learning_path_id) DO NOTHING
		`)
		return xp[0]?.amount ?? 0
	})
	return { lesson, xpAwarded: awarded }
}

export type LessonRef = { lessonId: string; lessonTitle: string; courseId: string; courseTitle: string; courseDescription: string | null }

/** The latest lesson touched (viewed or completed) that is still published: where to pick up. */
export async function resumePoint(userId: string): Promise<LessonRef | null> {
	const db = await getDb()
	const rows = rowsOf<LessonRef>(
		await db.execute(sql`
			SELECT l.id AS "lessonId", l.title AS "lessonTitle", c.id AS "courseId", c.title AS "courseTitle", c.description AS "courseDescription"
			FROM user_progress up
			JOIN lessons l ON l.id = up.lesson_id AND l.is_published
			JOIN modules m ON m.id = l.module_id AND m.is_published
			JOIN courses c ON c.id = m.course_id AND c.is_published
			JOIN learning_paths p ON p.id = c.path_id AND p.is_published
			WHERE up.user_id = ${userId}
			ORDER BY greatest(up.last_viewed_at, up.completed_at) DESC NULLS LAST
			LIMIT 1
		`),
	)
	return rows[0] ?? null
}

export type DashboardStats = { totalXP: number; completedLessons: number; inProgressPaths: number; totalTimeSpent: number }

/** The four stat cards, aggregated in SQL in one round trip. */
export async function dashboardStats(userId: string): Promise<DashboardStats> {
	const db = await getDb()
	const [row] = rowsOf<{ xp: number; completed: number; paths: number }>(
		await db.execute(sql`
			SELECT
				(SELECT coalesce(sum(amount), 0)::int FROM xp_ledger WHERE user_id = ${userId}) AS xp,
				(SELECT count(*)::int FROM user_progress WHERE user_id = ${userId} AND status = 'completed') AS completed,
				(SELECT count(*)::int FROM user_enrollments e
					JOIN learning_paths p ON p.id = e.learning_path_id AND p.is_published
					WHERE e.user_id = ${userId} AND e.is_active) AS paths
		`),
	)
	const completed = Number(row?.completed ?? 0)
	return { totalXP: Number(row?.xp ?? 0), completedLessons: completed, inProgressPaths: Number(row?.paths ?? 0), totalTimeSpent: completed * 15 }
}

/** Completions per UTC day for the streak and the last-7-days bars (bounded: at most 400 rows). */
export async function completionDays(userId: string): Promise<Record<string, number>> {
	const db = await getDb()
	const rows = rowsOf<{ day: string; n: number }>(
		await db.execute(sql`
			SELECT to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
			FROM user_progress
			WHERE user_id = ${userId} AND status = 'completed' AND completed_at >= now() - interval '400 days'
			GROUP BY 1
		`),
	)
	return Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]))
}
