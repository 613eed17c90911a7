import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { learnerProgressVersion, lessons, modules, userEnrollments, userProgress, xpLedger } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { statement } from '~/lib/sql-statement.server.ts'
import { curriculum, curriculumVersionColumn, type Curriculum } from './curriculum.server.ts'
import type { OutlineLesson } from './types.ts'

// What a learner brings to the curriculum kept in memory (curriculum.server.ts): their lesson statuses,
// enrollments and XP. Each page asks for them in one statement, which also carries the curriculum's version
// (so the kept tree is checked without a query of its own) and whatever else the page needs of the learner
// (the dashboard's totals, habits and challenges): every statement costs about half a millisecond of the
// embedded database's time before it reads a row (issue 21). Rows are the learner's own, so the cost
// follows their history (at most one row per lesson), never the platform's.

export type CatalogState = {
	/** Shared with later requests while the learner's progress stands: read it, never change it. */
	completed: ReadonlySet<string>
	enrolled: Set<string>
	/** The active enrollments, oldest first (where a first visit starts). */
	enrolledInOrder: string[]
}

const NOBODY: CatalogState = { completed: new Set(), enrolled: new Set(), enrolledInOrder: [] }

/** The kept curriculum and the learner's place in it: what the catalog and dashboard reads share in one request. */
export type CatalogContext = { tree: Curriculum; learner: CatalogState }

/**
 * A learner's completed lessons, kept in this process while their learner_progress_version stands (migration
 * 0008: the number moves whenever a lesson of theirs becomes completed or stops being so, in any process).
 * Reading the whole set on every page made the dashboard of a learner with 100,000 completions six times
 * slower than one with 10; now it is read again only after it changed. Bounded by the ids kept, oldest
 * learner first out.
 */
type KeptCompletions = { version: number; ids: Set<string> }
const MAX_KEPT_IDS = 500_000
const keptCompletions = { db: null as unknown, byUser: new Map<string, KeptCompletions>(), ids: 0 }

function keptFor(db: unknown, userId: string): KeptCompletions | undefined {
	if (keptCompletions.db !== db) Object.assign(keptCompletions, { db, byUser: new Map(), ids: 0 })
	const kept = keptCompletions.byUser.get(userId)
	if (kept) {
		// Most recently used last: eviction takes from the front.
		keptCompletions.byUser.delete(userId)
		keptCompletions.byUser.set(userId, kept)
	}
	return kept
}

function keep(userId: string, version: number, ids: Set<string>) {
	const { byUser } = keptCompletions
	const old = byUser.get(userId)
	if (old) keptCompletions.ids -= old.ids.size
	byUser.delete(userId)
	byUser.set(userId, { version, ids })
	keptCompletions.ids += ids.size
	for (const [id, entry] of byUser) {
		if (keptCompletions.ids <= MAX_KEPT_IDS || id === userId) break
		byUser.delete(id)
		keptCompletions.ids -= entry.ids.size
	}
}

/** A page's own columns in the catalog statement, for the learner `userId` (a module-level function: its statement is kept by it). */
export type CatalogColumns = (userId: Placeholder) => SQL
const NO_COLUMNS: CatalogColumns = () => sql``

type CatalogRow = { version: number; progress_version: number | null; completed: string[] | null; enrolled: string[] | null }
const catalogStatements = new WeakMap<CatalogColumns, ReturnType<typeof catalogStatement>>()

function catalogStatement(columns: CatalogColumns) {
	const v = learnerProgressVersion
	// The completed ids are read only when the learner's number is not the one kept with them (the scalar
	// subquery in the CASE runs only when its branch is taken). No number (no completion since the migration,
	// or a restore emptied the table) means unknown: read, and keep nothing.
	return statement<CatalogRow, 'userId' | 'keptVersion'>(
		['userId', 'keptVersion'],
		({ userId, keptVersion }) => sql`
		WITH progress AS (SELECT ${v.version} AS version FROM ${v} WHERE ${v.userId} = ${userId})
		SELECT
			${curriculumVersionColumn} AS version,
			(SELECT version FROM progress) AS progress_version,
			CASE WHEN (SELECT version FROM progress) = ${keptVersion}::bigint THEN NULL ELSE
				(SELECT array_agg(${userProgress.lessonId}) FROM ${userProgress}
					WHERE ${userProgress.userId} = ${userId} AND ${userProgress.status} = 'completed')
			END AS completed,
			(SELECT array_agg(${userEnrollments.learningPathId} ORDER BY ${userEnrollments.createdAt}, ${userEnrollments.id}) FROM ${userEnrollments}
				WHERE ${userEnrollments.userId} = ${userId} AND ${userEnrollments.isActive}) AS enrolled
			${columns === NO_COLUMNS ? sql`` : sql`, ${columns(userId)}`}
	`,
	)
}

