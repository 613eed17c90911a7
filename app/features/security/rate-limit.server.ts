import { eq, sql } from 'drizzle-orm'
import { rateLimits } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { names } from '~/lib/sql-columns.ts'
import { statement, type Bound } from '~/lib/sql-statement.server.ts'
import { addressKey, CLIENT_ADDRESS_HEADER } from './client-address.ts'
import { namedLimits, type Limit, type LimitName } from './limits.ts'

export type Count = { count: number; limited: boolean; /** Seconds until the window ends. */ retryAfter: number }

export function limitOf(name: LimitName): Limit {
	return namedLimits(getEnv())[name]
}

/** The row of limit `name` for `subject`. */
export const limitKey = (name: LimitName, subject: string) => `${name}:${subject}`

/** A limit's window as the hit's SQL takes it (an interval). */
export const windowOf = (limit: Pick<Limit, 'windowSeconds'>) => `${limit.windowSeconds} seconds`

/**
 * Count one hit of limit `name` for `subject`, and say whether it is over. Counting first and deciding on
 * the count it returns is what keeps parallel requests from all passing a check made before any of them
 * was counted.
 */
export function hit(name: LimitName, subject: string): Promise<Count> {
	return countHit(limitKey(name, subject), limitOf(name))
}

/**
 * One hit of the fixed-window counter in the database, so every process shares it: insert, or bump the count
 * (restarting it when the window has passed), returning the count and the seconds left. A statement of its
 * own below, or a CTE of a statement that writes what it counts (the offline tutor's exchange,
 * features/tutor/conversation.server.ts), so the window's rules are written once.
 */
export function hitSql(key: Bound<string>, window: Bound<string>) {
	const r = rateLimits
	const span = sql`${window}::interval`
	const expired = sql`${r.windowStart} < now() - ${span}`
	return sql`
		INSERT INTO ${r} (${names(r.key, r.count, r.windowStart)}) VALUES (${key}::text, 1, now())
		ON CONFLICT (${names(r.key)}) DO UPDATE SET
			${names(r.count)} = CASE WHEN ${expired} THEN 1 ELSE ${r.count} + 1 END,
			${names(r.windowStart)} = CASE WHEN ${expired} THEN now() ELSE ${r.windowStart} END
		RETURNING ${names(r.count)}, greatest(1, ceil(extract(epoch FROM ${r.windowStart} + ${span} - now())))::int AS "retryAfter"
	`
}

/** A hit's row as a Count against `limit` (no row: the first hit). */
export function countOf(row: { count: number; retryAfter: number } | undefined, limit: Pick<Limit, 'max' | 'windowSeconds'>): Count {
	const count = Number(row?.count ?? 1)
	return { count, limited: count > limit.max, retryAfter: Number(row?.retryAfter ?? limit.windowSeconds) }
}

/** Printed once (lib/sql-statement.server.ts): every limited request (each tutor message, each sign-in) pays it. */
const countOne = statement<{ count: number; retryAfter: number }, 'key' | 'window'>(['key', 'window'], ({ key, window }) => hitSql(key, window))

export async function countHit(key: string, limit: Pick<Limit, 'max' | 'windowSeconds'>): Promise<Count> {
	const {
		rows: [row],
	} = await countOne(await getDb(), { key, window: windowOf(limit) })
	return countOf(row, limit)
}

/** Take back a hit that turned out not to count (a right password, a request refused by another limit). */
async function unhit(name: LimitName, subject: string) {
	const db = await getDb()
	await db
		.update(rateLimits)
		.set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
		.where(eq(rateLimits.key, limitKey(name, subject)))
}

/**
 * Hits several limits at once, for a request that counts only if it fails: over any of them, every hit is
 * taken back and the request refused; else `settle(counted)` keeps the hits (a failure) or takes them back.
 */
export async function reserve(hits: [LimitName, string][]) {
	const counts = await Promise.all(hits.map(([name, subject]) => hit(name, subject)))
	const over = counts.filter((c) => c.limited)
	const release = () => Promise.all(hits.map(([name, subject]) => unhit(name, subject)))
	if (over.length) {
		await release()
		return { limited: true as const, retryAfter: Math.max(...over.map((c) => c.retryAfter)) }
	}
	return { limited: false as const, settle: async (counted: boolean) => void (counted ? undefined : await release()) }
}

/** The Retry-After header for a 429. */
export function retryAfterHeader(seconds: number | undefined): Record<string, string> {
	return seconds ? { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } : {}
}

/** The client's address as the HTTP server worked it out (server/client-address.ts), as a limit subject (IPv6: its /64). */
export function clientIp(request: Request) {
	return addressKey(request.headers.get(CLIENT_ADDRESS_HEADER))
}
