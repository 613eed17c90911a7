import { z } from 'zod'
import type { Language } from '~/features/i18n/config.ts'
import { localize, localizeOptional } from './localize.ts'
import { LEVELS, type CourseSummary, type Level, type OutlineLesson, type OutlineModule, type OutlineSection, type PathCard } from './types.ts'
import {
	completedIn,
	curriculum,
	isVisible,
	lessonBodies,
	visibleChain,
	visibleLessons,
	type CourseNode,
	type Curriculum,
	type LessonNode,
	type PathNode,
} from './curriculum.server.ts'
import { catalogContext, courseState, type CatalogContext, type LessonState } from './learner-state.server.ts'

export type { Level, OutlineLesson, OutlineModule, PathCard }

const uuid = z.uuid()
export const isUuid = (id: string | null | undefined): id is string => uuid.safeParse(id).success

/** Pick the learner's language for a path's texts; flag any English fallback. */
function localizedPath(lang: Language, r: Pick<PathNode, 'title' | 'titlePt' | 'description' | 'descriptionPt' | 'prerequisites' | 'prerequisitesPt'>) {
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

/** A course's minutes: its lessons' own estimates, else the course's. */
function courseMinutes(course: CourseNode, lessons: readonly LessonNode[]) {
	const lessonMinutes = lessons.reduce((n, l) => n + (l.durationMinutes ?? 0), 0)
	return lessonMinutes > 0 ? lessonMinutes : (course.durationMinutes ?? 0)
}

// A published course's minutes, summed once per kept tree (a reload makes new course nodes), as its lesson list
// and done counts are (curriculum.server.ts): the dashboard sums every lesson of every course on each page,
// 3 % of a kept dashboard's main thread for 1,500 lessons.
const publishedMinutes = new WeakMap<CourseNode, number>()
function publishedCourseMinutes(course: CourseNode) {
	let minutes = publishedMinutes.get(course)
	if (minutes === undefined) publishedMinutes.set(course, (minutes = courseMinutes(course, visibleLessons(course, false))))
	return minutes
}

/** A course's published lessons (drafts too in a preview), their minutes and how many the learner completed. */
function courseFacts(course: CourseNode, preview: boolean, completed: ReadonlySet<string>) {
	const list = visibleLessons(course, preview)
	return {
		lessons: list.length,
		minutes: preview ? courseMinutes(course, list) : publishedCourseMinutes(course),
		done: preview ? list.filter((l) => completed.has(l.id)).length : completedIn(course, completed),
	}
}

/**
 * Published paths that hold at least one published course, with their facts (published lessons, minutes:
 * the lessons' own estimates, else the course's) and the learner's enrollment and progress: the kept
 * curriculum and one query for the learner.
 */
export async function listAvailablePaths(userId: string, opts: { limit?: number; lang?: Language; context?: CatalogContext } = {}): Promise<PathCard[]> {
	const { tree, learner } = opts.context ?? (await catalogContext(userId))
	const lang = opts.lang ?? 'en-US'
	const cards: PathCard[] = []
	for (const path of tree.paths) {
		if (!path.isPublished) continue
		const facts = path.courses.filter((c) => c.isPublished).map((c) => courseFacts(c, false, learner.completed))
		if (!facts.length) continue
		cards.push({
			id: path.id,
			slug: path.slug,
			...localizedPath(lang, path),
			level: path.level,
			topics: path.topics,
			coverUrl: path.coverUrl,
			courseCount: facts.length,
			lessonCount: facts.reduce((n, f) => n + f.lessons, 0),
			totalMinutes: facts.reduce((n, f) => n + f.minutes, 0),
			completedLessons: facts.reduce((n, f) => n + f.done, 0),
			isEnrolled: learner.enrolled.has(path.id),
		})
		if (cards.length >= (opts.limit ?? 100)) break
	}
	return cards
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

const fold = (s: string) =>
	s
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()

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

/**
 * A path with its courses in order, their facts and the learner's progress per course, in the learner's language;
 * `context` when the page read the learner's catalog statement with columns of its own.
 */
export async function getPathOverview(pathId: string, userId: string, preview = false, lang: Language = 'en-US', context?: CatalogContext) {
	if (!isUuid(pathId)) return null
	const { tree, learner } = context ?? (await catalogContext(userId))
	const row = tree.path.get(pathId)
	if (!row || !isVisible(row, preview)) return null
	const courses: CourseProgress[] = row.courses
		.filter((c) => isVisible(c, preview))
		.map((c) => {
			const facts = courseFacts(c, preview, learner.completed)
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
				totalLessons: facts.lessons,
				totalMinutes: facts.minutes,
				completedLessons: facts.done,
			}
		})
	return {
		id: row.id,
		slug: row.slug,
		...localizedPath(lang, row),
		level: row.level,
		topics: row.topics,
		coverUrl: row.coverUrl,
		isPublished: row.isPublished,
		isEnrolled: learner.enrolled.has(row.id),
		totalMinutes: courses.reduce((n, c) => n + c.totalMinutes, 0),
		courses,
	}
}

/** The course and its path when both are visible, with the course's visible lessons in outline order. */
function visibleCourse(tree: Curriculum, courseId: string, preview: boolean) {
	const course = isUuid(courseId) ? tree.course.get(courseId) : undefined
	const path = course && tree.path.get(course.pathId)
	if (!course || !path || !isVisible(course, preview) || !isVisible(path, preview)) return null
	return { course, path, lessons: visibleLessons(course, preview) }
}

/** The outline (no lesson bodies) in the learner's language, each lesson with the learner's status. */
function outlineOf(found: NonNullable<ReturnType<typeof visibleCourse>>, states: Map<string, LessonState>, preview: boolean, lang: Language) {
	const { course, path } = found
	const title = localize(lang, course.title, course.titlePt)
	const summary = localizeOptional(lang, course.summary, course.summaryPt)
	const modules: OutlineModule[] = course.modules
		.filter((m) => isVisible(m, preview))
		.map((m) => {
			const mTitle = localize(lang, m.title, m.titlePt)
			const lessons = m.lessons
				.filter((l) => isVisible(l, preview))
				.map((l): OutlineLesson => {
					const lTitle = localize(lang, l.title, l.titlePt)
					return {
						id: l.id,
						title: lTitle.text,
						englishOnly: lTitle.en,
						lessonType: l.lessonType,
						order: l.order,
						xpValue: l.xpValue,
						durationMinutes: l.durationMinutes,
						isPublished: l.isPublished,
						status: states.get(l.id)?.status ?? 'not_started',
					}
				})
			return { id: m.id, title: mTitle.text, englishOnly: mTitle.en, order: m.order, isPublished: m.isPublished, lessons }
		})
		// A module shows when it has a visible lesson (the outline is read lesson by lesson).
		.filter((m) => m.lessons.length > 0)
	return {
		id: course.id,
		title: title.text,
		titleEnglishOnly: title.en,
		summary: summary?.text ?? null,
		isPublished: course.isPublished,
		pathId: path.id,
		pathTitle: localize(lang, path.title, path.titlePt).text,
		pathPublished: path.isPublished,
		modules,
	}
}

/**
 * What the course player shows: the outline with the learner's statuses and the course's standing (its XP
 * when `xp` asks), and the lesson the learner touched last (a view of it needs no write); one query.
 */
export async function learnerCourse(courseId: string, userId: string, preview = false, lang: Language = 'en-US', opts: { xp?: boolean } = {}) {
	if (!isUuid(courseId)) return null
	const { tree, states, latestTouched } = await courseState(userId, courseId, opts)
	const found = visibleCourse(tree, courseId, preview)
	if (!found) return null
	const lessons = found.lessons
	const courses = found.path.courses
	const next = courses.slice(courses.indexOf(found.course) + 1).find((c) => isVisible(c, preview)) ?? null
	const summary: CourseSummary = {
		total: lessons.length,
		done: lessons.filter((l) => states.get(l.id)?.status === 'completed').length,
		xp: opts.xp ? lessons.reduce((n, l) => n + (states.get(l.id)?.xp ?? 0), 0) : null,
		next: next && { id: next.id, title: next.title },
		minutes: Object.fromEntries(lessons.filter((l) => l.durationMinutes !== null).map((l) => [l.id, l.durationMinutes!])),
	}
	return { outline: outlineOf(found, states, preview, lang), summary, tree, latestTouched }
}

/**
 * The outline as the course player sends it: only what its rows draw. A long course has 50 rows, and every
 * field of each is encoded into the page's hydration data on every request, kept page or not (issue 21).
 */
export function outlineSections(modules: OutlineModule[]): OutlineSection[] {
	return modules.map((m) => ({
		id: m.id,
		title: m.title,
		isPublished: m.isPublished,
		lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, lessonType: l.lessonType, isPublished: l.isPublished, status: l.status })),
	}))
}

