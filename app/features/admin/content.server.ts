import { eq, sql, type AnyColumn } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules, userProgress, xpLedger } from '#db/schema.ts'
import { writeChallenge } from '~/features/challenges/content.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { names } from '~/lib/sql-columns.ts'
import { audit, diff } from './audit.server.ts'
import type { FieldErrors } from '~/lib/field-errors.ts'
import type { ContentKind, FormOf } from './schemas.ts'

// Every content write: one transaction that locks the parent row first, so concurrent edits of
// the same siblings queue up and orders stay 1..n; the audit row is written in the same transaction.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** A content row as stored (`SELECT *`), keyed by column name: audit snapshots are recorded in these names. */
type Row = Record<string, unknown> & { id: string }

export type WriteResult = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; error: string; fields?: FieldErrors }

const TABLE = { path: learningPaths, course: courses, module: modules, lesson: lessons } as const
// `field` is the form's name for the parent column (and where a refusal points).
const PARENT = {
	course: { field: 'path_id', column: courses.pathId, table: learningPaths, error: 'admin.errors.selectPath' },
	module: { field: 'course_id', column: modules.courseId, table: courses, error: 'admin.errors.selectCourse' },
	lesson: { field: 'module_id', column: lessons.moduleId, table: modules, error: 'admin.errors.selectModule' },
} as const
type ChildKind = keyof typeof PARENT
const hasParent = (kind: ContentKind): kind is ChildKind => kind !== 'path'

// Columns each form writes as they are (order and publication are handled on their own), by form field.
const FIELDS: { [K in ContentKind]: Partial<Record<keyof FormOf<K>, PgColumn>> } = {
	path: {
		title: learningPaths.title,
		title_pt: learningPaths.titlePt,
		slug: learningPaths.slug,
		description: learningPaths.description,
		description_pt: learningPaths.descriptionPt,
		level: learningPaths.level,
		prerequisites: learningPaths.prerequisites,
		prerequisites_pt: learningPaths.prerequisitesPt,
	},
	course: {
		path_id: courses.pathId,
		title: courses.title,
		title_pt: courses.titlePt,
		slug: courses.slug,
		summary: courses.summary,
		summary_pt: courses.summaryPt,
		description: courses.description,
		description_pt: courses.descriptionPt,
		level: courses.level,
		prerequisites: courses.prerequisites,
		prerequisites_pt: courses.prerequisitesPt,
		duration_minutes: courses.durationMinutes,
		thumbnail_url: courses.thumbnailUrl,
	},
	module: {
		course_id: modules.courseId,
		title: modules.title,
		title_pt: modules.titlePt,
		slug: modules.slug,
		summary: modules.summary,
		summary_pt: modules.summaryPt,
	},
	lesson: {
		module_id: lessons.moduleId,
		title: lessons.title,
		title_pt: lessons.titlePt,
		slug: lessons.slug,
		lesson_type: lessons.lessonType,
		content: lessons.content,
		content_pt: lessons.contentPt,
		xp_value: lessons.xpValue,
		duration_minutes: lessons.durationMinutes,
		thumbnail_url: lessons.thumbnailUrl,
	},
}

/** A column's bare name, for SET targets. */
const name = (column: AnyColumn) => sql.identifier(column.name)

/** Refuse a write from inside the transaction, rolling it back. */
class Refusal extends Error {
	constructor(readonly result: Extract<WriteResult, { ok: false }>) {
		super(result.error)
	}
}
const notFound = () => new Refusal({ ok: false, status: 404, error: 'admin.errors.notFound' })

function errorCode(error: unknown): string | undefined {
	for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
		if (typeof e.code === 'string') return e.code
	}
	return undefined
}

async function run(kind: ContentKind, work: (tx: Tx) => Promise<string>, db?: Db): Promise<WriteResult> {
	const handle = db ?? (await getDb())
	try {
		return { ok: true, id: await handle.transaction(work) }
	} catch (error) {
		if (error instanceof Refusal) return error.result
		const code = errorCode(error)
		// The only unique keys on content are the slugs within a parent.
		if (code === '23505') return { ok: false, status: 409, error: 'admin.errors.slugTaken', fields: { slug: 'admin.errors.slugTaken' } }
		if (code === '23503' && hasParent(kind)) {
			const p = PARENT[kind]
			return { ok: false, status: 400, error: p.error, fields: { [p.field]: p.error } }
		}
		if (code === '40P01' || code === '40001') return { ok: false, status: 409, error: 'admin.errors.conflict' }
		throw error
	}
}

