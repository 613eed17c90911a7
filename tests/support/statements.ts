import { sql } from 'drizzle-orm'
import type { Pool } from 'pg'
import { vi } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'

/**
 * Statements run so far on the embedded engine, which keeps each one prepared (db/pglite-statements.mjs): the
 * executions of its prepared statements, this query's own left out.
 */
export async function pgliteExecutions(h: DbHandle): Promise<number> {
	const [row] = rowsOf<{ n: number }>(
		await h.db.execute(
			sql`SELECT coalesce(sum(generic_plans + custom_plans), 0)::int AS n FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'`,
		),
	)
	return Number(row!.n)
}

/**
 * What `run` answers, and how many statements it sent: on PGlite its prepared executions, on PostgreSQL the
 * calls of the pool's query, which every statement outside a transaction goes through.
 */
export async function statementsSent<T>(h: DbHandle, run: () => Promise<T>): Promise<{ out: T; statements: number }> {
	if (h.kind === 'pglite') {
		const before = await pgliteExecutions(h)
		const out = await run()
		return { out, statements: (await pgliteExecutions(h)) - before }
	}
	const sent = vi.spyOn((h.db as unknown as { $client: Pool }).$client, 'query')
	try {
		const out = await run()
		return { out, statements: sent.mock.calls.length }
	} finally {
		sent.mockRestore()
	}
}
