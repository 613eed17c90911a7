import { createHash } from 'node:crypto'
import { is, Param, Placeholder, sql, type Query, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.server.ts'

const dialect = new PgDialect()

/** A value in a statement: given per call, or the placeholder a `statement()` binds it to. */
export type Bound<T> = T | Placeholder

type Session = {
	prepareQuery: (query: Query, fields: undefined, name: string, arrayMode: false) => { execute: (values: Record<string, unknown>) => Promise<unknown> }
}

/**
 * A hand-written statement turned into text once. `db.execute(sql`...`)` builds the whole statement again on
 * every call, then walks every fragment and column to print it (through proxies for aliased tables): 4 % of a
 * signed-in page's main thread, more for the scoreboard. Here `build` writes it once with a placeholder for
 * each value that varies (`p.viewerId`), and each call only binds values to the printed text, the way
 * drizzle's own prepared queries do (`prepareQuery(...).execute(values)`).
 *
 * Only values may vary, and only through the placeholders (any other value in it is refused: it would be sent
 * to every later call). A statement whose text changes with its input (a literal LIMIT, an optional column)
 * is one `statement()` per form. The result is the driver's, as `db.execute` returns it (rows under `.rows`).
 *
 * It is also named, by its text's digest: node-postgres then parses it once per connection and each call
 * only binds and runs it, on the plan PostgreSQL keeps (planned for each call's values for five calls, then a
 * generic plan when that is not dearer), as the embedded engine keeps every statement (db/pglite-statements.mjs).
 * Unnamed, PostgreSQL parsed and planned each call afresh: 0.4 ms of its CPU for a completion, which two
 * server processes on two cores share with the database (ADR 0018).
 */
export function statement<Row extends Record<string, unknown>, Name extends string>(names: readonly Name[], build: (p: Record<Name, Placeholder>) => SQL) {
	let kept: { query: Query; name: string } | undefined
	return async (db: Db, values: Record<Name, unknown>): Promise<{ rows: Row[] }> => {
		if (!kept) {
			const placeholders = {} as Record<Name, Placeholder>
			for (const name of names) placeholders[name] = sql.placeholder(name)
			const printed = dialect.sqlToQuery(build(placeholders))
			// A value written into the statement would be kept with its text and sent to every later call.
			if (!printed.params.every((v) => is(v, Placeholder) || (is(v, Param) && is(v.value, Placeholder))))
				throw new Error('statement(): every value must be one of its placeholders')
			kept = { query: printed, name: `s${createHash('sha256').update(printed.sql).digest('base64url').slice(0, 22)}` }
		}
		// drizzle keeps the session internal; both drivers' databases have one with this method (pinned version,
		// and every statement built here runs in the integration tests on PGlite and PostgreSQL).
		const session = (db as unknown as { session: Session }).session
		return (await session.prepareQuery(kept.query, undefined, kept.name, false).execute(values)) as { rows: Row[] }
	}
}