/**
 * The learner's completed lessons and active enrollments with the curriculum, in one round trip; `columns`
 * adds the page's own (named, comma-separated SQL), returned as `extra`. This statement's own names are
 * version, progress_version, completed and enrolled: a page's column must not reuse one.
 */
export async function catalogContext<Extra extends Record<string, unknown> = Record<string, never>>(
	userId: string,
	columns: CatalogColumns = NO_COLUMNS,
): Promise<CatalogContext & { extra: Partial<Extra> }> {
	if (!userId) return { tree: await curriculum(), learner: NOBODY, extra: {} }
	const db = await getDb()
	const kept = keptFor(db, userId)
	let run = catalogStatements.get(columns)
	if (!run) catalogStatements.set(columns, (run = catalogStatement(columns)))
	const {
		rows: [row],
	} = (await run(db, { userId, keptVersion: kept?.version ?? null })) as { rows: (CatalogRow & Extra)[] }
	const progressVersion = row?.progress_version === null || row?.progress_version === undefined ? null : Number(row.progress_version)
	let completed: Set<string>
	if (kept && progressVersion === kept.version) completed = kept.ids
	else {
		completed = new Set(row?.completed ?? [])
		if (progressVersion !== null) keep(userId, progressVersion, completed)
	}
	const tree = await curriculum(Number(row?.version ?? 0))
	const enrolledInOrder = row?.enrolled ?? []
	return {
		tree,
		learner: { completed, enrolled: new Set(enrolledInOrder), enrolledInOrder },
		extra: (row ?? {}) as Partial<Extra>,
	}
}

export type LessonState = { status: OutlineLesson['status']; xp: number }

/** A course's lessons as the learner stands in them, and the lesson they touched last (the resume point's row). */
export type CourseState = { tree: Curriculum; states: Map<string, LessonState>; latestTouched: string | null }

/**
 * Status of each lesson of the course the learner has touched, with their most recently touched lesson
 * and the curriculum's version, in one statement; `xp` adds the XP each lesson earned (the ledger's amount,
 * only the course-finished screen shows it: it doubles the statement's cost). `courseId` must be a uuid.
 */
export async function courseState(userId: string, courseId: string, opts: { xp?: boolean } = {}): Promise<CourseState> {
	const {
		rows: [row],
	} = await (opts.xp ? courseStateWithXp : courseStateOnly)(await getDb(), { userId, courseId })
	const states = new Map<string, LessonState>()
	const at = (id: string) => states.get(id) ?? states.set(id, { status: 'not_started', xp: 0 }).get(id)!
	for (const [id, status] of jsonValue<[string, LessonState['status']][]>(row?.progress, [])) at(id).status = status
	for (const [id, amount] of jsonValue<[string, number][]>(row?.xp, [])) at(id).xp += Number(amount)
	return { tree: await curriculum(Number(row?.version ?? 0)), states, latestTouched: row?.latest ?? null }
}

type CourseRow = { version: number; progress: unknown; xp?: unknown; latest: string | null }
const courseStateOnly = courseStatement(false)
const courseStateWithXp = courseStatement(true)

function courseStatement(xp: boolean) {
	const p = userProgress
	const x = xpLedger
	return statement<CourseRow, 'userId' | 'courseId'>(['userId', 'courseId'], ({ userId, courseId }) => {
		// The course's lessons by their module: no list of ids to send (50 parameters cost more than the join),
		// and no tree needed before the read. Statuses start from the learner's own rows. With the bench's
		// 1,500 lessons PostgreSQL hashes the whole lessons table for the join (about 0.1 ms, ADR 0028) rather
		// than probing it 50 times; that choice is priced on the table's size. The last column orders by the
		// expression of user_progress_user_touched_idx: one index step.
		const inCourse = sql`(SELECT ${lessons.id} FROM ${lessons} JOIN ${modules} ON ${modules.id} = ${lessons.moduleId} WHERE ${modules.courseId} = ${courseId})`
		return sql`
		SELECT
			${curriculumVersionColumn} AS version,
			(SELECT json_agg(json_build_array(${p.lessonId}, ${p.status})) FROM ${p}
				JOIN ${lessons} ON ${lessons.id} = ${p.lessonId} JOIN ${modules} ON ${modules.id} = ${lessons.moduleId}
				WHERE ${p.userId} = ${userId} AND ${modules.courseId} = ${courseId}) AS progress,
			${
				xp
					? sql`(SELECT json_agg(json_build_array(${x.sourceId}, ${x.amount})) FROM ${x}
						WHERE ${x.userId} = ${userId} AND ${x.sourceKind} = 'lesson' AND ${x.sourceId} IN (SELECT l.id::text FROM ${inCourse} l(id))) AS xp,`
					: sql``
			}
			(SELECT ${p.lessonId} FROM ${p} WHERE ${p.userId} = ${userId}
				ORDER BY greatest(${p.lastViewedAt}, ${p.completedAt}) DESC NULLS LAST LIMIT 1) AS latest
	`
	})
}
