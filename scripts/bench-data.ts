import { createHmac, randomBytes } from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules } from '#db/schema.ts'

export type BenchSize = { paths: number; coursesPerPath: number; modulesPerCourse: number; lessonsPerModule: number; learners: number; completions: number }

/**
 * Fill a database with a synthetic curriculum, learners and completions, set-based in SQL
 * (generate_series), so even 100,000 completions take seconds, not minutes.
 */
export async function fillBenchData(db: Db, size: BenchSize) {
	await db.execute(sql`
		INSERT INTO learning_paths (title, slug, description, is_published, published_at)
		SELECT 'Bench path ' || p, 'bench-path-' || p, 'Synthetic path for benchmarks', true, now()
		FROM generate_series(1, ${size.paths}) p
	`)
	await db.execute(sql`
		INSERT INTO courses (path_id, title, slug, "order", is_published, published_at)
		SELECT lp.id, 'Course ' || c, 'course-' || c, c, true, now()
		FROM learning_paths lp, generate_series(1, ${size.coursesPerPath}) c
		WHERE lp.slug LIKE 'bench-path-%'
	`)
	await db.execute(sql`
		INSERT INTO modules (course_id, title, slug, "order", is_published, published_at)
		SELECT co.id, 'Module ' || m, 'module-' || m, m, true, now()
		FROM courses co JOIN learning_paths lp ON lp.id = co.path_id AND lp.slug LIKE 'bench-path-%', generate_series(1, ${size.modulesPerCourse}) m
	`)
	await db.execute(sql`
		INSERT INTO lessons (module_id, title, slug, lesson_type, "order", content, xp_value, is_published, published_at)
		SELECT mo.id, 'Lesson ' || l, 'lesson-' || l, 'text', l,
			'## Section ' || l || E'\n\nSynthetic lesson body with some **Markdown** and a table.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', 10, true, now()
		FROM modules mo
		JOIN courses co ON co.id = mo.course_id
		JOIN learning_paths lp ON lp.id = co.path_id AND lp.slug LIKE 'bench-path-%',
		generate_series(1, ${size.lessonsPerModule}) l
	`)
	await db.execute(sql`
		INSERT INTO "user" (id, name, email, email_verified)
		SELECT 'bench-user-' || u, 'Bench Learner ' || u, 'bench' || u || '@bench.test', true
		FROM generate_series(1, ${size.learners}) u
	`)
	// Spread completions evenly: learner k completes lessons k..k+n (mod lesson count), no duplicates.
	await db.execute(sql`
		WITH ls AS MATERIALIZED (
			SELECT l.id, row_number() OVER (ORDER BY l.id) - 1 AS n
			FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
			JOIN learning_paths p ON p.id = c.path_id AND p.slug LIKE 'bench-path-%'
		), total AS MATERIALIZED (
			SELECT count(*) AS n FROM ls
		), picks AS (
			SELECT 'bench-user-' || (((i - 1) % ${size.learners}) + 1) AS user_id,
				((i - 1) / ${size.learners}) + (((i - 1) % ${size.learners}) * 7) AS offset_n
			FROM generate_series(1, ${size.completions}) i
		)
		INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at)
		SELECT p.user_id, ls.id, 'completed', now() - ((p.offset_n % 30) || ' days')::interval, now()
		-- The modulo is computed per pick against a constant, so the join is an equality (a hash join),
		-- not a nested loop over every lesson for every pick.
		FROM picks p CROSS JOIN total JOIN ls ON ls.n = p.offset_n % total.n
		ON CONFLICT (user_id, lesson_id) DO NOTHING
	`)
	await db.execute(sql`
		INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at)
		SELECT up.user_id, 'lesson', up.lesson_id::text, 10, up.completed_at FROM user_progress up
		WHERE up.user_id LIKE 'bench-user-%'
		ON CONFLICT DO NOTHING
	`)
	await db.execute(sql`
		INSERT INTO user_enrollments (user_id, learning_path_id)
		SELECT DISTINCT up.user_id, c.path_id FROM user_progress up
		JOIN lessons l ON l.id = up.lesson_id JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
		WHERE up.user_id LIKE 'bench-user-%'
		ON CONFLICT DO NOTHING
	`)
	// VACUUM as well: a bulk load leaves the visibility map empty, so every index-only scan (the scoreboard's
	// rank counts) reads the table's pages too until autovacuum has been by. On PostgreSQL it comes at a moment
	// of its own (it wakes once a minute), which made the scoreboard's rows depend on whether it had: 1 ms of
	// the server's time per request before, 0.3 after. A database in use has been vacuumed.
	await db.execute(sql`VACUUM ANALYZE`)
}

