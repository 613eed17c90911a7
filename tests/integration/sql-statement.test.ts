import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, DbHandle } from '#db/client.server.ts'
import { user } from '#db/schema.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { PG_ADMIN_URL, pgReachable, pgTestDb } from '#tests/support/pg.ts'

// Statements printed once and bound per call (app/lib/sql-statement.server.ts) answer as db.execute does,
// on both drivers: the same rows and types, each call with its own values.

type Row = { name: string; n: number; tags: string[]; found: boolean }
const byName = statement<Row, 'name' | 'n'>(
	['name', 'n'],
	(p) => sql`SELECT ${p.name}::text AS name, (${p.n}::int * 2) AS n, json_build_array(${p.name}::text, 'x') AS tags,
		EXISTS (SELECT 1 FROM ${user} WHERE ${user.name} = ${p.name}) AS found`,
)

function suite(name: string, open: () => Promise<DbHandle>, close: (h: DbHandle) => Promise<void>) {
	describe(name, () => {
		let h: DbHandle
		beforeAll(async () => {
			h = await open()
			await h.db.insert(user).values({ id: 'u-ada', name: 'Ada', email: 'ada@example.test' })
		})
		afterAll(() => close(h))

		it('answers as db.execute of the same SQL, each call with its own values', async () => {
			for (const [who, n] of [
				['Ada', 21],
				['Grace', 4],
				['Ada', -1],
			] as const) {
				const kept = await byName(h.db, { name: who, n })
				const direct = await h.db.execute(sql`SELECT ${who}::text AS name, (${n}::int * 2) AS n, json_build_array(${who}::text, 'x') AS tags,
					EXISTS (SELECT 1 FROM ${user} WHERE ${user.name} = ${who}) AS found`)
				expect(kept.rows).toEqual(direct.rows)
				expect(kept.rows).toEqual([{ name: who, n: n * 2, tags: [who, 'x'], found: who === 'Ada' }])
			}
		})

		it('is parsed once on a connection and each call only binds and runs it', async () => {
			// One transaction: one connection of the pool, whose prepared statements the view lists.
			const [kept] = await h.db.transaction(async (tx) => {
				for (const n of [1, 2, 3]) await byName(tx as unknown as Db, { name: 'Ada', n })
				return rowsOf<{ runs: number }>(
					await tx.execute(
						sql`SELECT (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement LIKE '%json_build_array(%::text, ''x'') AS tags%'`,
					),
				)
			})
			expect(kept?.runs).toBeGreaterThanOrEqual(3)
		})

		it('refuses a value written into the statement instead of a placeholder', async () => {
			const frozen = statement<{ a: string }, 'id'>(['id'], (p) => sql`SELECT ${p.id}::text AS a, ${new Date().toISOString()}::text AS b`)
			await expect(frozen(h.db, { id: 'x' })).rejects.toThrow(/every value must be one of its placeholders/)
		})

		it('refuses a call without one of its values instead of sending NULL', async () => {
			await expect(byName(h.db, { name: 'Ada' } as never)).rejects.toThrow(/No value for placeholder "n"/)
		})
	})
}

suite('kept statements on PGlite', useTestDb, (h) => h.close())

if (await pgReachable()) {
	const pg = pgTestDb('learnchain_statement')
	suite('kept statements on PostgreSQL', pg.open, pg.close)
} else {
	console.warn(`[sql-statement.test] PostgreSQL at ${PG_ADMIN_URL} is not reachable: only the PGlite half runs.`)
}
