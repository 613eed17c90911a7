import { and, eq, sql, type AnyColumn } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/lib/db.server.ts'
import { courses as courseTable, learningPaths, lessons, modules as moduleTable, userEnrollments, userProgress } from '#db/schema.ts'
import type { Language } from '~/features/i18n/config.ts'
import { localize, localizeOptional } from './localize.ts'
import { LEVELS, type Level, type OutlineLesson, type OutlineModule, type PathCard } from './types.ts'

export type { Level, OutlineLesson, OutlineModule, PathCard }

const uuid = z.uuid()
export const isUuid = (id: string | null | undefined): id is string => uuid.safeParse(id).success

/** Drafts are visible to admins (preview) only; learners see the published chain. */
const visible = (column: AnyColumn, preview: boolean) => (preview ? sql`true` : sql`${column}`)

// Short names for the queries below (the plain ones are taken by the results they build).
const p = learningPaths
const c = courseTable
const m = moduleTable
const l = lessons
const up = userProgress
const e = userEnrollments

/** The learner's active enrollment in the path of the row being read. */
const enrolledIn = (userId: string) => sql<boolean>`EXISTS (SELECT 1 FROM ${e} WHERE ${e.learningPathId} = ${p.id} AND ${e.userId} = ${userId} AND ${e.isActive})`

type PathCardRow = Omit<PathCard, 'title' | 'description' | 'prerequisites' | 'englishOnly'> & {
	title: string
	titlePt: string | null
	description: string | null
	descriptionPt: string | null
	prerequisites: string | null
	prerequisitesPt: string | null
}

/** Pick the learner's language for a path's texts; flag any English fallback. */
function localizedPath(lang: Language, r: Pick<PathCardRow, 'title' | 'titlePt' | 'description' | 'descriptionPt' | 'prerequisites' | 'prerequisitesPt'>) {
	const title = localize(lang, r.title, r.titlePt)
	const description = localizeOptional(lang, r.description, r.descriptionPt)
	const prerequisites = localizeOptional(lang, r.prerequisites, r.prerequisitesPt)
	return {
		title: title.text,
		description: description?.text ?? null,
		prerequisites: prerequisites?.text ?? null,
		englishOnly: title.en || !!description?.en || !!prerequisites?.en,
	}
}

/**
 * Published paths that hold at least one published course, with their facts (published lessons, minutes:
 * the lessons' own estimates, else the course's) and the learner's enrollment and progress; one query.
 */
export async function listAvailablePaths(userId: string, opts: { limit?: number; lang?: Language } = {}): Promise<PathCard[]> {
	const db = await getDb()
	const { rows } = await db.execute<PathCardRow>(sql`
		WITH facts AS (
			SELECT ${c.id} AS id, ${c.pathId} AS path_id, ${c.durationMinutes} AS duration_minutes,
				count(${l.id})::int AS lessons,
				coalesce(sum(${l.durationMinutes}), 0)::int AS minutes,
				count(${up.id})::int AS done
			FROM ${c}
			LEFT JOIN ${m} ON ${m.courseId} = ${c.id} AND ${m.isPublished}
			LEFT JOIN ${l} ON ${l.moduleId} = ${m.id} AND ${l.isPublished}
			LEFT JOIN ${up} ON ${up.lessonId} = ${l.id} AND ${up.userId} = ${userId} AND ${up.status} = 'completed'
			WHERE ${c.isPublished}
			GROUP BY ${c.id}
		)
		SELECT ${p.id} AS id, ${p.slug} AS slug, ${p.title} AS title, ${p.titlePt} AS "titlePt", ${p.description} AS description,
			${p.descriptionPt} AS "descriptionPt", ${p.prerequisites} AS prerequisites, ${p.prerequisitesPt} AS "prerequisitesPt",
			${p.level} AS level, ${p.topics} AS topics, ${p.coverUrl} AS "coverUrl",
			count(facts.id)::int AS "courseCount",
			coalesce(sum(facts.lessons), 0)::int AS "lessonCount",
			coalesce(sum(CASE WHEN facts.minutes > 0 THEN facts.minutes ELSE coalesce(facts.duration_minutes, 0) END), 0)::int AS "totalMinutes",
			coalesce(sum(facts.done), 0)::int AS "completedLessons",
			${enrolledIn(userId)} AS "isEnrolled"
		FROM ${p}
		JOIN facts ON facts.path_id = ${p.id}
		WHERE ${p.isPublished}
		GROUP BY ${p.id}
		ORDER BY ${p.createdAt}, ${p.title}
		LIMIT ${opts.limit ?? 100}
	`)
	const lang = opts.lang ?? 'en-US'
	return rows.map((r) => ({
		id: r.id,
		slug: r.slug,
		...localizedPath(lang, r),
		level: r.level,
		topics: r.topics ?? [],
		coverUrl: r.coverUrl,
		courseCount: Number(r.courseCount),
		lessonCount: Number(r.lessonCount),
		totalMinutes: Number(r.totalMinutes),
		completedLessons: Number(r.completedLessons),
		isEnrolled: r.isEnrolled,
	}))
}

