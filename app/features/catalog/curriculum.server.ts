import { asc, eq, inArray, sql } from 'drizzle-orm'
import { courses, curriculumVersion, learningPaths, lessons, modules } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { requestContext } from '~/lib/request-context.server.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import type { Level } from './types.ts'

// Issue 21: every signed-in page read the curriculum's tree (paths > courses > modules > lessons) from the
// database again, three to five queries a page, for data that changes when an admin edits it. Each process
// now keeps the whole tree (without lesson bodies) in memory and asks the database only one question per
// use: the number in curriculum_version, which triggers raise in the same transaction as every write to the
// four tables (migration 0007). A process that sees a new number reloads the tree, so an edit made in any
// process, by the studio, an import, the CLI or a restore, is seen by every other one at its next request:
// no window, no stale page. Lesson bodies are kept the same way, one lesson at a time, as they are read.

export type PathNode = {
	id: string
	slug: string
	title: string
	titlePt: string | null
	description: string | null
	descriptionPt: string | null
	prerequisites: string | null
	prerequisitesPt: string | null
	level: Level | null
	topics: string[]
	coverUrl: string | null
	isPublished: boolean
	/** Its courses, in outline order. */
	courses: CourseNode[]
}

export type CourseNode = {
	id: string
	pathId: string
	slug: string
	title: string
	titlePt: string | null
	summary: string | null
	summaryPt: string | null
	description: string | null
	descriptionPt: string | null
	prerequisites: string | null
	prerequisitesPt: string | null
	level: Level | null
	coverUrl: string | null
	order: number
	durationMinutes: number | null
	isPublished: boolean
	modules: ModuleNode[]
}

export type ModuleNode = {
	id: string
	courseId: string
	slug: string
	title: string
	titlePt: string | null
	order: number
	isPublished: boolean
	lessons: LessonNode[]
}

export type LessonNode = {
	id: string
	moduleId: string
	slug: string
	title: string
	titlePt: string | null
	lessonType: string
	order: number
	xpValue: number
	durationMinutes: number | null
	isPublished: boolean
}

export type Curriculum = {
	version: number
	/** Every path, in catalog order (oldest first, then by title). */
	paths: PathNode[]
	path: Map<string, PathNode>
	course: Map<string, CourseNode>
	module: Map<string, ModuleNode>
	lesson: Map<string, LessonNode>
}

export type LessonBodyRow = { content: string | null; contentPt: string | null }

type Cache = {
	/** The database the tree was read from: a test that opens another one must not see this one's tree. */
	db: unknown
	tree: Curriculum | null
	loading: Promise<Curriculum> | null
	bodies: Map<string, LessonBodyRow>
	bodiesVersion: number
}

// globalThis keeps one cache per process across the dev server's module reloads.
const g = globalThis as unknown as { __curriculum?: Cache }
const cache: Cache = (g.__curriculum ??= { db: null, tree: null, loading: null, bodies: new Map(), bodiesVersion: 0 })

/**
 * The version as a column of another statement: a page's one query for its learner (learner-state.server.ts)
 * carries it, and hands it to curriculum(), which then asks nothing more when the kept tree is current.
 */
export const curriculumVersionColumn = sql<number>`(SELECT ${curriculumVersion.version} FROM ${curriculumVersion} WHERE ${curriculumVersion.id} = 1)`

/** The tree as of one snapshot: the version and the four tables read in one repeatable-read transaction. */
async function loadTree(): Promise<Curriculum> {
	const db = await getDb()
	return db.transaction(
		async (tx) => {
			const [row] = await tx.select({ version: curriculumVersion.version }).from(curriculumVersion).where(eq(curriculumVersion.id, 1))
			const pathRows = await tx
				.select({
					id: learningPaths.id,
					slug: learningPaths.slug,
					title: learningPaths.title,
					titlePt: learningPaths.titlePt,
					description: learningPaths.description,
					descriptionPt: learningPaths.descriptionPt,
					prerequisites: learningPaths.prerequisites,
					prerequisitesPt: learningPaths.prerequisitesPt,
					level: learningPaths.level,
					topics: learningPaths.topics,
					coverUrl: learningPaths.coverUrl,
					isPublished: learningPaths.isPublished,
				})
				.from(learningPaths)
				.orderBy(asc(learningPaths.createdAt), asc(learningPaths.title))
			const courseRows = await tx
				.select({
					id: courses.id,
					pathId: courses.pathId,
					slug: courses.slug,
					title: courses.title,
					titlePt: courses.titlePt,
					summary: courses.summary,
					summaryPt: courses.summaryPt,
					description: courses.description,
					descriptionPt: courses.descriptionPt,
					prerequisites: courses.prerequisites,
					prerequisitesPt: courses.prerequisitesPt,
					level: courses.level,
					coverUrl: courses.thumbnailUrl,
					order: courses.order,
					durationMinutes: courses.durationMinutes,
					isPublished: courses.isPublished,
				})
				.from(courses)
				.orderBy(asc(courses.order), asc(courses.title))
			const moduleRows = await tx
				.select({
					id: modules.id,
					courseId: modules.courseId,
					slug: modules.slug,
					title: modules.title,
					titlePt: modules.titlePt,
					order: modules.order,
					isPublished: modules.isPublished,
				})
				.from(modules)
				.orderBy(asc(modules.order), asc(modules.title))
			const lessonRows = await tx
				.select({
					id: lessons.id,
					moduleId: lessons.moduleId,
					slug: lessons.slug,
					title: lessons.title,
					titlePt: lessons.titlePt,
					lessonType: lessons.lessonType,
					order: lessons.order,
					xpValue: lessons.xpValue,
					durationMinutes: lessons.durationMinutes,
					isPublished: lessons.isPublished,
				})
				.from(lessons)
				.orderBy(asc(lessons.order), asc(lessons.title))
			return buildTree(Number(row?.version ?? 0), pathRows, courseRows, moduleRows, lessonRows)
		},
		{ isolationLevel: 'repeatable read', accessMode: 'read only' },
	)
}

