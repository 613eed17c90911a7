// Which errors mean "the database is not there" (as opposed to "this query is wrong"): those make the app
// answer 503 and retry the database in the background, instead of a 500 and a stack trace per request.

/** Thrown without touching the database while it is known to be away (db/health.ts). */
export class DatabaseUnavailableError extends Error {
	readonly code = 'DATABASE_UNAVAILABLE'
	constructor(readonly reason: string) {
		super(`database unavailable: ${reason}`)
		this.name = 'DatabaseUnavailableError'
	}
}

/** The embedded database's worker thread stopped answering (timeout) or is gone (db/pglite-thread.ts). */
export class DatabaseWorkerError extends Error {
	constructor(
		message: string,
		readonly timeout = false,
	) {
		super(message)
		this.name = 'DatabaseWorkerError'
	}
}

// SQLSTATE classes and codes of a connection that ended or could not be made: 08 connection exception,
// 57P01 admin_shutdown (pg_terminate_backend, fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up or shutting down), 53300 too_many_connections, 57014 query_canceled (statement_timeout: a
// server too slow to answer is, for a request, a server that is away).
const FAULT_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014'])
const FAULT_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
// node-postgres and PGlite say these in words only.
const FAULT_MESSAGES = [
	'Connection terminated',
	'timeout exceeded when trying to connect',
	'Query read timeout',
	'is not queryable',
	'Client was closed',
	'Cannot use a pool after calling end',
	'PGlite is closed',
]

type Fault = {
	cause: string
	code?: string
	/** The server did not answer in time (frozen, overloaded, unreachable): as good as away, no probe needed. */
	timeout?: boolean
}

const TIMEOUT_MESSAGES = ['Query read timeout', 'timeout exceeded when trying to connect', 'connection timeout', 'timeout expired']

function faultOf(error: unknown): Fault | null {
	if (!error || typeof error !== 'object') return null
	if (error instanceof DatabaseUnavailableError) return { cause: error.reason, code: error.code }
	if (error instanceof DatabaseWorkerError) return { cause: error.message, timeout: error.timeout }
	const e = error as { code?: unknown; message?: unknown; name?: unknown }
	const code = typeof e.code === 'string' ? e.code : undefined
	const message = typeof e.message === 'string' ? e.message : ''
	const timeout = code === 'ETIMEDOUT' || TIMEOUT_MESSAGES.some((m) => message.includes(m))
	if (code && (code.startsWith('08') || FAULT_SQLSTATES.has(code) || FAULT_ERRNOS.has(code))) return { cause: message || code, code, timeout }
	if (timeout || FAULT_MESSAGES.some((m) => message.includes(m))) return { cause: message, timeout }
	// PGlite's WebAssembly instance aborted (out of memory, a trap): it cannot answer again until reopened.
	if (e.name === 'RuntimeError' || message.startsWith('Aborted(')) return { cause: message || String(e.name), code: 'PGLITE_ABORTED' }
	return null
}

/** The connection fault behind `error` (drizzle wraps driver errors in `cause`), or null for any other error. */
export function connectionFault(error: unknown): Fault | null {
	for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
		const fault = faultOf(e)
		if (fault) return fault
	}
	return null
}

export function isConnectionFault(error: unknown): boolean {
	return connectionFault(error) !== null
}

/**
 * For a catch that turns failures into a message for the user: a database fault is not that kind of failure.
 * Let it through, so the route answers 503 'try again in a moment' (app/lib/db-faults.server.ts) and the
 * health monitor logs it once, instead of a misleading error and a log line per request.
 */
export function rethrowFault(error: unknown): void {
	if (isConnectionFault(error)) throw error
}