/** The course player's outline (no lesson bodies) with the learner's status per lesson, in the learner's language. */
export async function getCourseOutline(courseId: string, userId: string, preview = false, lang: Language = 'en-US') {
	return (await learnerCourse(courseId, userId, preview, lang))?.outline ?? null
}

/**
 * A lesson and the ids of its chain, only if it is visible along the whole chain: from the kept curriculum,
 * without its body. A completion needs no more, and reading the body of a lesson the learner never opened
 * was a statement of its own on every such completion.
 */
export async function findVisibleLesson(lessonId: string, preview = false, kept?: Curriculum) {
	if (!isUuid(lessonId)) return null
	const tree = kept ?? (await curriculum())
	const chain = visibleChain(tree, lessonId, preview)
	if (!chain) return null
	const { lesson, module, course, path } = chain
	return {
		id: lesson.id,
		title: lesson.title,
		titlePt: lesson.titlePt,
		lessonType: lesson.lessonType,
		xpValue: lesson.xpValue,
		moduleId: module.id,
		courseId: course.id,
		pathId: path.id,
		// The curriculum it was found in: what follows in the same request (a completion's certificate check)
		// reads the same version instead of asking for it again.
		curriculumVersion: tree.version,
	}
}

/** A lesson as findVisibleLesson found it: visible along its chain, without its body. */
export type FoundLesson = NonNullable<Awaited<ReturnType<typeof findVisibleLesson>>>