type Rows<T> = (Omit<T, 'courses' | 'modules' | 'lessons' | 'level'> & { level?: string | null })[]

/** Children hang under their parents in the order the rows came (the outline order of each query above). */
export function buildTree(
	version: number,
	pathRows: Rows<PathNode>,
	courseRows: Rows<CourseNode>,
	moduleRows: Rows<ModuleNode>,
	lessonRows: Rows<LessonNode>,
): Curriculum {
	const path = new Map<string, PathNode>()
	const course = new Map<string, CourseNode>()
	const module = new Map<string, ModuleNode>()
	const lesson = new Map<string, LessonNode>()
	const paths = pathRows.map((r) => {
		const node: PathNode = { ...r, level: r.level as Level | null, topics: r.topics ?? [], courses: [] }
		path.set(node.id, node)
		return node
	})
	for (const r of courseRows) {
		const node: CourseNode = { ...r, level: r.level as Level | null, modules: [] }
		course.set(node.id, node)
		path.get(node.pathId)?.courses.push(node)
	}
	for (const r of moduleRows) {
		const node: ModuleNode = { ...r, lessons: [] }
		module.set(node.id, node)
		course.get(node.courseId)?.modules.push(node)
	}
	for (const r of lessonRows) {
		lesson.set(r.id, r)
		module.get(r.moduleId)?.lessons.push(r)
	}
	return { version, paths, path, course, module, lesson }
}

// A learner's write reads its session and the version in one statement (features/auth/session-row.server.ts):
// the first curriculum() of that request takes the version from there instead of asking again. Once only, and
// only for requests that cannot change the curriculum (not an admin's): a later read in the same request, or
// any read after a write of content, asks the database as before.
const requestVersions = new WeakMap<object, number>()

/** The version read with this request's session; the request's next curriculum() uses it instead of asking. */
export function rememberRequestVersion(version: number) {
	const request = requestContext.getStore()
	if (request) requestVersions.set(request, version)
}

function takeRequestVersion(): number | undefined {
	const request = requestContext.getStore()
	const version = request && requestVersions.get(request)
	if (version !== undefined) requestVersions.delete(request!)
	return version
}

// Asked by every action and API call that reads the curriculum without a page's statement to carry the
// version: printed once, not built by the query builder each time.
const versionNow = statement<{ version: number | string }, never>(
	[],
	() => sql`SELECT ${curriculumVersion.version} AS version FROM ${curriculumVersion} WHERE ${curriculumVersion.id} = 1`,
)

/**
 * The curriculum as the database holds it now: one small read (the version) when the kept tree is current,
 * the whole tree again when it is not. Concurrent requests that find it stale share one reload. `version`:
 * the number a caller read in its own statement (curriculumVersionColumn), which saves that small read.
 */
export async function curriculum(version?: number): Promise<Curriculum> {
	const db = await getDb()
	if (cache.db !== db) Object.assign(cache, { db, tree: null, loading: null, bodies: new Map(), bodiesVersion: 0 })
	version ??= takeRequestVersion()
	if (version === undefined) {
		const {
			rows: [row],
		} = await versionNow(db, {})
		version = Number(row?.version ?? 0)
	}
	const kept = cache.tree
	if (kept && kept.version === version) return kept
	if (!cache.loading) {
		const owner = cache.db
		const loading: Promise<Curriculum> = loadTree()
			.then((tree) => {
				// A reload that started before a newer one finished must not put the older tree back.
				if (cache.db === owner && (!cache.tree || tree.version >= cache.tree.version)) cache.tree = tree
				return tree
			})
			.finally(() => {
				if (cache.loading === loading) cache.loading = null
			})
		cache.loading = loading
	}
	const tree = await cache.loading
	// The reload began before this request's version was read: load again for a tree at least that new.
	return tree.version >= version ? tree : curriculum()
}

