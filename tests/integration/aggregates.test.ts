import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { createCourse, createLearner, createLesson, createModule, createPath } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { rowsOf } from '~/lib/sql-rows.ts'

/**
 * The totals the scoreboard and the dashboard read (xp_totals, user_completion_days) are kept by triggers
 * (migration perf_aggregates), and so is the profile's last activity per path (learner_path_activity, 0009). Whatever happens to the ledger, the progress rows and the curriculum, they must equal
 * what a full recomputation from xp_ledger and user_progress gives: random sequences of writes check that.
 */

let h: DbHandle
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.execute(query))

const USERS = ['u1', 'u2', 'u3']
type World = { paths: string[]; modules: string[]; lessons: string[] }
let world: World

// What the triggers must produce, computed from scratch the way the scoreboard used to on every request.
const expectedTotals = sql`
	WITH r AS (
		SELECT x.user_id, x.amount, x.created_at, x.source_kind = 'lesson' AS is_lesson,
			to_char(date_trunc('week', x.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, c.path_id::text AS path
		FROM xp_ledger x
		LEFT JOIN lessons l ON x.source_kind = 'lesson' AND l.id::text = x.source_id
		LEFT JOIN modules m ON m.id = l.module_id
		LEFT JOIN courses c ON c.id = m.course_id
	)
	SELECT r.user_id, k.period, k.scope, sum(r.amount)::int AS xp, (count(*) FILTER (WHERE r.is_lesson))::int AS lessons,
		coalesce(max(r.created_at) FILTER (WHERE r.amount > 0), max(r.created_at)) AS reached_at
	FROM r CROSS JOIN LATERAL (VALUES ('all', 'all'), (r.week, 'all'), ('all', r.path), (r.week, r.path)) AS k(period, scope)
	WHERE k.scope IS NOT NULL
	GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`
const actualTotals = sql`SELECT user_id, period, scope, xp, lessons, reached_at FROM xp_totals ORDER BY 1, 2, 3`
const expectedDays = sql`
	SELECT user_id, to_char((coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
	FROM user_progress WHERE status = 'completed' GROUP BY 1, 2 ORDER BY 1, 2`
const actualDays = sql`SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, completions AS n FROM user_completion_days ORDER BY 1, 2`

// The profile's last activity per learner and path (migration 0009).
const expectedActivity = sql`
	SELECT r.user_id, c.path_id, max(greatest(r.last_viewed_at, r.completed_at)) AS last_at
	FROM user_progress r JOIN lessons l ON l.id = r.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
	WHERE greatest(r.last_viewed_at, r.completed_at) IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`
const actualActivity = sql`SELECT user_id, path_id, last_at FROM learner_path_activity ORDER BY 1, 2`

async function expectConsistent() {
	expect(await q(actualTotals)).toEqual(await q(expectedTotals))
	expect(await q(actualDays)).toEqual(await q(expectedDays))
	expect(await q(actualActivity)).toEqual(await q(expectedActivity))
}

async function reset() {
	await h.db.execute(sql`DELETE FROM xp_ledger`)
	await h.db.execute(sql`DELETE FROM user_progress`)
	await h.db.execute(sql`DELETE FROM learning_paths`)
	await h.db.execute(sql`DELETE FROM "user"`)
	for (const u of USERS) await createLearner({ id: u, name: u, email: `${u}@example.test` })
	const paths: string[] = []
	const modules: string[] = []
	const lessons: string[] = []
	for (const p of [1, 2]) {
		const path = await createPath({ title: `P${p}` })
		const course = await createCourse(path.id, { title: 'c' })
		paths.push(path.id)
		for (const m of [1, 2]) {
			const mod = await createModule(course.id, { title: 'm', order: m })
			modules.push(mod.id)
			for (const l of [1, 2]) lessons.push((await createLesson(mod.id, 'text', { title: 'l', order: l })).id)
		}
	}
	world = { paths, modules, lessons }
}

// Times spread over three weeks, so the weekly rows and the 'reached first' ties are exercised.
const at = fc.integer({ min: 0, max: 21 * 24 }).map((hours) => new Date(Date.UTC(2026, 2, 2) + hours * 3_600_000).toISOString())

