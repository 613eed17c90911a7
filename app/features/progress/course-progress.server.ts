import { and, eq, sql, type AnyColumn } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { getDb } from '~/lib/db.server.ts'
import { courses, lessons, modules, userProgress, xpLedger } from '#db/schema.ts'

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
	// An admin previews drafts too.
	const visible = (column: AnyColumn) => (preview ? sql`true` : sql`${column}`)
	const c = alias(courses, 'c')
	const n = alias(courses, 'n')
	const [lessonRows, next] = await Promise.all([
		db
			.select({
				id: lessons.id,
				minutes: lessons.durationMinutes,
				done: sql<boolean | null>`(${userProgress.status} = 'completed')`,
				xp: sql<number>`coalesce(${xpLedger.amount}, 0)::int`,
			})
			.from(modules)
			.innerJoin(lessons, and(eq(lessons.moduleId, modules.id), visible(lessons.isPublished)))
			.leftJoin(userProgress, and(eq(userProgress.lessonId, lessons.id), eq(userProgress.userId, userId)))
			.leftJoin(xpLedger, and(eq(xpLedger.userId, userId), eq(xpLedger.sourceKind, 'lesson'), sql`${xpLedger.sourceId} = ${lessons.id}::text`))
			.where(and(eq(modules.courseId, courseId), visible(modules.isPublished))),
		// The course after this one in outline order: `alias()` renders only the alias, hence FROM table alias.
		db.execute<{ id: string; title: string }>(sql`
			SELECT ${n.id} AS id, ${n.title} AS title FROM ${courses} ${c}
			JOIN ${courses} ${n} ON ${n.pathId} = ${c.pathId} AND ${n.id} <> ${c.id} AND ${visible(n.isPublished)}
				AND (${n.order}, ${n.title}) > (${c.order}, ${c.title})
			WHERE ${c.id} = ${courseId}
			ORDER BY ${n.order}, ${n.title}
			LIMIT 1
		`),
	])
	return {
		total: lessonRows.length,
		done: lessonRows.filter((r) => r.done).length,
		xp: lessonRows.reduce((sum, r) => sum + Number(r.xp), 0),
		next: next.rows[0] ?? null,
		minutes: Object.fromEntries(lessonRows.filter((r) => r.minutes !== null).map((r) => [r.id, Number(r.minutes)])),
	}
}

export const isFinished = (s: Pick<CourseSummary, 'total' | 'done'>) => s.total > 0 && s.done >= s.total
