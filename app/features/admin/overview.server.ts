import { count, sql } from 'drizzle-orm'
import { courses, learningPaths, lessons, modules, user } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'

/** Live counts for the admin overview, in one round trip. */
export async function contentCounts() {
	const db = await getDb()
	// Scalar sub-selects in one statement: one round trip for five counts.
	const [row] = await db
		.select({
			paths: sql<number>`(SELECT count(*)::int FROM ${learningPaths})`,
			courses: sql<number>`(SELECT count(*)::int FROM ${courses})`,
			modules: sql<number>`(SELECT count(*)::int FROM ${modules})`,
			lessons: sql<number>`(SELECT count(*)::int FROM ${lessons})`,
			users: count(),
		})
		.from(user)
	return {
		paths: Number(row?.paths ?? 0),
		courses: Number(row?.courses ?? 0),
		modules: Number(row?.modules ?? 0),
		lessons: Number(row?.lessons ?? 0),
		users: Number(row?.users ?? 0),
	}
}
