import { and, desc, eq, sql } from 'drizzle-orm'
import { courses, learningPaths, lessons, modules, user } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { LIST_LIMIT, type ContentFilter } from './schemas.ts'
import type { AdminCourse, AdminModule, AdminPath, CourseOption, ModuleOption, PathOption } from './types.ts'

// The admin screens' reads: one query per list, whatever the size of the curriculum.

type Stamp = Date | string
type Stamped = { publishedAt: Stamp | null; createdAt: Stamp; updatedAt: Stamp }
const iso = (v: Stamp) => new Date(v).toISOString()
function stamps<T extends Stamped>({ publishedAt, createdAt, updatedAt, ...rest }: T) {
	return { ...rest, publishedAt: publishedAt ? iso(publishedAt) : null, createdAt: iso(createdAt), updatedAt: iso(updatedAt) }
}

export async function listPaths(): Promise<AdminPath[]> {
	const db = await getDb()
	const p = learningPaths
	const rows = await db
		.select({
			id: p.id,
			title: p.title,
			slug: p.slug,
			description: p.description,
			titlePt: p.titlePt,
			descriptionPt: p.descriptionPt,
			level: p.level,
			prerequisites: p.prerequisites,
			prerequisitesPt: p.prerequisitesPt,
			isPublished: p.isPublished,
			publishedAt: p.publishedAt,
			createdAt: p.createdAt,
			updatedAt: p.updatedAt,
			updatedByName: user.name,
			courseCount: db.$count(courses, eq(courses.pathId, p.id)),
		})
		.from(p)
		.leftJoin(user, eq(user.id, p.updatedBy))
		.orderBy(desc(p.createdAt), p.title)
		.limit(LIST_LIMIT)
	return rows.map(stamps)
}

export async function listCourses(filter: ContentFilter): Promise<AdminCourse[]> {
	const db = await getDb()
	const [c, p] = [courses, learningPaths]
	const rows = await db
		.select({
			id: c.id,
			pathId: c.pathId,
			pathTitle: p.title,
			title: c.title,
			slug: c.slug,
			summary: c.summary,
			description: c.description,
			order: c.order,
			titlePt: c.titlePt,
			summaryPt: c.summaryPt,
			descriptionPt: c.descriptionPt,
			level: c.level,
			prerequisites: c.prerequisites,
			prerequisitesPt: c.prerequisitesPt,
			durationMinutes: c.durationMinutes,
			thumbnailUrl: c.thumbnailUrl,
			isPublished: c.isPublished,
			publishedAt: c.publishedAt,
			createdAt: c.createdAt,
			updatedAt: c.updatedAt,
			updatedByName: user.name,
			moduleCount: db.$count(modules, eq(modules.courseId, c.id)),
		})
		.from(c)
		.leftJoin(p, eq(p.id, c.pathId))
		.leftJoin(user, eq(user.id, c.updatedBy))
		.where(filter.path ? eq(c.pathId, filter.path) : undefined)
		.orderBy(desc(p.createdAt), p.title, c.order, c.title)
		.limit(LIST_LIMIT)
	return rows.map(stamps)
}

export async function listModules(filter: ContentFilter): Promise<AdminModule[]> {
	const db = await getDb()
	const [m, c, p] = [modules, courses, learningPaths]
	const rows = await db
		.select({
			id: m.id,
			courseId: m.courseId,
			courseTitle: c.title,
			pathId: p.id,
			pathTitle: p.title,
			title: m.title,
			slug: m.slug,
			summary: m.summary,
			order: m.order,
			titlePt: m.titlePt,
			summaryPt: m.summaryPt,
			isPublished: m.isPublished,
			publishedAt: m.publishedAt,
			createdAt: m.createdAt,
			updatedAt: m.updatedAt,
			updatedByName: user.name,
			lessonCount: db.$count(lessons, eq(lessons.moduleId, m.id)),
		})
		.from(m)
		.leftJoin(c, eq(c.id, m.courseId))
		.leftJoin(p, eq(p.id, c.pathId))
		.leftJoin(user, eq(user.id, m.updatedBy))
		.where(and(filter.path ? eq(c.pathId, filter.path) : undefined, filter.course ? eq(m.courseId, filter.course) : undefined))
		.orderBy(desc(p.createdAt), p.title, c.order, c.title, m.order, m.title)
		.limit(LIST_LIMIT)
	return rows.map(stamps)
}

export type ContentOptions = { paths: PathOption[]; courses: CourseOption[]; modules: ModuleOption[] }

/** Every path, course and module (id, title, parent, order, child count) for the filters and selects; one query. */
export async function contentOptions(): Promise<ContentOptions> {
	const db = await getDb()
	const [p, c, m, l] = [learningPaths, courses, modules, lessons]
	const { rows } = await db.execute<{
		level: 'path' | 'course' | 'module'
		id: string
		title: string
		parentId: string | null
		order: number
		childCount: number
	}>(sql`
		SELECT 'path' AS level, ${p.id} AS id, ${p.title} AS title, NULL::uuid AS "parentId", 0 AS "order",
			(SELECT count(*)::int FROM ${c} WHERE ${c.pathId} = ${p.id}) AS "childCount", ${p.title} AS s1, 0 AS s2
		FROM ${p}
		UNION ALL
		SELECT 'course', ${c.id}, ${c.title}, ${c.pathId}, ${c.order}, (SELECT count(*)::int FROM ${m} WHERE ${m.courseId} = ${c.id}), ${c.title}, ${c.order}
		FROM ${c}
		UNION ALL
		SELECT 'module', ${m.id}, ${m.title}, ${m.courseId}, ${m.order}, (SELECT count(*)::int FROM ${l} WHERE ${l.moduleId} = ${m.id}), ${m.title}, ${m.order}
		FROM ${m}
		ORDER BY level, s2, s1
	`)
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