/**
 * One lesson with its body, only if it is visible along its whole chain. Both languages come back (the quiz
 * grader needs the English options whatever the learner reads); pages pick one with localizeLesson.
 */
export async function getVisibleLesson(lessonId: string, preview = false, kept?: Curriculum) {
	if (!isUuid(lessonId)) return null
	const tree = kept ?? (await curriculum())
	const found = await findVisibleLesson(lessonId, preview, tree)
	const body = found && (await lessonBodies(tree, [lessonId])).get(lessonId)
	if (!found || !body) return null
	return { ...found, content: body.content, contentPt: body.contentPt }
}

/** A lesson as getVisibleLesson found it: visible along its chain, with its body. */
export type VisibleLesson = NonNullable<Awaited<ReturnType<typeof getVisibleLesson>>>

/** A lesson's title and body in the learner's language (quizzes localise per question, in lesson-view). */
export function localizeLesson<L extends { title: string; titlePt: string | null; lessonType: string; content: string | null; contentPt: string | null }>(
	lesson: L,
	lang: Language,
) {
	const title = localize(lang, lesson.title, lesson.titlePt)
	// Text bodies and challenge briefs have a Portuguese twin; a video is a URL and a quiz carries both languages.
	const translatable = lesson.lessonType === 'text' || lesson.lessonType === 'challenge'
	const body = translatable ? localize(lang, lesson.content ?? '', lesson.contentPt) : { text: lesson.content ?? '', en: false }
	return { ...lesson, title: title.text, content: body.text, titleEnglishOnly: title.en, bodyEnglishOnly: body.en }
}
