import { sql } from 'drizzle-orm'
import { rateLimits } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'

export type Limit = { max: number; windowSeconds: number }

export const limits = {
	// Per account and address: stops guessing one password; per address: stops spraying many accounts
	// without locking out a whole office that shares one IP.
	loginFailures: { max: 5, windowSeconds: 10 * 60 },
	loginFailuresPerIp: { max: 50, windowSeconds: 10 * 60 },
	signup: { max: 10, windowSeconds: 60 * 60 },
	passwordReset: { max: 5, windowSeconds: 60 * 60 },
	// Sign-in with Ethereum: nonces cost a row each, so they are capped per address; failed wallet
	// sign-ins and links (bad or replayed signatures) are capped like failed passwords.
	walletNonce: { max: 30, windowSeconds: 10 * 60 },
	walletFailures: { max: 10, windowSeconds: 10 * 60 },
} satisfies Record<string, Limit>

/**
 * Fixed-window counter in the database, so every server process shares it.
 * One statement: insert, or bump the count (restarting it when the window has passed).
 */
export async function hit(key: string, limit: Limit): Promise<{ count: number; limited: boolean; retryAfterSeconds: number }> {
	const db = await getDb()
	const window = `${limit.windowSeconds} seconds`
	const rows = await db
		.insert(rateLimits)
		.values({ key, count: 1, windowStart: sql`now()` })
		.onConflictDoUpdate({
			target: rateLimits.key,
			set: {
				count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window}::interval THEN 1 ELSE ${rateLimits.count} + 1 END`,
				windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window}::interval THEN now() ELSE ${rateLimits.windowStart} END`,
			},
		})
		.returning({ count: rateLimits.count, windowStart: rateLimits.windowStart })
	const count = rows[0]?.count ?? 1
	// Seconds until the window ends, for a Retry-After header (at least 1).
	const ends = (rows[0]?.windowStart?.getTime() ?? Date.now()) + limit.windowSeconds * 1000
	return { count, limited: count > limit.max, retryAfterSeconds: Math.max(1, Math.ceil((ends - Date.now()) / 1000)) }
}

/** Whether the key is over its limit, without counting this call. */
export async function isLimited(key: string, limit: Limit): Promise<boolean> {
	const db = await getDb()
	const window = `${limit.windowSeconds} seconds`
	const rows = await db.execute<{ count: number }>(
		sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start >= now() - ${window}::interval`,
	)
	const row = (rows as unknown as { rows: { count: number }[] }).rows[0]
	return Boolean(row && row.count >= limit.max)
}

export function clientIp(request: Request) {
	// Set by server/index.mjs from the socket (or a trusted proxy); a client cannot forge it.
	return request.headers.get('x-learnchain-ip') || 'local'
}
