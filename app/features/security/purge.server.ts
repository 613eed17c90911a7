import { lt, sql } from 'drizzle-orm'
import { rateLimits, verification } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { log } from '~/lib/log.server.ts'
import { PURGE_AFTER_SECONDS } from './limits.ts'

/**
 * Deletes what no request can use any more: rate-limit counts past every window, and expired one-time
 * values of the `verification` table (Sign-In with Ethereum nonces, e-mail and reset tokens). Both grow
 * with every visitor, and nothing else deletes them.
 */
export async function purgeExpired(): Promise<{ rateLimits: number; verifications: number }> {
	const db = await getDb()
	const counts = await db
		.delete(rateLimits)
		.where(lt(rateLimits.windowStart, sql`now() - ${`${PURGE_AFTER_SECONDS} seconds`}::interval`))
		.returning({ key: rateLimits.key })
	const values = await db
		.delete(verification)
		.where(lt(verification.expiresAt, sql`now()`))
		.returning({ id: verification.id })
	return { rateLimits: counts.length, verifications: values.length }
}

const HOUR = 60 * 60 * 1000
let timer: ReturnType<typeof setInterval> | undefined

/** Purge once an hour for the life of the process (started with the server, stopped before the database closes). */
export function startPurging(everyMs = HOUR) {
	stopPurging()
	timer = setInterval(() => {
		purgeExpired().catch((error) => log.warn('purge of expired rows failed', { error: String(error) }))
	}, everyMs)
	timer.unref()
}

export function stopPurging() {
	if (timer) clearInterval(timer)
	timer = undefined
}
