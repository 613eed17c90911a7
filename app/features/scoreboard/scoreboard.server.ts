import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { TOP_N, weekStart, type BoardPath, type BoardRow, type Period } from './params.ts'

export type BoardOptions = {
	viewerId: string
	/** Only admins see emails; for everyone else the column is never read. */
	showEmails: boolean
	period: Period
	/** By path: only lesson XP of lessons in this path counts. */
	pathId?: string
	limit?: number
	now?: Date
}

/**
 * The ranking, from the XP ledger in one query: XP and completed lessons per learner in the period,
 * ranked by XP; equal XP goes to whoever reached it first (their last XP-earning row in the period).
 * Returns the top rows and, wherever it ranks, the viewer's own row.
 */
export async function scoreboard(o: BoardOptions): Promise<{ top: BoardRow[]; me: BoardRow | null }> {
	const db = await getDb()
	const since = o.period === 'week' ? weekStart(o.now ?? new Date()).toISOString() : null
	const pathJoin = o.pathId
		? sql`JOIN lessons l ON x.source_kind = 'lesson' AND l.id::text = x.source_id
			JOIN modules m ON m.id = l.module_id
			JOIN courses c ON c.id = m.course_id AND c.path_id = ${o.pathId}`
		: sql``
	const sinceFilter = since ? sql`AND x.created_at >= ${since}::timestamptz` : sql``
	const email = o.showEmails ? sql`u.email` : sql`NULL::text`
	const rows = rowsOf<Omit<BoardRow, 'isViewer'>>(
		await db.execute(sql`
			WITH totals AS (
				SELECT x.user_id,
					sum(x.amount)::int AS xp,
					count(*) FILTER (WHERE x.source_kind = 'lesson')::int AS lessons,
					coalesce(max(x.created_at) FILTER (WHERE x.amount > 0), max(x.created_at)) AS reached_at
				FROM xp_ledger x
				${pathJoin}
				WHERE true ${sinceFilter}
				GROUP BY x.user_id
			),
			ranked AS (
				SELECT t.*, row_number() OVER (ORDER BY t.xp DESC, t.reached_at ASC, t.user_id ASC)::int AS rank
				FROM totals t
				JOIN "user" u ON u.id = t.user_id
				WHERE NOT coalesce(u.banned, false)
			)
			SELECT r.rank, r.user_id AS "userId", r.xp, r.lessons, u.image, ${email} AS email,
				coalesce(nullif(trim(p.full_name), ''), nullif(trim(u.name), '')) AS name
			FROM ranked r
			JOIN "user" u ON u.id = r.user_id
			LEFT JOIN user_profiles p ON p.user_id = r.user_id
			WHERE r.rank <= ${o.limit ?? TOP_N} OR r.user_id = ${o.viewerId}
			ORDER BY r.rank
		`),
	)
	const all = rows.map((r) => ({
		...r,
		rank: Number(r.rank),
		xp: Number(r.xp),
		lessons: Number(r.lessons),
		isViewer: r.userId === o.viewerId,
	}))
	const limit = o.limit ?? TOP_N
	return { top: all.filter((r) => r.rank <= limit), me: all.find((r) => r.isViewer) ?? null }
}

/** One button per published path on the By path tab. */
export async function boardPaths(): Promise<BoardPath[]> {
	const db = await getDb()
	return rowsOf<BoardPath>(
		await db.execute(sql`SELECT id, title, slug FROM learning_paths WHERE is_published ORDER BY created_at, title`),
	)
}