/** Give one learner exactly n completions (for the scaling rows). */
export async function setCompletions(db: Db, userId: string, n: number) {
	await db.execute(sql`DELETE FROM user_progress WHERE user_id = ${userId}`)
	await db.execute(sql`DELETE FROM xp_ledger WHERE user_id = ${userId}`)
	await db.execute(sql`
		INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at)
		SELECT ${userId}, l.id, 'completed', now() - ((row_number() OVER (ORDER BY l.id)) % 30 || ' days')::interval, now()
		FROM lessons l ORDER BY l.id LIMIT ${n}
	`)
	await db.execute(sql`
		INSERT INTO xp_ledger (user_id, source_kind, source_id, amount)
		SELECT user_id, 'lesson', lesson_id::text, 10 FROM user_progress WHERE user_id = ${userId}
	`)
}

/** The issue's data set: 3 paths, 30 courses, 1,500 lessons, 2,000 learners, 100,000 completions. */
export const ISSUE_SIZE: BenchSize = { paths: 3, coursesPerPath: 10, modulesPerCourse: 5, lessonsPerModule: 10, learners: 2000, completions: 100_000 }

/**
 * A fourth, published path with `lessons` lessons (100 courses of 20 modules), so one learner can hold
 * 100,000 completions for the scaling rows. Added to the catalog before every completion case is measured,
 * so the cases differ only in the learner's completions.
 */
export async function addScalingPath(db: Db, lessons: number) {
	const modulesPerCourse = 20
	const courses = 100
	const perModule = Math.ceil(lessons / (courses * modulesPerCourse))
	await db.execute(sql`
		INSERT INTO learning_paths (title, slug, description, is_published, published_at)
		VALUES ('Bench scaling path', 'bench-scale', 'Synthetic path for the scaling rows', true, now())
	`)
	await db.execute(sql`
		INSERT INTO courses (path_id, title, slug, "order", is_published, published_at)
		SELECT lp.id, 'Scale course ' || c, 'scale-course-' || c, c, true, now()
		FROM learning_paths lp, generate_series(1, ${courses}) c WHERE lp.slug = 'bench-scale'
	`)
	await db.execute(sql`
		INSERT INTO modules (course_id, title, slug, "order", is_published, published_at)
		SELECT co.id, 'Module ' || m, 'module-' || m, m, true, now()
		FROM courses co JOIN learning_paths lp ON lp.id = co.path_id AND lp.slug = 'bench-scale', generate_series(1, ${modulesPerCourse}) m
	`)
	await db.execute(sql`
		INSERT INTO lessons (module_id, title, slug, lesson_type, "order", content, xp_value, is_published, published_at)
		SELECT mo.id, 'Lesson ' || l, 'lesson-' || l, 'text', l, '## Scale lesson ' || l, 10, true, now()
		FROM modules mo JOIN courses co ON co.id = mo.course_id JOIN learning_paths lp ON lp.id = co.path_id AND lp.slug = 'bench-scale',
		generate_series(1, ${perModule}) l
	`)
}

/** One more learner (no completions yet), e.g. the viewer of the scaling rows. */
export async function addLearner(db: Db, id: string) {
	await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, ${id}, ${`${id}@bench.test`}, true)`)
}

/**
 * Signed-in sessions without a password round trip: a session row plus the cookie Better Auth expects
 * (`better-auth.session_token` = token.HMAC-SHA256(token, AUTH_SECRET) in base64, URL-encoded).
 * The server must run with the same AUTH_SECRET.
 */
export async function createSessionCookies(db: Db, userIds: string[], secret: string): Promise<string[]> {
	const cookies: string[] = []
	for (const userId of userIds) {
		const token = randomBytes(24).toString('base64url')
		await db.execute(sql`
			INSERT INTO session (token, user_id, expires_at, ip_address, user_agent)
			VALUES (${token}, ${userId}, now() + interval '1 day', '127.0.0.1', 'learnchain-bench')
		`)
		const signature = createHmac('sha256', secret).update(token).digest('base64')
		cookies.push(`better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`)
	}
	return cookies
}

export type BenchTargets = { pathId: string; courseId: string; lessonId: string; lessons: { id: string; courseId: string }[] }

/** What the HTTP load opens and completes: the first bench path and course, and every bench lesson in order. */
export async function benchTargets(db: Db): Promise<BenchTargets> {
	const list = await db
		.select({ id: lessons.id, courseId: courses.id, pathId: courses.pathId })
		.from(lessons)
		.innerJoin(modules, eq(modules.id, lessons.moduleId))
		.innerJoin(courses, eq(courses.id, modules.courseId))
		.innerJoin(learningPaths, and(eq(learningPaths.id, courses.pathId), like(learningPaths.slug, 'bench-path-%')))
		.orderBy(learningPaths.slug, courses.order, modules.order, lessons.order)
	if (!list.length) throw new Error('no bench lessons: fill the database first')
	return {
		pathId: list[0]!.pathId,
		courseId: list[0]!.courseId,
		lessonId: list[Math.min(4, list.length - 1)]!.id,
		lessons: list,
	}
}
