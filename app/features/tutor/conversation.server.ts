import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { rateLimits, tutorMessages } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { names } from '~/lib/sql-columns.ts'
import { statement } from '~/lib/sql-statement.server.ts'
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

/**
 * The learner's question and the reply, in one statement, printed once (lib/sql-statement.server.ts): every
 * message pays it. The reply's row is left out when it has no text; the tokens then go on the question
 * (an empty answer still cost tokens).
 */
const insertExchange = statement<Record<string, never>, 'userId' | 'lessonId' | 'question' | 'askedAt' | 'reply' | 'repliedAt' | 'tokens'>(
	['userId', 'lessonId', 'question', 'askedAt', 'reply', 'repliedAt', 'tokens'],
	(p) => {
		const m = tutorMessages
		return sql`
			INSERT INTO ${m} (${names(m.userId, m.lessonId, m.role, m.content, m.tokens, m.createdAt)})
			SELECT ${p.userId}::text, ${p.lessonId}::uuid, role, content, tokens, created
			FROM (VALUES
				('user', ${p.question}::text, CASE WHEN ${p.reply}::text = '' THEN ${p.tokens}::int ELSE 0 END, ${p.askedAt}::timestamptz),
				('assistant', ${p.reply}::text, ${p.tokens}::int, ${p.repliedAt}::timestamptz)
			) AS exchange (role, content, tokens, created)
			WHERE role = 'user' OR content <> ''
		`
	},
)

export async function addExchange(userId: string, lessonId: string, x: { question: string; askedAt: Date; reply: string; tokens: number }) {
	const repliedAt = new Date(Math.max(Date.now(), x.askedAt.getTime() + 1))
	await insertExchange(await getDb(), {
		userId,
		lessonId,
		question: x.question,
		askedAt: x.askedAt.toISOString(),
		reply: x.reply,
		repliedAt: repliedAt.toISOString(),
		tokens: x.tokens,
	})
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
