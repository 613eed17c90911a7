import { eq, sql } from 'drizzle-orm'
import { lessons } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { LIST_LIMIT, type ContentFilter } from './schemas.ts'
import type { AdminCourse, AdminModule, AdminPath, CourseOption, ModuleOption, PathOption } from './types.ts'

// The admin screens' reads: one query per list, whatever the size of the curriculum.

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null)
function stamps<T extends { publishedAt: unknown; createdAt: unknown; updatedAt: unknown }>(r: T) {
	return { ...r, publishedAt: iso(r.publishedAt), createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)! }
}

const cols = (a: string) =>
	sql.raw(`${a}.is_published AS "isPublished", ${a}.published_at AS "publishedAt", ${a}.created_at AS "createdAt", ${a}.updated_at AS "updatedAt"`)

export async function listPaths(): Promise<AdminPath[]> {
	const db = await getDb()
	const rows = rowsOf<AdminPath>(
		await db.execute(sql`
			SELECT p.id, p.title, p.slug, p.description, p.title_pt AS "titlePt", p.description_pt AS "descriptionPt", p.level,
				p.prerequisites, p.prerequisites_pt AS "prerequisitesPt", ${cols('p')}, u.name AS "updatedByName",
				(SELECT count(*)::int FROM courses c WHERE c.path_id = p.id) AS "courseCount"
			FROM learning_paths p LEFT JOIN "user" u ON u.id = p.updated_by
			ORDER BY p.created_at DESC, p.title
			LIMIT ${LIST_LIMIT}
		`),
	)
	return rows.map(stamps)
}

export async function listCourses(filter: ContentFilter): Promise<AdminCourse[]> {
	const db = await getDb()
	const rows = rowsOf<AdminCourse>(
		await db.execute(sql`
			SELECT c.id, c.path_id AS "pathId", p.title AS "pathTitle", c.title, c.slug, c.summary, c.description, c."order",
				c.title_pt AS "titlePt", c.summary_pt AS "summaryPt", c.description_pt AS "descriptionPt", c.level,
				c.prerequisites, c.prerequisites_pt AS "prerequisitesPt",
				c.duration_minutes AS "durationMinutes", c.thumbnail_url AS "thumbnailUrl", ${cols('c')}, u.name AS "updatedByName",
				(SELECT count(*)::int FROM modules m WHERE m.course_id = c.id) AS "moduleCount"
			FROM courses c
			LEFT JOIN learning_paths p ON p.id = c.path_id
			LEFT JOIN "user" u ON u.id = c.updated_by
			WHERE true ${filter.path ? sql`AND c.path_id = ${filter.path}` : sql``}
			ORDER BY p.created_at DESC, p.title, c."order", c.title
			LIMIT ${LIST_LIMIT}
		`),
	)
	return rows.map(stamps)
}

export async function listModules(filter: ContentFilter): Promise<AdminModule[]> {
	const db = await getDb()
	const rows = rowsOf<AdminModule>(
		await db.execute(sql`
			SELECT m.id, m.course_id AS "courseId", c.title AS "courseTitle", p.id AS "pathId", p.title AS "pathTitle",
				m.title, m.slug, m.summary, m."order", m.title_pt AS "titlePt", m.summary_pt AS "summaryPt", ${cols('m')}, u.name AS "updatedByName",
				(SELECT count(*)::int FROM lessons l WHERE l.module_id = m.id) AS "lessonCount"
			FROM modules m
			LEFT JOIN courses c ON c.id = m.course_id
			LEFT JOIN learning_paths p ON p.id = c.path_id
			LEFT JOIN "user" u ON u.id = m.updated_by
			WHERE true
				${filter.path ? sql`AND c.path_id = ${filter.path}` : sql``}
				${filter.course ? sql`AND m.course_id = ${filter.course}` : sql``}
			ORDER BY p.created_at DESC, p.title, c."order", c.title, m."order", m.title
			LIMIT ${LIST_LIMIT}
		`),
	)
	return rows.map(stamps)
}

export type ContentOptions = { paths: PathOption[]; courses: CourseOption[]; modules: ModuleOption[] }

/** Every path, course and module (id, title, parent, order, child count) for the filters and selects; one query. */
export async function contentOptions(): Promise<ContentOptions> {
	const db = await getDb()
	const rows = rowsOf<{ level: 'path' | 'course' | 'module'; id: string; title: string; parentId: string | null; order: number; childCount: number }>(
		await db.execute(sql`
			SELECT 'path' AS level, p.id, p.title, NULL::uuid AS "parentId", 0 AS "order",
				(SELECT count(*)::int FROM courses c WHERE c.path_id = p.id) AS "childCount", p.title AS s1, 0 AS s2
			FROM learning_paths p
			UNION ALL
			SELECT 'course', c.id, c.title, c.path_id, c."order", (SELECT count(*)::int FROM modules m WHERE m.course_id = c.id), c.title, c."order"
			FROM courses c
			UNION ALL
			SELECT 'module', m.id, m.title, m.course_id, m."order", (SELECT count(*)::int FROM lessons l WHERE l.module_id = m.id), m.title, m."order"
			FROM modules m
			ORDER BY level, s2, s1
		`),
	)
	const out: ContentOptions = { paths: [], courses: [], modules: [] }
	for (const r of rows) {
		const childCount = Number(r.childCount)
		if (r.level === 'path') out.paths.push({ id: r.id, title: r.title, childCount })
		else if (r.level === 'course') out.courses.push({ id: r.id, title: r.title, pathId: r.parentId!, order: Number(r.order), childCount })
		else out.modules.push({ id: r.id, title: r.title, courseId: r.parentId!, order: Number(r.order), childCount })
	}
	out.paths.sort((a, b) => a.title.localeCompare(b.title))
	return out
}

/** A lesson's full content for the edit dialog (lists carry only a preview). */
export async function lessonContent(id: string): Promise<string | null> {
	const db = await getDb()
	const [row] = await db.select({ content: lessons.content }).from(lessons).where(eq(lessons.id, id))
	return row ? (row.content ?? '') : null
}

/** A lesson's Portuguese body for the edit dialog ('' when not translated yet). */
export async function lessonContentPt(id: string): Promise<string> {
	const db = await getDb()
	const [row] = await db.select({ contentPt: lessons.contentPt }).from(lessons).where(eq(lessons.id, id))
	return row?.contentPt ?? ''
}
