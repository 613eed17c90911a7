// Named prepared statements for the embedded database (used by db/pglite-worker.mjs).
// PGlite's query() sends every statement as an unnamed one: parse, analyse and plan on every call. In the
// WebAssembly engine that is most of a page's database time: the dashboard's one statement took 2.1 ms through
// query() and 0.4 ms as EXECUTE of the same statement prepared once. Here each SQL text is parsed once under a
// name and then only bound and executed; PostgreSQL re-plans it by itself when a table it reads changes.
// Plain JavaScript, like the worker.
import { parse, protocol } from '@electric-sql/pglite'

const { serialize } = protocol

/** Statements kept per engine; the least recently used is closed past this (texts come from code, but an
 * IN list of n values is a text of its own for each n). */
const STATEMENT_LIMIT = 256

/** PostgreSQL refuses a kept plan whose result columns changed (a table altered under it): 0A000. */
const changedResultType = (error) => error?.code === '0A000'

/** Names are unique in the thread, so two sets on one engine (tests) never collide. */
let named = 0

/**
 * `run(sql, params, options)` for one PGlite engine, answering as `db.query` does (rows, fields, affectedRows).
 * The caller holds the engine (PGlite's query lock, and its transaction lock outside a transaction).
 */
export function preparedStatements(db, limit = STATEMENT_LIMIT) {
	/** SQL text → { name, paramTypes }, oldest use first. */
	const kept = new Map()

	// Every exchange ends with Sync, also in the same message: after an error the engine skips to it and is
	// ready for the next statement, as after PGlite's own query().
	const send = (...messages) => db.execProtocolStream(Buffer.concat([...messages, serialize.sync()]), { syncToFs: false })

	async function close(name) {
		await send(serialize.close({ type: 'S', name }))
	}

	async function statement(sql) {
		const found = kept.get(sql)
		if (found) {
			kept.delete(sql)
			kept.set(sql, found)
			return found
		}
		const name = `lc_${++named}`
		const described = await send(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }))
		const made = { name, paramTypes: parse.parseDescribeStatementResults(described) }
		kept.set(sql, made)
		if (kept.size > limit) {
			const [oldest, old] = kept.entries().next().value
			kept.delete(oldest)
			await close(old.name)
		}
		return made
	}

	// PGlite's parseResults copies the engine's ~300 type parsers into a new object whenever a call brings its
	// own (drizzle always does): 83 µs a statement. Merged once per set of the call's parsers instead.
	const merged = new WeakMap()
	function parsersFor(own) {
		if (!own) return db.parsers
		let all = merged.get(own)
		if (!all) merged.set(own, (all = { ...db.parsers, ...own }))
		return all
	}

	async function execute(sql, params, options) {
		const { name, paramTypes } = await statement(sql)
		const values = params.map((value, i) => {
			if (value === null || value === undefined) return null
			const toText = options?.serializers?.[paramTypes[i]] ?? db.serializers[paramTypes[i]]
			return toText ? toText(value) : value.toString()
		})
		const messages = await send(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}))
		const { parsers, ...rest } = options ?? {}
		return parse.parseResults(messages, parsersFor(parsers), rest)[0]
	}

	return {
		async run(sql, params = [], options) {
			try {
				return await execute(sql, params, options)
			} catch (error) {
				if (changedResultType(error) && kept.has(sql)) {
					const { name } = kept.get(sql)
					kept.delete(sql)
					await close(name)
					return await execute(sql, params, options)
				}
				// As PGlite's query() reports it: the statement travels with the error.
				if (error && typeof error === 'object') error.query = sql
				throw error
			}
		},
		get size() {
			return kept.size
		},
	}
}