/** Lock the parent row: every write to its children goes through this, one at a time. */
async function lockParent(tx: Tx, kind: ChildKind, parentId: string) {
	const p = PARENT[kind]
	const found = await tx.select({ id: p.table.id }).from(p.table).where(eq(p.table.id, parentId)).for('update')
	if (!found.length) throw new Refusal({ ok: false, status: 400, error: p.error, fields: { [p.field]: p.error } })
}

async function siblings(tx: Tx, kind: ChildKind, parentId: string) {
	const t = TABLE[kind]
	const list = await tx.select({ id: t.id }).from(t).where(eq(PARENT[kind].column, parentId)).orderBy(t.order, t.createdAt, t.id)
	return list.map((r) => r.id)
}

/** The id of the item's parent, or undefined when there is no such item. */
async function parentOf(tx: Tx, kind: ChildKind, id: string) {
	const t = TABLE[kind]
	const [row] = await tx.select({ parent: PARENT[kind].column }).from(t).where(eq(t.id, id))
	return row?.parent
}

/** The whole row as stored (`*`), for the audit snapshots. */
async function readRow(tx: Tx, kind: ContentKind, id: string, lock = false) {
	const t = TABLE[kind]
	const { rows } = await tx.execute<Row>(sql`SELECT * FROM ${t} WHERE ${t.id} = ${id} ${lock ? sql`FOR UPDATE` : sql``}`)
	return rows[0]
}

/** Number the given siblings 1..n in this order, touching only rows whose order changes. */
async function writeOrder(tx: Tx, kind: ChildKind, ids: string[]) {
	if (!ids.length) return
	const list = sql.join(
		ids.map((id) => sql`${id}`),
		sql`, `,
	)
	const t = TABLE[kind]
	await tx.execute(sql`
		UPDATE ${t} SET ${name(t.order)} = v.ord::int
		FROM unnest(ARRAY[${list}]::uuid[]) WITH ORDINALITY AS v(id, ord)
		WHERE ${t.id} = v.id AND ${t.order} IS DISTINCT FROM v.ord::int
	`)
}

/** Insert `id` at 1-based `position` (clamped to the list). */
function placeAt(ids: string[], id: string, position: number) {
	const rest = ids.filter((x) => x !== id)
	const index = Math.min(Math.max(position - 1, 0), rest.length)
	return [...rest.slice(0, index), id, ...rest.slice(index)]
}

async function lockItem(tx: Tx, kind: ContentKind, id: string) {
	const row = await readRow(tx, kind, id, true)
	if (!row) throw notFound()
	return row
}

/** The form's values for its plain columns, as (column, value) pairs. */
function pick(kind: ContentKind, form: Record<string, unknown>): [PgColumn, unknown][] {
	return Object.entries(FIELDS[kind] as Record<string, PgColumn>).map(([field, column]) => [column, form[field] ?? null])
}

/** A lesson form's challenge data: stored beside a challenge lesson, removed when a lesson stops being one. */
async function saveChallenge(tx: Tx, kind: ContentKind, id: string, form: Record<string, unknown>) {
	if (kind !== 'lesson') return
	const f = form as FormOf<'lesson'>
	await writeChallenge(
		tx,
		id,
		f.lesson_type === 'challenge' ? { starter: f.starter_code, tests: f.tests_code, solution: f.solution_code, hints: f.hints, hintsPt: f.hints_pt } : null,
	)
}

// Left out of audit snapshots: who and when are on the audit row itself.
const UNAUDITED = new Set([lessons.createdAt, lessons.updatedAt, lessons.createdBy, lessons.updatedBy].map((c) => c.name))

function snapshot(row: Record<string, unknown>) {
	const rest = Object.fromEntries(Object.entries(row).filter(([k]) => !UNAUDITED.has(k) && k !== lessons.content.name))
	const content = row[lessons.content.name]
	return typeof content === 'string' ? { ...rest, content: content.length > 120 ? `${content.slice(0, 117)}...` : content } : rest
}

/** Create an item (published_at now when published), placed at its order among its siblings. */
export async function createItem<K extends ContentKind>(kind: K, actorId: string, form: FormOf<K>, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const t = TABLE[kind]
			const parentId = hasParent(kind) ? String((form as Record<string, unknown>)[PARENT[kind].field]) : null
			if (hasParent(kind)) await lockParent(tx, kind, parentId!)
			const values: [PgColumn, unknown][] = [...pick(kind, form), [t.isPublished, form.is_published], [t.createdBy, actorId], [t.updatedBy, actorId]]
			const {
				rows: [row],
			} = await tx.execute<Row>(sql`
				INSERT INTO ${t} (${names(...values.map(([c]) => c), t.publishedAt)})
				VALUES (${sql.join(
					values.map(([, v]) => sql`${v}`),
					sql`, `,
				)}, ${form.is_published ? sql`now()` : sql`null`})
				RETURNING *
			`)
			await saveChallenge(tx, kind, row!.id, form)
			let order = {}
			if (hasParent(kind)) {
				const ids = placeAt(await siblings(tx, kind, parentId!), row!.id, (form as { order: number }).order)
				await writeOrder(tx, kind, ids)
				order = { [TABLE[kind].order.name]: ids.indexOf(row!.id) + 1 }
			}
			await audit(tx, { actorId, entityType: kind, entityId: row!.id, action: 'create', changes: snapshot({ ...row!, ...order }) })
			return row!.id
		},
		db,
	)
}

