import { sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { challengeAttempts, user, userProfiles, xpTotals } from '#db/schema.ts'
import type { Curriculum } from '~/features/catalog/curriculum.server.ts'
import { localize } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { getDb } from '~/lib/db.server.ts'
import { statement } from '~/lib/sql-statement.server.ts'
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
	const period =
		o.period === 'week'
			? weekStart(o.now ?? new Date())
					.toISOString()
					.slice(0, 10)
			: 'all'
	const limit = Math.max(1, Math.trunc(o.limit ?? TOP_N))
	const { rows } = await rankingStatement(limit, o.showEmails)(db, { period, scope: o.pathId ?? 'all', viewerId: o.viewerId })
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

// One statement per form: the limit is written into its text and the email column is there for admins only.
const rankings = new Map<string, ReturnType<typeof ranking>>()
function rankingStatement(limit: number, showEmails: boolean) {
	const form = `${limit}:${showEmails}`
	let found = rankings.get(form)
	if (!found) rankings.set(form, (found = ranking(limit, showEmails)))
	return found
}

function ranking(limit: number, showEmails: boolean) {
	return statement<Omit<BoardRow, 'isViewer'>, 'period' | 'scope' | 'viewerId'>(['period', 'scope', 'viewerId'], ({ period, scope, viewerId }) => {
		// Aliased schema objects: a renamed column fails the typecheck here too. `${X} ${x}` reads "table" "alias".
		const t = alias(xpTotals, 't')
		const a = alias(xpTotals, 'a')
		const b = alias(user, 'b')
		const u = alias(user, 'u')
		const p = alias(userProfiles, 'p')
		const ahead = sql`(${a.xp} > ${t.xp} OR (${a.xp} = ${t.xp} AND (${a.reachedAt}, ${a.userId}) < (${t.reachedAt}, ${t.userId})))`
		const banned = (id: SQL) => sql`EXISTS (SELECT 1 FROM ${user} ${b} WHERE ${b.id} = ${id} AND ${b.banned})`
		const ofUser = (column: SQL) => sql`(SELECT ${column} FROM ${user} ${u} WHERE ${u.id} = r.user_id)`
		// The limit is written into the statement, not sent as a parameter: with LIMIT unknown, PostgreSQL's plan
		// kept for the statement looks dearer than planning it afresh, so it planned the ranking on every call (1.5
		// ms of the embedded engine's time, 0.4 ms with the kept plan). An integer from code, never from the request.
		return sql`
			WITH top AS (
				SELECT user_id, xp, lessons, row_number() OVER (ORDER BY xp DESC NULLS LAST, reached_at, user_id)::int AS rank
				FROM (
					SELECT ${t.userId} AS user_id, ${t.xp} AS xp, ${t.lessons} AS lessons, ${t.reachedAt} AS reached_at FROM ${xpTotals} ${t}
					WHERE ${t.period} = ${period} AND ${t.scope} = ${scope} AND NOT ${banned(sql`${t.userId}`)}
					ORDER BY ${t.xp} DESC NULLS LAST, ${t.reachedAt}, ${t.userId}
					LIMIT ${sql.raw(String(limit))}
				) ranked
			),
			-- The viewer's rank: the learners ahead, counted on the ranking index alone (more XP; same XP
			-- reached earlier), minus the few banned ones among them.
			me AS (
				SELECT ${t.userId} AS user_id, ${t.xp} AS xp, ${t.lessons} AS lessons,
					(1
						+ (SELECT count(*) FROM ${xpTotals} ${a} WHERE ${a.period} = ${t.period} AND ${a.scope} = ${t.scope} AND ${a.xp} > ${t.xp})
						+ (SELECT count(*) FROM ${xpTotals} ${a}
							WHERE ${a.period} = ${t.period} AND ${a.scope} = ${t.scope} AND ${a.xp} = ${t.xp} AND (${a.reachedAt}, ${a.userId}) < (${t.reachedAt}, ${t.userId}))
						- (SELECT count(*) FROM ${user} ${b}
							JOIN ${xpTotals} ${a} ON ${a.period} = ${t.period} AND ${a.scope} = ${t.scope} AND ${a.userId} = ${b.id}
							WHERE ${b.banned} AND ${ahead})
					)::int AS rank
				FROM ${xpTotals} ${t}
				WHERE ${t.period} = ${period} AND ${t.scope} = ${scope} AND ${t.userId} = ${viewerId}
					AND NOT ${banned(sql`${t.userId}`)}
					AND NOT EXISTS (SELECT 1 FROM top WHERE top.user_id = ${t.userId})
			),
			board AS (SELECT * FROM top UNION ALL SELECT * FROM me)
			-- Names by key lookups for these few rows only (as a join, the planner reads every user).
			SELECT r.rank, r.user_id AS "userId", r.xp, r.lessons,
				${ofUser(sql`${u.image}`)} AS image,
				(SELECT count(*)::int FROM ${challengeAttempts} WHERE ${challengeAttempts.userId} = r.user_id AND ${challengeAttempts.firstPassedAt} IS NOT NULL) AS challenges,
				${showEmails ? ofUser(sql`${u.email}`) : sql`NULL::text`} AS email,
				coalesce(
					nullif(trim((SELECT ${p.fullName} FROM ${userProfiles} ${p} WHERE ${p.userId} = r.user_id)), ''),
					nullif(trim(${ofUser(sql`${u.name}`)}), '')
				) AS name
			FROM board r
			ORDER BY r.rank
		`
	})
}

/** One button per published path on the By path tab, in catalog order, titled in the viewer's language. */
export function boardPaths(tree: Curriculum, lang: Language = 'en-US'): BoardPath[] {
	return tree.paths.filter((p) => p.isPublished).map((p) => ({ id: p.id, title: localize(lang, p.title, p.titlePt).text, slug: p.slug }))
}