const op = fc.oneof(
	fc.record({ kind: fc.constant('award' as const), user: fc.constantFrom(...USERS), lesson: fc.nat(7), amount: fc.constantFrom(0, 10, 25), at }),
	fc.record({
		kind: fc.constant('achievement' as const),
		user: fc.constantFrom(...USERS),
		task: fc.constantFrom('a', 'b'),
		amount: fc.constantFrom(0, 50),
		at,
	}),
	fc.record({ kind: fc.constant('bulkAward' as const), lesson: fc.nat(7), at }),
	fc.record({ kind: fc.constant('unaward' as const), user: fc.constantFrom(...USERS), lesson: fc.nat(7) }),
	// Views at any time, later or earlier than the row's last one (the last activity can go back), often and
	// on two lessons only, so that a row is viewed again in most sequences.
	{ arbitrary: fc.record({ kind: fc.constant('view' as const), user: fc.constantFrom(...USERS), lesson: fc.nat(1), at }), weight: 4 },
	fc.record({
		kind: fc.constant('progress' as const),
		user: fc.constantFrom(...USERS),
		lesson: fc.nat(7),
		status: fc.constantFrom('in_progress', 'completed'),
		at,
	}),
	fc.record({ kind: fc.constant('unprogress' as const), user: fc.constantFrom(...USERS), lesson: fc.nat(7) }),
	fc.record({ kind: fc.constant('moveLesson' as const), lesson: fc.nat(7), module: fc.nat(3) }),
	fc.record({ kind: fc.constant('moveModule' as const), module: fc.nat(3), toPathOf: fc.nat(3) }),
	fc.record({ kind: fc.constant('deleteLesson' as const), lesson: fc.nat(7) }),
	fc.record({ kind: fc.constant('deleteUser' as const), user: fc.constantFrom(...USERS) }),
)
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

// The learner activity below is written raw on purpose, not through the factories: the triggers must keep the totals
// right under any write to the ledger and the progress rows, including ones no feature makes (an award taken back,
// one statement for several learners, progress going back to in_progress).
async function apply(o: Op) {
	const lessonId = 'lesson' in o ? world.lessons[o.lesson]! : ''
	switch (o.kind) {
		case 'award':
			await h.db.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at)
				SELECT ${o.user}, 'lesson', ${lessonId}, ${o.amount}, ${o.at}::timestamptz WHERE EXISTS (SELECT 1 FROM "user" WHERE id = ${o.user})
				ON CONFLICT DO NOTHING`)
			break
		case 'achievement':
			await h.db.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at)
				SELECT ${o.user}, 'achievement', ${o.task}, ${o.amount}, ${o.at}::timestamptz WHERE EXISTS (SELECT 1 FROM "user" WHERE id = ${o.user})
				ON CONFLICT DO NOTHING`)
			break
		case 'bulkAward':
			// One statement, several learners: the statement-level trigger sees them together.
			await h.db.execute(sql`
				INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at)
				SELECT u.id, 'lesson', ${lessonId}, 10, ${o.at}::timestamptz FROM "user" u
				ON CONFLICT DO NOTHING`)
			break
		case 'unaward':
			await h.db.execute(sql`DELETE FROM xp_ledger WHERE user_id = ${o.user} AND source_id = ${lessonId}`)
			break
		case 'progress':
			await h.db.execute(sql`
				INSERT INTO user_progress (user_id, lesson_id, status, completed_at)
				SELECT ${o.user}, ${lessonId}, ${o.status}, ${o.status === 'completed' ? o.at : null}::timestamptz
				WHERE EXISTS (SELECT 1 FROM "user" WHERE id = ${o.user}) AND EXISTS (SELECT 1 FROM lessons WHERE id = ${lessonId})
				ON CONFLICT (user_id, lesson_id) DO UPDATE SET status = excluded.status, completed_at = excluded.completed_at`)
			break
		case 'view':
			await h.db.execute(sql`
				INSERT INTO user_progress (user_id, lesson_id, status, last_viewed_at)
				SELECT ${o.user}, ${lessonId}, 'in_progress', ${o.at}::timestamptz
				WHERE EXISTS (SELECT 1 FROM "user" WHERE id = ${o.user}) AND EXISTS (SELECT 1 FROM lessons WHERE id = ${lessonId})
				ON CONFLICT (user_id, lesson_id) DO UPDATE SET last_viewed_at = excluded.last_viewed_at`)
			break
		case 'unprogress':
			await h.db.execute(sql`DELETE FROM user_progress WHERE user_id = ${o.user} AND lesson_id = ${lessonId}`)
			break
		case 'moveLesson':
			await h.db.execute(sql`UPDATE lessons SET module_id = ${world.modules[o.module]!} WHERE id = ${lessonId}`)
			break
		case 'moveModule': {
			const [target] = await q<{ course_id: string }>(sql`SELECT course_id FROM modules WHERE id = ${world.modules[o.toPathOf]!}`)
			if (target) await h.db.execute(sql`UPDATE modules SET course_id = ${target.course_id} WHERE id = ${world.modules[o.module]!}`)
			break
		}
		case 'deleteLesson':
			// As the admin does: the lesson's XP first, then the lesson (its progress rows cascade).
			await h.db.execute(sql`DELETE FROM xp_ledger WHERE source_kind = 'lesson' AND source_id = ${lessonId}`)
			await h.db.execute(sql`DELETE FROM lessons WHERE id = ${lessonId}`)
			break
		case 'deleteUser':
			await h.db.execute(sql`DELETE FROM "user" WHERE id = ${o.user}`)
			break
	}
}