export const catalogFilterSchema = z.object({
	q: z.string().trim().max(100).catch(''),
	level: z.enum(LEVELS).optional().catch(undefined),
	topic: z.string().trim().max(40).optional().catch(undefined),
	status: z.enum(['in-progress']).optional().catch(undefined),
})
export type CatalogFilter = z.infer<typeof catalogFilterSchema>

/** The explore page's filters from its query string; anything malformed is ignored, never an error. */
export function parseCatalogFilter(url: URL): CatalogFilter {
	const get = (k: string) => url.searchParams.get(k) || undefined
	return catalogFilterSchema.parse({ q: get('q') ?? '', level: get('level'), topic: get('topic'), status: get('status') })
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/**
 * Search and filters over the cards: the words must all appear in the title, description or topics (in the
 * learner's language, accents ignored); 'in progress' means enrolled or started and not finished.
 */
function filterPaths(paths: PathCard[], f: CatalogFilter): PathCard[] {
	const words = fold(f.q).split(/\s+/).filter(Boolean)
	return paths.filter((p) => {
		if (f.level && p.level !== f.level) return false
		if (f.topic && !p.topics.includes(f.topic)) return false
		if (f.status === 'in-progress' && !((p.isEnrolled || p.completedLessons > 0) && p.completedLessons < p.lessonCount)) return false
		const hay = fold([p.title, p.description ?? '', ...p.topics].join(' '))
		return words.every((w) => hay.includes(w))
	})
}

/** The explore page: the cards that match, and every topic and level on offer (for the filter menus). */
export async function exploreCatalog(userId: string, lang: Language, filter: CatalogFilter) {
	const all = await listAvailablePaths(userId, { lang })
	return {
		paths: filterPaths(all, filter),
		total: all.length,
		topics: [...new Set(all.flatMap((p) => p.topics))].sort(),
		levels: LEVELS.filter((l) => all.some((p) => p.level === l)),
	}
}

export type CourseProgress = {
	id: string
	slug: string
	title: string
	summary: string | null
	prerequisites: string | null
	englishOnly: boolean
	level: Level | null
	coverUrl: string | null
	order: number
	isPublished: boolean
	totalLessons: number
	totalMinutes: number
	completedLessons: number
}

/** A path with its courses in order, their facts and the learner's progress per course, in the learner's language; two queries. */
export async function getPathOverview(pathId: string, userId: string, preview = false, lang: Language = 'en-US') {
	if (!isUuid(pathId)) return null
	const db = await getDb()
	const { rows: pathRows } = await db.execute<Omit<PathCardRow, 'courseCount' | 'lessonCount' | 'totalMinutes' | 'completedLessons'> & { isPublished: boolean }>(sql`
		SELECT ${p.id} AS id, ${p.slug} AS slug, ${p.title} AS title, ${p.titlePt} AS "titlePt", ${p.description} AS description,
			${p.descriptionPt} AS "descriptionPt", ${p.prerequisites} AS prerequisites, ${p.prerequisitesPt} AS "prerequisitesPt",
			${p.level} AS level, ${p.topics} AS topics, ${p.coverUrl} AS "coverUrl", ${p.isPublished} AS "isPublished",
			${enrolledIn(userId)} AS "isEnrolled"
		FROM ${p} WHERE ${p.id} = ${pathId} AND ${visible(p.isPublished, preview)}
	`)
	const row = pathRows[0]
	if (!row) return null
	const { rows: courseRows } = await db.execute<{
		id: string
		slug: string
		title: string
		titlePt: string | null
		summary: string | null
		summaryPt: string | null
		prerequisites: string | null
		prerequisitesPt: string | null
		level: Level | null
		coverUrl: string | null
		order: number
		isPublished: boolean
		durationMinutes: number | null
		totalLessons: number
		lessonMinutes: number
		completedLessons: number
	}>(sql`
		SELECT ${c.id} AS id, ${c.slug} AS slug, ${c.title} AS title, ${c.titlePt} AS "titlePt", ${c.summary} AS summary, ${c.summaryPt} AS "summaryPt",
			${c.prerequisites} AS prerequisites, ${c.prerequisitesPt} AS "prerequisitesPt", ${c.level} AS level, ${c.thumbnailUrl} AS "coverUrl",
			${c.order} AS "order", ${c.isPublished} AS "isPublished", ${c.durationMinutes} AS "durationMinutes",
			count(${l.id})::int AS "totalLessons",
			coalesce(sum(${l.durationMinutes}), 0)::int AS "lessonMinutes",
			count(${up.id})::int AS "completedLessons"
		FROM ${c}
		LEFT JOIN ${m} ON ${m.courseId} = ${c.id} AND ${visible(m.isPublished, preview)}
		LEFT JOIN ${l} ON ${l.moduleId} = ${m.id} AND ${visible(l.isPublished, preview)}
		LEFT JOIN ${up} ON ${up.lessonId} = ${l.id} AND ${up.userId} = ${userId} AND ${up.status} = 'completed'
		WHERE ${c.pathId} = ${pathId} AND ${visible(c.isPublished, preview)}
		GROUP BY ${c.id}
		ORDER BY ${c.order}, ${c.title}
	`)
	const courses: CourseProgress[] = courseRows.map((c) => {
		const title = localize(lang, c.title, c.titlePt)
		const summary = localizeOptional(lang, c.summary, c.summaryPt)
		const prerequisites = localizeOptional(lang, c.prerequisites, c.prerequisitesPt)
		return {
			id: c.id,
			slug: c.slug,
			title: title.text,
			summary: summary?.text ?? null,
			prerequisites: prerequisites?.text ?? null,
			englishOnly: title.en || !!summary?.en || !!prerequisites?.en,
			level: c.level,
			coverUrl: c.coverUrl,
			order: c.order,
			isPublished: c.isPublished,
			totalLessons: Number(c.totalLessons),
			totalMinutes: Number(c.lessonMinutes) || Number(c.durationMinutes ?? 0),
			completedLessons: Number(c.completedLessons),
		}
	})
	const path = {
		id: row.id,
		slug: row.slug,
		...localizedPath(lang, row),
		level: row.level,
		topics: row.topics ?? [],
		coverUrl: row.coverUrl,
		isPublished: row.isPublished,
		isEnrolled: row.isEnrolled,
		totalMinutes: courses.reduce((n, c) => n + c.totalMinutes, 0),
	}
	return { ...path, courses }
}

/** The course player's outline (no lesson bodies) with the learner's status per lesson, in the learner's language; two queries. */
export async function getCourseOutline(courseId: string, userId: string, preview = false, lang: Language = 'en-US') {
	if (!isUuid(courseId)) return null
	const db = await getDb()
	const { rows: courseRows } = await db.execute<{
		id: string
		title: string
		titlePt: string | null
		summary: string | null
		summaryPt: string | null
		isPublished: boolean
		pathId: string
		pathTitle: string
		pathTitlePt: string | null
		pathPublished: boolean
	}>(sql`
		SELECT ${c.id} AS id, ${c.title} AS title, ${c.titlePt} AS "titlePt", ${c.summary} AS summary, ${c.summaryPt} AS "summaryPt",
			${c.isPublished} AS "isPublished", ${p.id} AS "pathId", ${p.title} AS "pathTitle", ${p.titlePt} AS "pathTitlePt", ${p.isPublished} AS "pathPublished"
		FROM ${c} JOIN ${p} ON ${p.id} = ${c.pathId}
		WHERE ${c.id} = ${courseId} AND ${visible(c.isPublished, preview)} AND ${visible(p.isPublished, preview)}
	`)
	const found = courseRows[0]
	if (!found) return null
	const title = localize(lang, found.title, found.titlePt)
	const summary = localizeOptional(lang, found.summary, found.summaryPt)
	const pathTitle = localize(lang, found.pathTitle, found.pathTitlePt)
	const course = {
		id: found.id,
		title: title.text,
		titleEnglishOnly: title.en,
		summary: summary?.text ?? null,
		isPublished: found.isPublished,
		pathId: found.pathId,
		pathTitle: pathTitle.text,
		pathPublished: found.pathPublished,
	}
	const { rows } = await db.execute<Omit<OutlineLesson, 'englishOnly'> & { titlePt: string | null; moduleId: string; moduleTitle: string; moduleTitlePt: string | null; moduleOrder: number; modulePublished: boolean }>(sql`
		SELECT ${m.id} AS "moduleId", ${m.title} AS "moduleTitle", ${m.titlePt} AS "moduleTitlePt", ${m.order} AS "moduleOrder", ${m.isPublished} AS "modulePublished",
			${l.id} AS id, ${l.title} AS title, ${l.titlePt} AS "titlePt", ${l.lessonType} AS "lessonType", ${l.order} AS "order", ${l.xpValue} AS "xpValue",
			${l.durationMinutes} AS "durationMinutes", ${l.isPublished} AS "isPublished",
			coalesce(${up.status}, 'not_started') AS status
		FROM ${m}
		JOIN ${l} ON ${l.moduleId} = ${m.id} AND ${visible(l.isPublished, preview)}
		LEFT JOIN ${up} ON ${up.lessonId} = ${l.id} AND ${up.userId} = ${userId}
		WHERE ${m.courseId} = ${courseId} AND ${visible(m.isPublished, preview)}
		ORDER BY ${m.order}, ${m.title}, ${l.order}, ${l.title}
	`)
	const modules: OutlineModule[] = []
	for (const r of rows) {
		let m = modules.at(-1)
		if (!m || m.id !== r.moduleId) {
			const mTitle = localize(lang, r.moduleTitle, r.moduleTitlePt)
			m = { id: r.moduleId, title: mTitle.text, englishOnly: mTitle.en, order: r.moduleOrder, isPublished: r.modulePublished, lessons: [] }
			modules.push(m)
		}
		const lTitle = localize(lang, r.title, r.titlePt)
		m.lessons.push({
			id: r.id,
			title: lTitle.text,
			englishOnly: lTitle.en,
			lessonType: r.lessonType,
			order: r.order,
			xpValue: r.xpValue,
			durationMinutes: r.durationMinutes,
			isPublished: r.isPublished,
			status: r.status,
		})
	}
	return { ...course, modules }
}

/**
 * One lesson's body, only if it is visible along its whole chain. Both languages come back (the quiz
 * grader needs the English options whatever the learner reads); pages pick one with localizeLesson.
 */
export async function getVisibleLesson(lessonId: string, preview = false) {
	if (!isUuid(lessonId)) return null
	const db = await getDb()
	const rows = await db
		.select({
			id: l.id,
			title: l.title,
			titlePt: l.titlePt,
			lessonType: l.lessonType,
			content: l.content,
			contentPt: l.contentPt,
			xpValue: l.xpValue,
			moduleId: m.id,
			courseId: c.id,
			pathId: p.id,
		})
		.from(l)
		.innerJoin(m, eq(m.id, l.moduleId))
		.innerJoin(c, eq(c.id, m.courseId))
		.innerJoin(p, eq(p.id, c.pathId))
		.where(and(eq(l.id, lessonId), visible(l.isPublished, preview), visible(m.isPublished, preview), visible(c.isPublished, preview), visible(p.isPublished, preview)))
	return rows[0] ?? null
}

/** A lesson's title and body in the learner's language (quizzes localise per question, in lesson-view). */
export function localizeLesson<L extends { title: string; titlePt: string | null; lessonType: string; content: string | null; contentPt: string | null }>(lesson: L, lang: Language) {
	const title = localize(lang, lesson.title, lesson.titlePt)
	// Text bodies and challenge briefs have a Portuguese twin; a video is a URL and a quiz carries both languages.
	const translatable = lesson.lessonType === 'text' || lesson.lessonType === 'challenge'
	const body = translatable ? localize(lang, lesson.content ?? '', lesson.contentPt) : { text: lesson.content ?? '', en: false }
	return { ...lesson, title: title.text, content: body.text, titleEnglishOnly: title.en, bodyEnglishOnly: body.en }
}
