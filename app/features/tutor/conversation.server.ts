import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
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
	const rows = rowsOf<TutorMessage>(
		await db.execute(sql`
			SELECT id, role, content FROM (
				SELECT id, role, content, created_at FROM tutor_messages
				WHERE user_id = ${userId} AND lesson_id = ${lessonId}
				ORDER BY created_at DESC, role DESC
				LIMIT ${limit}
			) latest ORDER BY created_at, role DESC
		`),
	)
	return rows
}

/**
 * The learner's question and the reply, in one statement. The tokens go on the reply, or on the question
 * when there is no reply text (an empty answer still cost tokens).
 */
export async function addExchange(userId: string, lessonId: string, x: { question: string; askedAt: Date; reply: string; tokens: number }) {
	const db = await getDb()
	const repliedAt = new Date(Math.max(Date.now(), x.askedAt.getTime() + 1))
	const question = sql`(${userId}, ${lessonId}, 'user', ${x.question}, ${x.reply ? 0 : x.tokens}, ${x.askedAt.toISOString()})`
	const reply = sql`(${userId}, ${lessonId}, 'assistant', ${x.reply}, ${x.tokens}, ${repliedAt.toISOString()})`
	await db.execute(sql`
		INSERT INTO tutor_messages (user_id, lesson_id, role, content, tokens, created_at)
		VALUES ${x.reply ? sql`${question}, ${reply}` : question}
	`)
}

/** 'New conversation': delete the learner's messages for the lesson, keeping today's spent tokens. One statement. */
export async function clearMessages(userId: string, lessonId: string) {
	const db = await getDb()
	await db.execute(sql`
		WITH gone AS (
			DELETE FROM tutor_messages WHERE user_id = ${userId} AND lesson_id = ${lessonId} RETURNING tokens, created_at
		), spent AS (
			SELECT coalesce(sum(tokens), 0)::int AS n FROM gone WHERE created_at >= ${utcMidnight}
		)
		INSERT INTO rate_limits (key, count, window_start)
		SELECT ${clearedKey(userId)}, n, now() FROM spent WHERE n > 0
		ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + excluded.count
	`)
}

/** Provider tokens the learner has used since UTC midnight. */
export async function tokensUsedToday(userId: string): Promise<number> {
	const db = await getDb()
	const rows = rowsOf<{ used: number | string }>(
		await db.execute(sql`
			SELECT
				(SELECT coalesce(sum(tokens), 0) FROM tutor_messages WHERE user_id = ${userId} AND created_at >= ${utcMidnight})
				+ coalesce((SELECT count FROM rate_limits WHERE key = ${clearedKey(userId)}), 0) AS used
		`),
	)
	return Number(rows[0]?.used ?? 0)
}