beforeAll(async () => {
	h = await useTestDb()
})
afterAll(async () => {
	await h?.close()
})

describe('aggregates kept by triggers', () => {
	it('equal a recomputation from the ledger and the progress rows after any sequence of writes', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
				await reset()
				for (const o of ops) await apply(o)
				await expectConsistent()
			}),
			{ numRuns: 60 },
		)
	})

	it('follow a lesson moved to another path: its XP leaves the old path board for the new one', async () => {
		await reset()
		await apply({ kind: 'award', user: 'u1', lesson: 0, amount: 10, at: '2026-03-03T10:00:00Z' })
		const byPath = () => q<{ scope: string; xp: number }>(sql`SELECT scope, xp FROM xp_totals WHERE user_id = 'u1' AND period = 'all' AND scope <> 'all'`)
		expect(await byPath()).toEqual([{ scope: world.paths[0], xp: 10 }])
		// Modules 2 and 3 belong to the second path.
		await apply({ kind: 'moveLesson', lesson: 0, module: 2 })
		expect(await byPath()).toEqual([{ scope: world.paths[1], xp: 10 }])
		await expectConsistent()
	})

	it('drop the rows of a learner who is deleted, and of a day whose completions are all undone', async () => {
		await reset()
		await apply({ kind: 'progress', user: 'u2', lesson: 1, status: 'completed', at: '2026-03-04T10:00:00Z' })
		await apply({ kind: 'award', user: 'u2', lesson: 1, amount: 10, at: '2026-03-04T10:00:00Z' })
		expect(await q(sql`SELECT day FROM user_completion_days WHERE user_id = 'u2'`)).toHaveLength(1)
		await apply({ kind: 'progress', user: 'u2', lesson: 1, status: 'in_progress', at: '2026-03-04T10:00:00Z' })
		expect(await q(sql`SELECT day FROM user_completion_days WHERE user_id = 'u2'`)).toHaveLength(0)
		await apply({ kind: 'deleteUser', user: 'u2' })
		expect(await q(sql`SELECT * FROM xp_totals WHERE user_id = 'u2'`)).toHaveLength(0)
		await expectConsistent()
	})

	it('move a completion to its new day when its time changes, and keep the version still for a view (0010)', async () => {
		await reset()
		const days = () =>
			q<{ day: string; completions: number }>(
				sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, completions FROM user_completion_days WHERE user_id = 'u1' ORDER BY day`,
			)
		const version = async () => (await q<{ version: string }>(sql`SELECT version FROM learner_progress_version WHERE user_id = 'u1'`))[0]?.version
		await apply({ kind: 'progress', user: 'u1', lesson: 0, status: 'completed', at: '2026-03-04T10:00:00Z' })
		await apply({ kind: 'progress', user: 'u1', lesson: 1, status: 'completed', at: '2026-03-04T11:00:00Z' })
		const completed = await version()
		expect(await days()).toEqual([{ day: '2026-03-04', completions: 2 }])
		// A view of a completed lesson changes no count and no version.
		await apply({ kind: 'view', user: 'u1', lesson: 0, at: '2026-03-09T10:00:00Z' })
		expect(await version()).toBe(completed)
		// Still completed, on another day: one completion leaves the 4th for the 6th.
		await apply({ kind: 'progress', user: 'u1', lesson: 0, status: 'completed', at: '2026-03-06T10:00:00Z' })
		expect(await days()).toEqual([
			{ day: '2026-03-04', completions: 1 },
			{ day: '2026-03-06', completions: 1 },
		])
		// One statement over several rows and learners, completions both made and undone.
		await apply({ kind: 'progress', user: 'u2', lesson: 2, status: 'completed', at: '2026-03-05T10:00:00Z' })
		await h.db.execute(sql`
			UPDATE user_progress SET status = CASE WHEN status = 'completed' THEN 'in_progress' ELSE 'completed' END,
				completed_at = CASE WHEN status = 'completed' THEN NULL ELSE '2026-03-07T10:00:00Z'::timestamptz END
			WHERE user_id IN ('u1', 'u2') AND lesson_id IN (${world.lessons[1]!}, ${world.lessons[2]!}, ${world.lessons[3]!})`)
		expect(await version()).not.toBe(completed)
		await expectConsistent()
	})
})
