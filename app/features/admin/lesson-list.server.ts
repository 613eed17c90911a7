import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules, user } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { LESSON_PAGE_SIZE, type LessonListQuery } from './schemas.ts'
import type { AdminLesson } from './types.ts'

export type LessonPage = {
	lessons: AdminLesson[]
	/** Lessons matching the search and filters, over every page. */
	total: number
	/** The page shown: the one asked for, or the last one when it asked past the end. */
	page: number
	pages: number
	/** 1-based positions of the first and last lesson shown (0 and 0 when nothing matches). */
	from: number
	to: number
	/** The page asked for when it lay past the last one. */
	pastEnd?: number
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function conditions(query: LessonListQuery): SQL | undefined {
	const pattern = query.q ? likePattern(query.q) : null
	return and(
		query.path ? eq(courses.pathId, query.path) : undefined,
		query.course ? eq(modules.courseId, query.course) : undefined,
		query.module ? eq(lessons.moduleId, query.module) : undefined,
		query.type ? eq(lessons.lessonType, query.type) : undefined,
		query.status ? eq(lessons.isPublished, query.status === 'published') : undefined,
		// Title in either language, or slug.
		pattern ? or(ilike(lessons.title, pattern), ilike(lessons.titlePt, pattern), ilike(lessons.slug, pattern)) : undefined,
	)
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

async function readPage(db: Db, where: SQL | undefined, page: number) {
	return (
		db
			.select({
				id: lessons.id,
				moduleId: lessons.moduleId,
				moduleTitle: modules.title,
				courseId: courses.id,
				courseTitle: courses.title,
				pathId: learningPaths.id,
				pathTitle: learningPaths.title,
				title: lessons.title,
				titlePt: lessons.titlePt,
				slug: lessons.slug,
				lessonType: lessons.lessonType,
				order: lessons.order,
				bodyUntranslated: sql<boolean>`(${lessons.lessonType} IN ('text', 'challenge') AND coalesce(${lessons.contentPt}, '') = '')`.mapWith(Boolean),
				xpValue: lessons.xpValue,
				durationMinutes: lessons.durationMinutes,
				thumbnailUrl: lessons.thumbnailUrl,
				isPublished: lessons.isPublished,
				publishedAt: lessons.publishedAt,
				createdAt: lessons.createdAt,
				updatedAt: lessons.updatedAt,
				updatedByName: user.name,
				preview: sql<string | null>`CASE WHEN ${lessons.lessonType} IN ('text', 'challenge') THEN left(${lessons.content}, 160)
				WHEN ${lessons.lessonType} = 'video' THEN left(${lessons.content}, 500) ELSE NULL END`,
				total: sql<number>`count(*) OVER ()`.mapWith(Number),
			})
			.from(lessons)
			.leftJoin(modules, eq(modules.id, lessons.moduleId))
			.leftJoin(courses, eq(courses.id, modules.courseId))
			.leftJoin(learningPaths, eq(learningPaths.id, courses.pathId))
			.leftJoin(user, eq(user.id, lessons.updatedBy))
			.where(where)
			// The curriculum's own order (newest path first, as the paths screen), the id last so pages never overlap.
			.orderBy(
				desc(learningPaths.createdAt),
				asc(learningPaths.title),
				asc(courses.order),
				asc(courses.title),
				asc(modules.order),
				asc(modules.title),
				asc(lessons.order),
				asc(lessons.title),
				asc(lessons.id),
			)
			.limit(LESSON_PAGE_SIZE)
			.offset((page - 1) * LESSON_PAGE_SIZE)
	)
}

/**
 * One page of the admin lessons list, searched and filtered in SQL: one query, two when the page asked for
 * lies past the last one (then the last page is shown and `pastEnd` says which page was asked for).
 */
export async function listLessonPage(query: LessonListQuery, db?: Db): Promise<LessonPage> {
	const handle = db ?? (await getDb())
	const where = conditions(query)
	let page = query.page
	let rows = await readPage(handle, where, page)
	let pastEnd: number | undefined
	if (rows.length === 0 && page > 1) {
		const [counted] = await handle
			.select({ n: count() })
			.from(lessons)
			.leftJoin(modules, eq(modules.id, lessons.moduleId))
			.leftJoin(courses, eq(courses.id, modules.courseId))
			.where(where)
		const last = Math.max(1, Math.ceil((counted?.n ?? 0) / LESSON_PAGE_SIZE))
		pastEnd = page
		page = last
		rows = (counted?.n ?? 0) > 0 ? await readPage(handle, where, page) : []
	}
	const total = rows[0]?.total ?? 0
	const from = rows.length ? (page - 1) * LESSON_PAGE_SIZE + 1 : 0
	return {
		lessons: rows.map(({ total: _total, ...r }) => ({
			...r,
			publishedAt: iso(r.publishedAt),
			createdAt: iso(r.createdAt)!,
			updatedAt: iso(r.updatedAt)!,
		})),
		total,
		page,
		pages: Math.max(1, Math.ceil(total / LESSON_PAGE_SIZE)),
		from,
		to: rows.length ? from + rows.length - 1 : 0,
		...(pastEnd ? { pastEnd } : {}),
	}
}