/**
 * Save an edit. A published item keeps its first publication date (or gets now); a draft has none.
 * Changing the order (or the parent) moves the item and renumbers both sibling lists.
 */
export async function updateItem<K extends ContentKind>(kind: K, actorId: string, id: string, form: FormOf<K>, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const values = pick(kind, form)
			if (hasParent(kind)) {
				const from = await parentOf(tx, kind, id)
				if (!from) throw notFound()
				const to = String((form as Record<string, unknown>)[PARENT[kind].field])
				// Lock both parents in a fixed order so two crossing moves cannot deadlock.
				for (const p of [...new Set([from, to])].sort()) await lockParent(tx, kind, p)
				const before = await lockItem(tx, kind, id)
				if (before[PARENT[kind].column.name] !== from) throw new Refusal({ ok: false, status: 409, error: 'admin.errors.conflict' })
				await writeRow(tx, kind, id, actorId, values, form.is_published)
				await saveChallenge(tx, kind, id, form)
				if (from !== to) await writeOrder(tx, kind, await siblings(tx, kind, from).then((ids) => ids.filter((x) => x !== id)))
				const order = (form as { order: number }).order
				await writeOrder(tx, kind, placeAt(await siblings(tx, kind, to), id, order))
				const after = await readRow(tx, kind, id)
				await audit(tx, { actorId, entityType: kind, entityId: id, action: 'update', changes: diff(snapshot(before), snapshot(after!)) })
				return id
			}
			const before = await lockItem(tx, kind, id)
			await writeRow(tx, kind, id, actorId, values, form.is_published)
			const after = await readRow(tx, kind, id)
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'update', changes: diff(snapshot(before), snapshot(after!)) })
			return id
		},
		db,
	)
}

async function writeRow(tx: Tx, kind: ContentKind, id: string, actorId: string, values: [PgColumn, unknown][], published: boolean) {
	const t = TABLE[kind]
	const sets = values.map(([column, v]) => sql`${name(column)} = ${v}`)
	await tx.execute(sql`
		UPDATE ${t} SET ${sql.join(sets, sql`, `)},
			${name(t.isPublished)} = ${published},
			${name(t.publishedAt)} = ${published ? sql`coalesce(${t.publishedAt}, now())` : sql`null`},
			${name(t.updatedBy)} = ${actorId}, ${name(t.updatedAt)} = now()
		WHERE ${t.id} = ${id}
	`)
}

/** The publish switch: now when publishing (an already published item keeps its date), null when unpublishing. */
export async function setPublished(kind: ContentKind, actorId: string, id: string, published: boolean, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const t = TABLE[kind]
			const before = await lockItem(tx, kind, id)
			await tx.execute(sql`
				UPDATE ${t} SET ${name(t.isPublished)} = ${published},
					${name(t.publishedAt)} = ${published ? sql`CASE WHEN ${t.isPublished} THEN coalesce(${t.publishedAt}, now()) ELSE now() END` : sql`null`},
					${name(t.updatedBy)} = ${actorId}, ${name(t.updatedAt)} = now()
				WHERE ${t.id} = ${id}
			`)
			await audit(tx, {
				actorId,
				entityType: kind,
				entityId: id,
				action: published ? 'publish' : 'unpublish',
				changes: { [t.isPublished.name]: { from: before[t.isPublished.name], to: published } },
			})
			return id
		},
		db,
	)
}

/** Delete an item (the database cascades to its children and learners' progress; their lesson XP goes too) and close the gap in its siblings' order. */
export async function deleteItem(kind: ContentKind, actorId: string, id: string, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const t = TABLE[kind]
			let parentId: string | null = null
			if (hasParent(kind)) {
				const parent = await parentOf(tx, kind, id)
				if (!parent) throw notFound()
				parentId = parent
				await lockParent(tx, kind, parentId)
			}
			const before = await lockItem(tx, kind, id)
			const removed = await descendants(tx, kind, id)
			// Progress rows cascade with the lessons; the XP they earned goes too, so totals match what is left.
			await tx.execute(sql`
				DELETE FROM ${xpLedger} WHERE ${xpLedger.sourceKind} = 'lesson'
					AND ${xpLedger.sourceId} IN (SELECT ${lessons.id}::text FROM ${lessons} WHERE ${lessonsUnder(kind, id)})
			`)
			await tx.execute(sql`DELETE FROM ${t} WHERE ${t.id} = ${id}`)
			if (hasParent(kind) && parentId) await writeOrder(tx, kind, await siblings(tx, kind, parentId))
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'delete', changes: { ...snapshot(before), removed } })
			return id
		},
		db,
	)
}

