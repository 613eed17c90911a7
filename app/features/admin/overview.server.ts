import { sql } from 'drizzle-orm'
import { getDb } from '~/lib/db.server.ts'

/** Live counts for the admin overview, in one round trip. */
export async function contentCounts() {
	const db = await getDb()
	const result = await db.execute<{ paths: number; courses: number; modules: number; lessons: number; users: number }>(sql`
		SELECT
			(SELECT count(*)::int FROM learning_paths) AS paths,
			(SELECT count(*)::int FROM courses) AS courses,
			(SELECT count(*)::int FROM modules) AS modules,
			(SELECT count(*)::int FROM lessons) AS lessons,
			(SELECT count(*)::int FROM "user") AS users
	`)
	const row = (result as unknown as { rows: Record<string, number>[] }).rows[0] ?? {}
	return {
		paths: Number(row.paths ?? 0),
		courses: Number(row.courses ?? 0),
		modules: Number(row.modules ?? 0),
		lessons: Number(row.lessons ?? 0),
		users: Number(row.users ?? 0),
	}
}
