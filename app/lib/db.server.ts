import { openDatabase, type Db, type DbHandle } from '#db/client.server.ts'
import type { DbHealth, HealthEvent } from '#db/health.ts'
import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'
import { requestContext } from './request-context.server.ts'

// One database handle per process, opened (and migrated) on first use.
// globalThis keeps it across dev-server module reloads.
const g = globalThis as unknown as { __dbHandle?: Promise<DbHandle>; __dbHealth?: DbHealth }

/** One line per fault episode (db/health.ts), never a stack per failed request. */
function reportHealth(event: HealthEvent) {
	// The process's line, not the request's that happened to meet the fault first: no request id on it.
	requestContext.exit(() => writeHealth(event))
}

function writeHealth(event: HealthEvent) {
	if (event.type === 'recovered') log.info('database available again', { downMs: event.downMs, refusedRequests: event.refused, faults: event.faults })
	// The embedded engine's open is CPU-bound (WebAssembly start and log replay): its time says how loaded the machine is.
	else if (event.type === 'engine-reopened') log.info('embedded database engine opened again', { openMs: event.ms })
	else if (event.type === 'unavailable') log.warn('database unavailable: answering 503 until it returns', { cause: event.cause })
	else log.warn('database connection fault; the database still answers', { cause: event.cause })
}

export function getDbHandle(): Promise<DbHandle> {
	if (!g.__dbHandle) {
		const env = getEnv()
		g.__dbHandle = openDatabase({
			databaseUrl: env.DATABASE_URL,
			dataDir: env.DATA_DIR,
			faults: {
				connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
				queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
				retryMs: env.DB_RETRY_INTERVAL_MS,
				hangCheckMs: env.DB_HANG_CHECK_MS,
				poolMax: env.DB_POOL_MAX,
				report: reportHealth,
			},
		})
		// A failed open (the database was away at start-up) is not cached: the next call tries again.
		g.__dbHandle.then(
			(h) => (g.__dbHealth = h.health),
			() => (g.__dbHandle = undefined),
		)
	}
	return g.__dbHandle
}

export async function getDb(): Promise<Db> {
	return (await getDbHandle()).db
}

/**
 * Whether the database is in a fault episode right now: libraries that log their own errors (Better Auth)
 * are quiet then, the health monitor's one warning says it all.
 */
export function databaseTroubled(): boolean {
	return g.__dbHealth?.troubled ?? false
}

/** Tests swap in a throw-away database. */
export function setDbHandleForTests(handle: DbHandle) {
	g.__dbHandle = Promise.resolve(handle)
	g.__dbHealth = handle.health
}
