import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'

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
		WITH ls AS (
			SELECT l.id, row_number() OVER (ORDER BY l.id) - 1 AS n, count(*) OVER () AS total
			FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id
			JOIN learning_paths p ON p.id = c.path_id AND p.slug LIKE 'bench-path-%'
		), picks AS (
			SELECT 'bench-user-' || (((i - 1) % ${size.learners}) + 1) AS user_id,
				((i - 1) / ${size.learners}) + (((i - 1) % ${size.learners}) * 7) AS offset_n
			FROM generate_series(1, ${size.completions}) i
		)
		INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at)
		SELECT p.user_id, ls.id, 'completed', now() - ((p.offset_n % 30) || ' days')::interval, now()
		FROM picks p JOIN ls ON ls.n = p.offset_n % ls.total
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
	await db.execute(sql`ANALYZE`)
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
