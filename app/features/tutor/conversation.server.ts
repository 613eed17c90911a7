import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { rateLimits, tutorMessages } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { names } from '~/lib/sql-columns.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import { countOf, hitSql, limitKey, limitOf, windowOf, type Count } from '~/features/security/rate-limit.server.ts'
import type { TutorMessage } from './schemas.ts'

// One conversation per learner and lesson, in tutor_messages. The daily budget is the tokens spent
// since UTC midnight; tokens of messages deleted by 'New conversation' are carried in rate_limits
// under a per-day key, so starting over does not refill the budget.

const MAX_SHOWN = 200
const utcMidnight = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`
const clearedKey = (userId: string) => sql`'tutor-cleared-tokens:' || ${userId} || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`

/** The conversation, oldest first (the latest 200 messages). */
export async function listMessages(userId: string, lessonId: string, limit = MAX_SHOWN): Promise<TutorMessage[]> {
	const db = await getDb()
	const m = tutorMessages
	const latest = db
		.select({ id: m.id, role: m.role, content: m.content, createdAt: m.createdAt })
		.from(m)
		.where(and(eq(m.userId, userId), eq(m.lessonId, lessonId)))
		.orderBy(desc(m.createdAt), desc(m.role))
		.limit(limit)
		.as('latest')
	const rows = await db.select({ id: latest.id, role: latest.role, content: latest.content }).from(latest).orderBy(asc(latest.createdAt), desc(latest.role))
	return rows
}

type ExchangeValues = 'userId' | 'lessonId' | 'question' | 'askedAt' | 'reply' | 'repliedAt' | 'tokens'
const EXCHANGE_VALUES = ['userId', 'lessonId', 'question', 'askedAt', 'reply', 'repliedAt', 'tokens'] as const

/**
 * The learner's question and the reply as rows, `when` it holds. The reply's row is left out when it has no
 * text; the tokens then go on the question (an empty answer still cost tokens).
 */
function exchangeRows(p: Record<ExchangeValues, Placeholder>, when: SQL = sql`true`) {
	const m = tutorMessages
	return sql`
		INSERT INTO ${m} (${names(m.userId, m.lessonId, m.role, m.content, m.tokens, m.createdAt)})
		SELECT ${p.userId}::text, ${p.lessonId}::uuid, role, content, tokens, created
		FROM (VALUES
			('user', ${p.question}::text, CASE WHEN ${p.reply}::text = '' THEN ${p.tokens}::int ELSE 0 END, ${p.askedAt}::timestamptz),
			('assistant', ${p.reply}::text, ${p.tokens}::int, ${p.repliedAt}::timestamptz)
		) AS exchange (role, content, tokens, created)
		WHERE (role = 'user' OR content <> '') AND ${when}
	`
}

/** The exchange in one statement, printed once (lib/sql-statement.server.ts): every message pays it. */
const insertExchange = statement<Record<string, never>, ExchangeValues>(EXCHANGE_VALUES, (p) => exchangeRows(p))

type Exchange = { question: string; askedAt: Date; reply: string; tokens: number }

const exchangeValues = (userId: string, lessonId: string, x: Exchange) => ({
	userId,
	lessonId,
	question: x.question,
	askedAt: x.askedAt.toISOString(),
	reply: x.reply,
	repliedAt: new Date(Math.max(Date.now(), x.askedAt.getTime() + 1)).toISOString(),
	tokens: x.tokens,
})

export async function addExchange(userId: string, lessonId: string, x: Exchange) {
	await insertExchange(await getDb(), exchangeValues(userId, lessonId, x))
}

/**
 * The tutor's rate-limit hit and the exchange in one statement, stored only when the hit is within the limit:
 * the offline tutor's reply is there before the limit is counted, so both go in one round trip (a model's
 * reply is paid for, so its limit is counted before it is asked: tutor.server.ts). `replyId`: the stored
 * reply's row, for trimming it to what was streamed when the learner stops.
 */
const insertCountedExchange = statement<{ count: number; retryAfter: number; replyId: string | null }, ExchangeValues | 'key' | 'window' | 'max'>(
	[...EXCHANGE_VALUES, 'key', 'window', 'max'],
	(p) => {
		const m = tutorMessages
		return sql`
			WITH hit AS (${hitSql(p.key, p.window)}),
			stored AS (${exchangeRows(p, sql`(SELECT ${names(rateLimits.count)} FROM hit) <= ${p.max}::int`)} RETURNING ${names(m.id, m.role)})
			SELECT ${names(rateLimits.count)}, "retryAfter", (SELECT ${names(m.id)}::text FROM stored WHERE ${names(m.role)} = 'assistant') AS "replyId"
			FROM hit
		`
	},
)

/** addExchange with the learner's tutor-message hit counted in the same statement; nothing is stored when it is over the limit. */
export async function addCountedExchange(userId: string, lessonId: string, x: Exchange): Promise<Count & { replyId: string | null }> {
	const limit = limitOf('tutorMessages')
	const {
		rows: [row],
	} = await insertCountedExchange(await getDb(), {
		...exchangeValues(userId, lessonId, x),
		key: limitKey('tutorMessages', userId),
		window: windowOf(limit),
		max: limit.max,
	})
	return { ...countOf(row, limit), replyId: row?.replyId ?? null }
}

/** A stored reply cut to what reached the learner, who stopped it; gone when nothing did. */
export async function trimReply(replyId: string, text: string) {
	const db = await getDb()
	const m = tutorMessages
	if (text) await db.update(m).set({ content: text }).where(eq(m.id, replyId))
	else await db.delete(m).where(eq(m.id, replyId))
}

/** 'New conversation': delete the learner's messages for the lesson, keeping today's spent tokens. One statement. */
export async function clearMessages(userId: string, lessonId: string) {
	const db = await getDb()
	const m = tutorMessages
	const r = rateLimits
	const columns = sql.join(
		[r.key, r.count, r.windowStart].map((c) => sql.identifier(c.name)),
		sql`, `,
	)
	await db.execute(sql`
		WITH gone AS (
			DELETE FROM ${m} WHERE ${m.userId} = ${userId} AND ${m.lessonId} = ${lessonId} RETURNING ${m.tokens} AS tokens, ${m.createdAt} AS created
		), spent AS (
			SELECT coalesce(sum(tokens), 0)::int AS n FROM gone WHERE created >= ${utcMidnight}
		)
		INSERT INTO ${r} (${columns})
		SELECT ${clearedKey(userId)}, n, now() FROM spent WHERE n > 0
		ON CONFLICT (${sql.identifier(r.key.name)}) DO UPDATE SET ${sql.identifier(r.count.name)} = ${r.count} + excluded.${sql.identifier(r.count.name)}
	`)
}

/** Provider tokens the learner has used since UTC midnight. */
export async function tokensUsedToday(userId: string): Promise<number> {
	const db = await getDb()
	const m = tutorMessages
	const r = rateLimits
	const { rows } = await db.execute<{ used: number }>(sql`
		SELECT (SELECT coalesce(sum(${m.tokens}), 0) FROM ${m} WHERE ${m.userId} = ${userId} AND ${m.createdAt} >= ${utcMidnight})::int
			+ coalesce((SELECT ${r.count} FROM ${r} WHERE ${r.key} = ${clearedKey(userId)}), 0) AS used
	`)
	return Number(rows[0]?.used ?? 0)
}