/** A condition on `lessons` selecting the lessons inside the item. */
function lessonsUnder(kind: ContentKind, id: string) {
	return {
		path: sql`${lessons.moduleId} IN (SELECT ${modules.id} FROM ${modules} JOIN ${courses} ON ${courses.id} = ${modules.courseId} WHERE ${courses.pathId} = ${id})`,
		course: sql`${lessons.moduleId} IN (SELECT ${modules.id} FROM ${modules} WHERE ${modules.courseId} = ${id})`,
		module: sql`${lessons.moduleId} = ${id}`,
		lesson: sql`${lessons.id} = ${id}`,
	}[kind]
}

/** What a delete takes with it, by kind of row; recorded on the audit row. */
async function descendants(tx: Tx, kind: ContentKind, id: string) {
	const [c, m, l, up] = [courses, modules, lessons, userProgress]
	const query = {
		path: sql`SELECT
			(SELECT count(*)::int FROM ${c} WHERE ${c.pathId} = ${id}) AS courses,
			(SELECT count(*)::int FROM ${m} JOIN ${c} ON ${c.id} = ${m.courseId} WHERE ${c.pathId} = ${id}) AS modules,
			(SELECT count(*)::int FROM ${l} JOIN ${m} ON ${m.id} = ${l.moduleId} JOIN ${c} ON ${c.id} = ${m.courseId} WHERE ${c.pathId} = ${id}) AS lessons`,
		course: sql`SELECT
			(SELECT count(*)::int FROM ${m} WHERE ${m.courseId} = ${id}) AS modules,
			(SELECT count(*)::int FROM ${l} JOIN ${m} ON ${m.id} = ${l.moduleId} WHERE ${m.courseId} = ${id}) AS lessons`,
		module: sql`SELECT (SELECT count(*)::int FROM ${l} WHERE ${l.moduleId} = ${id}) AS lessons`,
		lesson: sql`SELECT (SELECT count(*)::int FROM ${up} WHERE ${up.lessonId} = ${id}) AS progress`,
	}[kind]
	const {
		rows: [counts],
	} = await tx.execute<Record<string, number>>(query)
	return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]))
}

/** Swap an item with its neighbour above (-1) or below (+1); at either end nothing changes. */
export async function moveItem(kind: ChildKind, actorId: string, id: string, direction: -1 | 1, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const t = TABLE[kind]
			const parent = await parentOf(tx, kind, id)
			if (!parent) throw notFound()
			await lockParent(tx, kind, parent)
			const before = await lockItem(tx, kind, id)
			const ids = await siblings(tx, kind, parent)
			const from = ids.indexOf(id)
			const to = from + direction
			if (from < 0 || to < 0 || to >= ids.length) {
				// Still renumber: a list with gaps (from an older import) is mended by any move.
				await writeOrder(tx, kind, ids)
				return id
			}
			;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
			await writeOrder(tx, kind, ids)
			await tx.execute(sql`UPDATE ${t} SET ${name(t.updatedBy)} = ${actorId}, ${name(t.updatedAt)} = now() WHERE ${t.id} = ${id}`)
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'move', changes: { [t.order.name]: { from: before[t.order.name], to: to + 1 } } })
			return id
		},
		db,
	)
}

/** Renumber every sibling list under the given parents to 1..n, keeping their relative order. */
export async function normalizeOrder(tx: Tx, kind: ChildKind, parentIds: string[]) {
	if (!parentIds.length) return
	const list = sql.join(
		parentIds.map((id) => sql`${id}`),
		sql`, `,
	)
	const t = TABLE[kind]
	const column = PARENT[kind].column
	// The inner SELECT reads the same table in its own scope; outside it, the table's name is the row being updated.
	await tx.execute(sql`
		UPDATE ${t} SET ${name(t.order)} = r.rn::int
		FROM (
			SELECT ${t.id} AS id, row_number() OVER (PARTITION BY ${column} ORDER BY ${t.order}, ${t.createdAt}, ${t.id}) AS rn
			FROM ${t} WHERE ${column} = ANY(ARRAY[${list}]::uuid[])
		) r
		WHERE ${t.id} = r.id AND ${t.order} IS DISTINCT FROM r.rn::int
	`)
}
