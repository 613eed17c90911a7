import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'

export type CourseSummary = {
	/** Published lessons in the course, and how many of them the learner has completed. */
	total: number
	done: number
	/** XP the learner earned from this course's lessons (the ledger, so each lesson counts once). */
	xp: number
	/** The next published course of the same path (outline order), if any. */
	next: { id: string; title: string } | null
	/** Minutes per lesson, for the outline; lessons without a duration are left out. */
	minutes: Record<string, number>
}

/**
 * One course's standing for the player: finished or not, the XP it earned, the course after it and each
 * lesson's minutes. Two reads, whatever the learner's history.
 */
export async function courseSummary(userId: string, courseId: string, preview = false): Promise<CourseSummary> {
	const db = await getDb()
	const visible = (alias: string) => (preview ? sql`true` : sql.raw(`${alias}.is_published`))
	const [lessons, next] = await Promise.all([
		db.execute(sql`
			SELECT l.id, l.duration_minutes AS minutes, (up.status = 'completed') AS done, coalesce(x.amount, 0)::int AS xp
			FROM modules m
			JOIN lessons l ON l.module_id = m.id AND ${visible('l')}
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId}
			LEFT JOIN xp_ledger x ON x.user_id = ${userId} AND x.source_kind = 'lesson' AND x.source_id = l.id::text
			WHERE m.course_id = ${courseId} AND ${visible('m')}
		`),
		db.execute(sql`
			SELECT n.id, n.title FROM courses c
			JOIN courses n ON n.path_id = c.path_id AND n.id <> c.id AND ${visible('n')}
				AND (n."order", n.title) > (c."order", c.title)
			WHERE c.id = ${courseId}
			ORDER BY n."order", n.title
			LIMIT 1
		`),
	])
	const rows = rowsOf<{ id: string; minutes: number | null; done: boolean | null; xp: number }>(lessons)
	return {
		total: rows.length,
		done: rows.filter((r) => r.done).length,
		xp: rows.reduce((n, r) => n + Number(r.xp), 0),
		next: rowsOf<{ id: string; title: string }>(next)[0] ?? null,
		minutes: Object.fromEntries(rows.filter((r) => r.minutes !== null).map((r) => [r.id, Number(r.minutes)])),
	}
}

export const isFinished = (s: Pick<CourseSummary, 'total' | 'done'>) => s.total > 0 && s.done >= s.total
