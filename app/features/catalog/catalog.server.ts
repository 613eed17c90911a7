import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import type { Language } from '~/features/i18n/config.ts'
import { localize, localizeOptional } from './localize.ts'
import { LEVELS, type Level, type OutlineLesson, type OutlineModule, type PathCard } from './types.ts'

export type { Level, OutlineLesson, OutlineModule, PathCard }

const uuid = z.uuid()
export const isUuid = (id: string | null | undefined): id is string => uuid.safeParse(id).success

/** Drafts are visible to admins (preview) only; learners see the published chain. */
const visible = (alias: string, preview: boolean) => (preview ? sql.raw('true') : sql.raw(`${alias}.is_published`))

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
	const result = await db.execute(sql`
		WITH c AS (
			SELECT c.id, c.path_id, c.duration_minutes,
				count(l.id)::int AS lessons,
				coalesce(sum(l.duration_minutes), 0)::int AS minutes,
				count(up.id)::int AS done
			FROM courses c
			LEFT JOIN modules m ON m.course_id = c.id AND m.is_published
			LEFT JOIN lessons l ON l.module_id = m.id AND l.is_published
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId} AND up.status = 'completed'
			WHERE c.is_published
			GROUP BY c.id
		)
		SELECT p.id, p.slug, p.title, p.title_pt AS "titlePt", p.description, p.description_pt AS "descriptionPt",
			p.prerequisites, p.prerequisites_pt AS "prerequisitesPt", p.level, p.topics, p.cover_url AS "coverUrl",
			count(c.id)::int AS "courseCount",
			coalesce(sum(c.lessons), 0)::int AS "lessonCount",
			coalesce(sum(CASE WHEN c.minutes > 0 THEN c.minutes ELSE coalesce(c.duration_minutes, 0) END), 0)::int AS "totalMinutes",
			coalesce(sum(c.done), 0)::int AS "completedLessons",
			EXISTS (SELECT 1 FROM user_enrollments e WHERE e.learning_path_id = p.id AND e.user_id = ${userId} AND e.is_active) AS "isEnrolled"
		FROM learning_paths p
		JOIN c ON c.path_id = p.id
		WHERE p.is_published
		GROUP BY p.id
		ORDER BY p.created_at, p.title
		LIMIT ${opts.limit ?? 100}
	`)
	const lang = opts.lang ?? 'en-US'
	return rowsOf<PathCardRow>(result).map((r) => ({
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
export function filterPaths(paths: PathCard[], f: CatalogFilter): PathCard[] {
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
	const pathRows = rowsOf<
		Omit<PathCardRow, 'courseCount' | 'lessonCount' | 'totalMinutes' | 'completedLessons'> & { isPublished: boolean }
	>(
		await db.execute(sql`
			SELECT p.id, p.slug, p.title, p.title_pt AS "titlePt", p.description, p.description_pt AS "descriptionPt",
				p.prerequisites, p.prerequisites_pt AS "prerequisitesPt", p.level, p.topics, p.cover_url AS "coverUrl",
				p.is_published AS "isPublished",
				EXISTS (SELECT 1 FROM user_enrollments e WHERE e.learning_path_id = p.id AND e.user_id = ${userId} AND e.is_active) AS "isEnrolled"
			FROM learning_paths p WHERE p.id = ${pathId} AND ${visible('p', preview)}
		`),
	)
	const row = pathRows[0]
	if (!row) return null
	const courseRows = rowsOf<{
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
	}>(
		await db.execute(sql`
			SELECT c.id, c.slug, c.title, c.title_pt AS "titlePt", c.summary, c.summary_pt AS "summaryPt",
				c.prerequisites, c.prerequisites_pt AS "prerequisitesPt", c.level, c.thumbnail_url AS "coverUrl",
				c."order", c.is_published AS "isPublished", c.duration_minutes AS "durationMinutes",
				count(l.id)::int AS "totalLessons",
				coalesce(sum(l.duration_minutes), 0)::int AS "lessonMinutes",
				count(up.id)::int AS "completedLessons"
			FROM courses c
			LEFT JOIN modules m ON m.course_id = c.id AND ${visible('m', preview)}
			LEFT JOIN lessons l ON l.module_id = m.id AND ${visible('l', preview)}
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId} AND up.status = 'completed'
			WHERE c.path_id = ${pathId} AND ${visible('c', preview)}
			GROUP BY c.id
			ORDER BY c."order", c.title
		`),
	)
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
	const courseRows = rowsOf<{
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
	}>(
		await db.execute(sql`
			SELECT c.id, c.title, c.title_pt AS "titlePt", c.summary, c.summary_pt AS "summaryPt", c.is_published AS "isPublished",
				p.id AS "pathId", p.title AS "pathTitle", p.title_pt AS "pathTitlePt", p.is_published AS "pathPublished"
			FROM courses c JOIN learning_paths p ON p.id = c.path_id
			WHERE c.id = ${courseId} AND ${visible('c', preview)} AND ${visible('p', preview)}
		`),
	)
	const c = courseRows[0]
	if (!c) return null
	const title = localize(lang, c.title, c.titlePt)
	const summary = localizeOptional(lang, c.summary, c.summaryPt)
	const pathTitle = localize(lang, c.pathTitle, c.pathTitlePt)
	const course = {
		id: c.id,
		title: title.text,
		titleEnglishOnly: title.en,
		summary: summary?.text ?? null,
		isPublished: c.isPublished,
		pathId: c.pathId,
		pathTitle: pathTitle.text,
		pathPublished: c.pathPublished,
	}
	const rows = rowsOf<
		Omit<OutlineLesson, 'englishOnly'> & { titlePt: string | null; moduleId: string; moduleTitle: string; moduleTitlePt: string | null; moduleOrder: number; modulePublished: boolean }
	>(
		await db.execute(sql`
			SELECT m.id AS "moduleId", m.title AS "moduleTitle", m.title_pt AS "moduleTitlePt", m."order" AS "moduleOrder", m.is_published AS "modulePublished",
				l.id, l.title, l.title_pt AS "titlePt", l.lesson_type AS "lessonType", l."order", l.xp_value AS "xpValue", l.duration_minutes AS "durationMinutes",
				l.is_published AS "isPublished",
				coalesce(up.status, 'not_started') AS status
			FROM modules m
			JOIN lessons l ON l.module_id = m.id AND ${visible('l', preview)}
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId}
			WHERE m.course_id = ${courseId} AND ${visible('m', preview)}
			ORDER BY m."order", m.title, l."order", l.title
		`),
	)
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
	const rows = rowsOf<{
		id: string
		title: string
		titlePt: string | null
		lessonType: string
		content: string | null
		contentPt: string | null
		xpValue: number
		moduleId: string
		courseId: string
		pathId: string
	}>(
		await db.execute(sql`
			SELECT l.id, l.title, l.title_pt AS "titlePt", l.lesson_type AS "lessonType", l.content, l.content_pt AS "contentPt", l.xp_value AS "xpValue", m.id AS "moduleId", c.id AS "courseId", p.id AS "pathId"
			FROM lessons l
			JOIN modules m ON m.id = l.module_id
			JOIN courses c ON c.id = m.course_id
			JOIN learning_paths p ON p.id = c.path_id
			WHERE l.id = ${lessonId} AND ${visible('l', preview)} AND ${visible('m', preview)} AND ${visible('c', preview)} AND ${visible('p', preview)}
		`),
	)
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
