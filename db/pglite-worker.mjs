// The embedded database (PGlite) in a worker thread of its own (db/pglite-thread.ts drives it).
// PGlite runs each statement synchronously: on the main thread, one slow statement froze every request,
// health probe included, and nothing could time it out. Here it blocks only this thread; the main thread
// keeps serving and can end this one (Worker.terminate) when it stops answering, then open a new one.
// Plain JavaScript: Node loads it as it is, from source and from the production build alike.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { preparedStatements } from './pglite-statements.mjs'

/** @type {{ dataDir: string | undefined, engine: object }} */
const { dataDir, engine } = workerData
// `engine`: the WebAssembly modules and file bundle, compiled once by the main thread (db/pglite-thread.ts).
const db = dataDir ? new PGlite(dataDir, engine) : new PGlite(engine)
const statements = preparedStatements(db)

/** Open transactions by id: PGlite's handle, how to end the callback that holds it open, and its outcome. */
const open = new Map()
let nextTx = 1

class Rollback extends Error {}

/** Errors cross the thread as plain objects: name, message and PostgreSQL's fields (code, detail, ...). */
function serialize(error) {
	if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
	return {
		...Object.fromEntries(Object.entries(error).filter(([, v]) => typeof v !== 'function' && typeof v !== 'object')),
		name: error.name,
		message: error.message,
	}
}

/**
 * drizzle's parsers are all the identity (it parses dates itself): they cross as a list of type ids. One object
 * per list, so the kept statements merge it with the engine's parsers once (db/pglite-statements.mjs).
 */
const identityParsers = new Map()
function options(opts) {
	if (!opts) return undefined
	const { identityParsers: oids, ...rest } = opts
	if (!oids?.length) return rest
	const key = oids.join(',')
	let parsers = identityParsers.get(key)
	if (!parsers) identityParsers.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, (value) => value]))))
	return { ...rest, parsers }
}

const target = (tx) => (tx ? open.get(tx)?.tx : db)

const handlers = {
	ready: async () => {
		await db.waitReady
		return true
	},
	// Through the kept statements (db/pglite-statements.mjs), holding the engine as PGlite's query() does: its
	// query lock, and outside a transaction its transaction lock too (so a statement never runs inside another
	// caller's open transaction) and a sync to disk after.
	query: async ({ sql, params, opts, tx }) => {
		if (tx && !open.has(tx)) throw new Error(`database worker: transaction ${tx} is not open`)
		// As query() does: a call can reach a new worker while its engine is still opening (after a fault); it
		// waits for it rather than failing.
		await db.waitReady
		if (db.closed) throw new Error('PGlite is closed')
		const run = (sync) =>
			db._runExclusiveQuery(async () => {
				const result = await statements.run(sql, params, options(opts))
				if (sync) await db.syncToFs()
				return result
			})
		const result = tx ? await run(false) : await db._runExclusiveTransaction(() => run(true))
		return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }
	},
	exec: async ({ sql, tx }) => {
		const on = target(tx)
		if (!on) throw new Error(`database worker: transaction ${tx} is not open`)
		return (await on.exec(sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }))
	},
	// The transaction's callback waits here until the main thread says commit or rollback.
	begin: () =>
		new Promise((begun, failed) => {
			const id = nextTx++
			const entry = { tx: null, end: null, outcome: null }
			entry.outcome = db.transaction(
				(tx) =>
					new Promise((resolve, reject) => {
						entry.tx = tx
						entry.end = (commit) => (commit ? resolve() : reject(new Rollback()))
						open.set(id, entry)
						begun(id)
					}),
			)
			// BEGIN itself failed (the callback never ran); once begun, this is a no-op.
			entry.outcome.catch(failed)
		}),
	commit: async ({ tx }) => {
		const entry = open.get(tx)
		if (!entry) throw new Error(`database worker: transaction ${tx} is not open`)
		open.delete(tx)
		entry.end(true)
		await entry.outcome
		return true
	},
	rollback: async ({ tx }) => {
		const entry = open.get(tx)
		if (!entry) return true
		open.delete(tx)
		entry.end(false)
		await entry.outcome.catch((error) => {
			if (!(error instanceof Rollback)) throw error
		})
		return true
	},
	close: async () => {
		await db.close()
		return true
	},
	// Test hooks (db-fault switch, refused in production unless TEST_DB_FAULTS): a statement that holds the
	// engine, and an engine that dies.
	hang: async ({ ms }) => {
		await db.query('select pg_sleep($1)', [ms / 1000])
		return true
	},
	crash: () => process.exit(70),
}

parentPort.on('message', async (message) => {
	const { id, op } = message
	try {
		const result = await handlers[op](message)
		parentPort.postMessage({ id, ok: true, result })
	} catch (error) {
		parentPort.postMessage({ id, ok: false, error: serialize(error) })
	}
})