/**
 * The tree this process keeps, without asking whether it is current, or null when there is none yet: only for a
 * statement that checks the version itself and writes nothing when it has moved (a learner's completion, ADR 0026).
 */
export async function keptCurriculum(): Promise<Curriculum | null> {
	return cache.db === (await getDb()) ? cache.tree : null
}

/** Bodies of lessons (text, challenge brief, quiz JSON, video URL), read once per curriculum version. */
export async function lessonBodies(tree: Curriculum, ids: string[]): Promise<Map<string, LessonBodyRow>> {
	if (cache.bodiesVersion < tree.version) {
		cache.bodies = new Map()
		cache.bodiesVersion = tree.version
	}
	// A request still holding an older tree reads and fills a map that is no longer kept.
	const bodies = cache.bodiesVersion === tree.version ? cache.bodies : new Map<string, LessonBodyRow>()
	const missing = ids.filter((id) => !bodies.has(id))
	if (missing.length) {
		const db = await getDb()
		const rows = await db.select({ id: lessons.id, content: lessons.content, contentPt: lessons.contentPt }).from(lessons).where(inArray(lessons.id, missing))
		for (const r of rows) bodies.set(r.id, { content: r.content, contentPt: r.contentPt })
	}
	return new Map(ids.flatMap((id) => (bodies.has(id) ? [[id, bodies.get(id)!] as const] : [])))
}

/** Drafts are visible to admins (preview) only; learners see what is published along the whole chain. */
export const isVisible = (node: { isPublished: boolean }, preview: boolean) => preview || node.isPublished

/** The lesson with its module, course and path, when every link of the chain is visible. */
export function visibleChain(tree: Curriculum, lessonId: string, preview: boolean) {
	const lesson = tree.lesson.get(lessonId)
	const module = lesson && tree.module.get(lesson.moduleId)
	const course = module && tree.course.get(module.courseId)
	const path = course && tree.path.get(course.pathId)
	if (!lesson || !module || !course || !path) return null
	if (![lesson, module, course, path].every((n) => isVisible(n, preview))) return null
	return { lesson, module, course, path }
}

// A learner's list of each course, worked out once per kept tree (a reload makes new course nodes): the
// dashboard and catalog walk every course of every path on each page.
const publishedLessons = new WeakMap<CourseNode, readonly LessonNode[]>()

/** A course's visible lessons, in outline order. */
export function visibleLessons(course: CourseNode, preview: boolean): readonly LessonNode[] {
	const list = (p: boolean) => course.modules.filter((m) => isVisible(m, p)).flatMap((m) => m.lessons.filter((l) => isVisible(l, p)))
	if (preview) return list(true)
	let kept = publishedLessons.get(course)
	if (!kept) publishedLessons.set(course, (kept = list(false)))
	return kept
}

// Per learner's completed set (the one kept while their progress stands, learner-state.server.ts) and per
// tree: how many of each course's published lessons it holds. The dashboard and catalog count them for
// every course of every path on each page, which grew with the catalog for a learner who had done most of it.
const doneByCourse = new WeakMap<ReadonlySet<string>, WeakMap<CourseNode, number>>()

/** How many of a course's published lessons are in `completed` (a set that is never changed once made). */
export function completedIn(course: CourseNode, completed: ReadonlySet<string>): number {
	let byCourse = doneByCourse.get(completed)
	if (!byCourse) doneByCourse.set(completed, (byCourse = new WeakMap()))
	let done = byCourse.get(course)
	if (done === undefined) byCourse.set(course, (done = visibleLessons(course, false).filter((l) => completed.has(l.id)).length))
	return done
}

const publishedIds = new WeakMap<PathNode, readonly string[]>()

/** The ids of a path's published lessons (in its published courses and modules), in outline order. */
export function pathLessonIds(path: PathNode): readonly string[] {
	let ids = publishedIds.get(path)
	if (!ids) publishedIds.set(path, (ids = path.courses.filter((c) => c.isPublished).flatMap((c) => visibleLessons(c, false).map((l) => l.id))))
	return ids
}

/** How many of a path's published lessons (pathLessonIds) there are, and how many of them are in `completed`. */
export function pathLessonsDone(path: PathNode, completed: ReadonlySet<string>): { done: number; total: number } {
	let done = 0
	for (const course of path.courses) if (course.isPublished) done += completedIn(course, completed)
	return { done, total: pathLessonIds(path).length }
}
