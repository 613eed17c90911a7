import pg from 'pg'
import { connectionFault } from './faults.ts'
import { DbHealth, type HealthEvent } from './health.ts'

export type FaultOptions = {
	/** Longest wait for a new connection to the server. (A request waiting for a free connection of a busy pool
	 * waits up to connectTimeoutMs + queryTimeoutMs: the statement ahead of it ends by then, or is cancelled.) */
	connectTimeoutMs: number
	/** Longest a statement may run: the server cancels it (statement_timeout) and the client stops waiting a
	 * little later (a server that hangs never cancels anything). */
	queryTimeoutMs: number
	/** How often a database that is away is tried again. */
	retryMs: number
	/** A statement unanswered this long makes the monitor probe the server (and the probe's own time limit). */
	hangCheckMs: number
	poolMax: number
	report: (event: HealthEvent) => void
}

export const defaultFaultOptions: FaultOptions = {
	connectTimeoutMs: 5_000,
	queryTimeoutMs: 15_000,
	retryMs: 1_000,
	hangCheckMs: 2_000,
	poolMax: 10,
	report: () => {},
}

type QueryArgs = Parameters<pg.Client['query']>

/**
 * A pg.Pool that survives its server: faults reach `health` instead of crashing the process (an 'error'
 * event nobody listens to is fatal in Node), a connection whose query timed out is destroyed (so the
 * transaction's ROLLBACK fails at once instead of queueing behind a query that never returns, and the
 * server aborts the transaction when it sees the socket close), and while the server is known to be away,
 * connections are refused at once.
 */
export function guardedPool(connectionString: string, opts: FaultOptions) {
	const health = new DbHealth({
		retryMs: opts.retryMs,
		report: opts.report,
		// A connection of its own, so a full or broken pool cannot make a live server look dead.
		probe: async () => {
			const timeout = Math.min(opts.connectTimeoutMs, opts.hangCheckMs)
			const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeout, query_timeout: timeout })
			client.on('error', () => {})
			try {
				await client.connect()
				await client.query('select 1')
				await client.end()
			} catch (error) {
				// A frozen server never answers the goodbye either: drop the socket instead of waiting on end().
				client.connection.stream.destroy()
				throw error
			}
		},
	})

	const observe = (error: unknown) => health.observe(error)

	class GuardedClient extends pg.Client {
		constructor(config?: pg.ClientConfig) {
			// The pool hands its own (longer) wait to its clients; a connection attempt gets the connect limit.
			super({ ...config, connectionTimeoutMillis: opts.connectTimeoutMs })
			// The pool listens for errors only while a client is idle; one that ends while checked out (between
			// two statements of a transaction) would otherwise emit an 'error' nobody hears, and crash.
			this.on('error', observe)
		}
	}
	const query = pg.Client.prototype.query
	GuardedClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
		// A server that hangs (frozen, overloaded, a network black hole) raises no error until the query
		// timeout: a statement still unanswered after hangCheckMs makes the monitor probe the server, so
		// new requests are refused at once instead of joining the wait.
		const watchdog = setTimeout(() => void health.check(), opts.hangCheckMs)
		watchdog.unref()
		const settle = (error: unknown) => {
			clearTimeout(watchdog)
			if (!error) return
			const fault = connectionFault(error)
			if (fault?.cause.includes('Query read timeout')) this.connection.stream.destroy()
			if (fault) observe(error)
		}
		const last = args[args.length - 1]
		if (typeof last === 'function') {
			args[args.length - 1] = (error: unknown, result: unknown) => {
				settle(error)
				;(last as (e: unknown, r: unknown) => void)(error, result)
			}
			return query.apply(this, args as QueryArgs)
		}
		const result = query.apply(this, args as QueryArgs) as unknown
		if (result instanceof Promise)
			return result.then(
				(value: unknown) => {
					settle(null)
					return value
				},
				(error: unknown) => {
					settle(error)
					throw error
				},
			)
		clearTimeout(watchdog)
		return result
	} as typeof query

	const pool = new pg.Pool({
		connectionString,
		Client: GuardedClient,
		max: opts.poolMax,
		// The wait for a free connection. Running out of it means every connection is busy, which is load, not
		// a fault: the request answers 503, and a probe (below) tells whether the server is still there.
		connectionTimeoutMillis: opts.connectTimeoutMs + opts.queryTimeoutMs,
		statement_timeout: opts.queryTimeoutMs,
		query_timeout: opts.queryTimeoutMs + 2_000,
		// A transaction left open by a request that died must not hold its locks for long.
		idle_in_transaction_session_timeout: opts.queryTimeoutMs * 2,
		keepAlive: true,
	})
	// An idle connection ended by the server (terminate, restart, pooler) emits 'error' on the pool.
	pool.on('error', observe)

	// pg-pool's words when no connection came free in time (a connection attempt that times out says 'connection timeout').
	const observeConnect = (error: unknown) => {
		if (error instanceof Error && error.message.includes('timeout exceeded when trying to connect')) void health.check()
		else observe(error)
	}

	const connect = pool.connect.bind(pool) as (
		cb?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
	) => Promise<pg.PoolClient> | void
	pool.connect = function (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) {
		const refusal = health.refusal()
		if (refusal) {
			if (callback) return void process.nextTick(callback, refusal)
			return Promise.reject(refusal)
		}
		if (callback)
			return connect((error, client, done) => {
				if (error) observeConnect(error)
				callback(error, client, done)
			})
		return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
			observeConnect(error)
			throw error
		})
	} as typeof pool.connect

	return { pool, health }
}
