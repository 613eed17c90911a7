import { asc, eq, sql } from 'drizzle-orm'
import { challengeAttempts, learningPaths } from '#db/schema.ts'
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
 * The ranking in one query, from the totals the database keeps per learner, period and path (xp_totals,
 * maintained by triggers on the XP ledger): the top rows are the first rows of an index and the viewer's
 * rank a count on that index, so the cost does not grow with the ledger.
 * Ranked by XP; equal XP goes to whoever reached it first (their last XP-earning row in the period).
 * Returns the top rows and, wherever it ranks, the viewer's own row.
 */
export async function scoreboard(o: BoardOptions): Promise<{ top: BoardRow[]; me: BoardRow | null }> {
	const db = await getDb()
	const period = o.period === 'week' ? weekStart(o.now ?? new Date()).toISOString().slice(0, 10) : 'all'
	const scope = o.pathId ?? 'all'
	const limit = o.limit ?? TOP_N
	const rows = rowsOf<Omit<BoardRow, 'isViewer'>>(
		await db.execute(sql`
			WITH top AS (
				SELECT t.user_id, t.xp, t.lessons,
					row_number() OVER (ORDER BY t.xp DESC NULLS LAST, t.reached_at, t.user_id)::int AS rank
				FROM (
					SELECT t.user_id, t.xp, t.lessons, t.reached_at FROM xp_totals t
					WHERE t.period = ${period} AND t.scope = ${scope}
						AND NOT EXISTS (SELECT 1 FROM "user" b WHERE b.id = t.user_id AND b.banned)
					ORDER BY t.xp DESC NULLS LAST, t.reached_at, t.user_id
					LIMIT ${limit}
				) t
			),
			-- The viewer's rank: the learners ahead, counted on the ranking index alone (more XP; same XP
			-- reached earlier), minus the few banned ones among them.
			me AS (
				SELECT t.user_id, t.xp, t.lessons,
					(1
						+ (SELECT count(*) FROM xp_totals a WHERE a.period = t.period AND a.scope = t.scope AND a.xp > t.xp)
						+ (SELECT count(*) FROM xp_totals a
							WHERE a.period = t.period AND a.scope = t.scope AND a.xp = t.xp AND (a.reached_at, a.user_id) < (t.reached_at, t.user_id))
						- (SELECT count(*) FROM "user" b
							JOIN xp_totals a ON a.period = t.period AND a.scope = t.scope AND a.user_id = b.id
							WHERE b.banned AND (a.xp > t.xp OR (a.xp = t.xp AND (a.reached_at, a.user_id) < (t.reached_at, t.user_id))))
					)::int AS rank
				FROM xp_totals t
				WHERE t.period = ${period} AND t.scope = ${scope} AND t.user_id = ${o.viewerId}
					AND NOT EXISTS (SELECT 1 FROM "user" b WHERE b.id = t.user_id AND b.banned)
					AND NOT EXISTS (SELECT 1 FROM top WHERE top.user_id = t.user_id)
			),
			board AS (SELECT * FROM top UNION ALL SELECT * FROM me)
			-- Names by key lookups for these few rows only (as a join, the planner reads every user).
			SELECT r.rank, r.user_id AS "userId", r.xp, r.lessons,
				(SELECT u.image FROM "user" u WHERE u.id = r.user_id) AS image,
				(SELECT count(*)::int FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = r.user_id AND ${challengeAttempts.firstPassedAt} IS NOT NULL) AS challenges,
				${o.showEmails ? sql`(SELECT u.email FROM "user" u WHERE u.id = r.user_id)` : sql`NULL::text`} AS email,
				coalesce(
					nullif(trim((SELECT p.full_name FROM user_profiles p WHERE p.user_id = r.user_id)), ''),
					nullif(trim((SELECT u.name FROM "user" u WHERE u.id = r.user_id)), '')
				) AS name
			FROM board r
			ORDER BY r.rank
		`),
	)
	const all = rows.map((r) => ({
		...r,
		rank: Number(r.rank),
		xp: Number(r.xp),
		lessons: Number(r.lessons),
		challenges: Number(r.challenges),
		isViewer: r.userId === o.viewerId,
	}))
	return { top: all.filter((r) => r.rank <= limit), me: all.find((r) => r.isViewer) ?? null }
}

/** One button per published path on the By path tab. */
export async function boardPaths(): Promise<BoardPath[]> {
	const db = await getDb()
	return db
		.select({ id: learningPaths.id, title: learningPaths.title, slug: learningPaths.slug })
		.from(learningPaths)
		.where(eq(learningPaths.isPublished, true))
		.orderBy(asc(learningPaths.createdAt), asc(learningPaths.title))
}
