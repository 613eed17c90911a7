import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { gatherFacts } from '~/features/achievements/achievements.server.ts'
import { jsonValue, rowsOf } from '~/lib/sql-rows.ts'
import { createCurriculum, createLearner } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// Issue 21: on PostgreSQL each call of a page's statement is planned for its own values (node-postgres sends
// unnamed statements). For a learner who holds most of a table's rows, "any row of theirs? LIMIT 1" was planned
// as a sequential scan (a match looks near), which read every other learner's rows first: 6 ms of the achievements
// page for a learner with 100,000 completions, growing with the platform. The embedded engine keeps generic plans,
// so this test asks it for custom ones, as PostgreSQL makes them, on a table a learner dominates.

type Node = { 'Node Type': string; 'Relation Name'?: string; Plans?: Node[] }
/** Each sequential scan that a Limit stops early, by table: the trap (reading the whole learner's set may scan). */
const limitedScans = (node: Node): string[] => [
	...(node['Node Type'] === 'Limit' ? (node.Plans ?? []).filter((c) => c['Node Type'] === 'Seq Scan').map((c) => c['Relation Name'] ?? '?') : []),
	...(node.Plans ?? []).flatMap(limitedScans),
]

describe("a learner with most of a table's rows", () => {
	let h: DbHandle
	let heavy: string
	beforeAll(async () => {
		h = await useTestDb()
		const { module: mod } = await createCurriculum({ types: [] })
		await h.db.execute(sql`INSERT INTO lessons (module_id, slug, title, lesson_type, "order")
			SELECT ${mod.id}, 'l-' || i, 'Lesson ' || i, 'text', i FROM generate_series(1, 400) i`)
		// Others first, then the heavy learner: their rows sit last in the table, as a long-time learner's latest do.
		const others = await Promise.all(Array.from({ length: 20 }, () => createLearner()))
		for (const o of others) {
			await h.db.execute(sql`INSERT INTO user_progress (user_id, lesson_id, status) SELECT ${o.id}, id, 'in_progress' FROM lessons LIMIT 5`)
			await h.db.execute(sql`INSERT INTO tutor_messages (user_id, lesson_id, role, content) SELECT ${o.id}, id, 'user', 'q' FROM lessons LIMIT 5`)
		}
		heavy = (await createLearner()).id
		await h.db.execute(sql`INSERT INTO user_progress (user_id, lesson_id, status) SELECT ${heavy}, id, 'in_progress' FROM lessons`)
		await h.db.execute(sql`INSERT INTO tutor_messages (user_id, lesson_id, role, content) SELECT ${heavy}, id, 'user', 'q' FROM lessons`)
		await h.db.execute(sql`ANALYZE`)
	})
	afterAll(async () => {
		await h?.close()
	})

	it('has the achievements facts read their rows by index, not by scanning the table', async () => {
		expect((await gatherFacts(heavy)).lessonsStarted).toBe(1)
		const [statement] = rowsOf<{ name: string; text: string }>(
			await h.db.execute(
				sql`SELECT name, statement AS text FROM pg_prepared_statements WHERE statement LIKE '%"lessonsStarted"%' AND statement LIKE '%"tutorQuestions"%' AND statement NOT LIKE '%pg_prepared_statements%'`,
			),
		)
		expect(statement).toBeDefined()
		// Every parameter is the learner, but the kept version of their completed set (cast to bigint): none kept.
		const count = Math.max(...[...statement!.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))
		const values = Array.from({ length: count }, (_, i) => (statement!.text.includes(`$${i + 1}::bigint`) ? 'NULL' : `'${heavy}'`)).join(', ')
		await h.db.execute(sql`SET plan_cache_mode = force_custom_plan`)
		const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await h.db.execute(sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE ${statement!.name}(${values})`)))
		const [plan] = jsonValue<{ Plan: Node }[]>(row!['QUERY PLAN'], [])
		expect(limitedScans(plan!.Plan)).toEqual([])
	})
})
