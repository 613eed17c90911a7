import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { writeChallenge } from '~/features/challenges/content.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { audit, diff } from './audit.server.ts'
import type { FieldErrors } from '~/lib/field-errors.ts'
import type { ContentKind, FormOf } from './schemas.ts'

// Every content write: one transaction that locks the parent row first, so concurrent edits of
// the same siblings queue up and orders stay 1..n; the audit row is written in the same transaction.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Row = Record<string, unknown> & { id: string; order?: number; is_published: boolean; published_at: Date | null }

export type WriteResult = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; error: string; fields?: FieldErrors }

const TABLE: Record<ContentKind, string> = { path: 'learning_paths', course: 'courses', module: 'modules', lesson: 'lessons' }
const PARENT = {
	course: { column: 'path_id', table: 'learning_paths', error: 'admin.errors.selectPath' },
	module: { column: 'course_id', table: 'courses', error: 'admin.errors.selectCourse' },
	lesson: { column: 'module_id', table: 'modules', error: 'admin.errors.selectModule' },
} as const
type ChildKind = keyof typeof PARENT
const hasParent = (kind: ContentKind): kind is ChildKind => kind !== 'path'

// Columns each form writes as they are (order and publication are handled on their own).
const FIELDS: Record<ContentKind, string[]> = {
	path: ['title', 'title_pt', 'slug', 'description', 'description_pt', 'level', 'prerequisites', 'prerequisites_pt'],
	course: [
		'path_id',
		'title',
		'title_pt',
		'slug',
		'summary',
		'summary_pt',
		'description',
		'description_pt',
		'level',
		'prerequisites',
		'prerequisites_pt',
		'duration_minutes',
		'thumbnail_url',
	],
	module: ['course_id', 'title', 'title_pt', 'slug', 'summary', 'summary_pt'],
	lesson: ['module_id', 'title', 'title_pt', 'slug', 'lesson_type', 'content', 'content_pt', 'xp_value', 'duration_minutes', 'thumbnail_url'],
}

const table = (kind: ContentKind) => sql.raw(TABLE[kind])
const ident = (name: string) => sql.identifier(name)

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
			return { ok: false, status: 400, error: p.error, fields: { [p.column]: p.error } }
		}
		if (code === '40P01' || code === '40001') return { ok: false, status: 409, error: 'admin.errors.conflict' }
		throw error
	}
}

async function rows<T>(tx: Tx, query: SQL) {
	return rowsOf<T>(await tx.execute(query))
}

/** Lock the parent row: every write to its children goes through this, one at a time. */
async function lockParent(tx: Tx, kind: ChildKind, parentId: string) {
	const p = PARENT[kind]
	const found = await rows(tx, sql`SELECT id FROM ${sql.raw(p.table)} WHERE id = ${parentId} FOR UPDATE`)
	if (!found.length) throw new Refusal({ ok: false, status: 400, error: p.error, fields: { [p.column]: p.error } })
}

async function siblings(tx: Tx, kind: ChildKind, parentId: string) {
	const list = await rows<{ id: string }>(
		tx,
		sql`SELECT id FROM ${table(kind)} WHERE ${ident(PARENT[kind].column)} = ${parentId} ORDER BY "order", created_at, id`,
	)
	return list.map((r) => r.id)
}

/** Number the given siblings 1..n in this order, touching only rows whose order changes. */
async function writeOrder(tx: Tx, kind: ChildKind, ids: string[]) {
	if (!ids.length) return
	const list = sql.join(
		ids.map((id) => sql`${id}`),
		sql`, `,
	)
	await tx.execute(sql`
		UPDATE ${table(kind)} AS t SET "order" = v.ord::int
		FROM unnest(ARRAY[${list}]::uuid[]) WITH ORDINALITY AS v(id, ord)
		WHERE t.id = v.id AND t."order" IS DISTINCT FROM v.ord::int
	`)
}

/** Insert `id` at 1-based `position` (clamped to the list). */
function placeAt(ids: string[], id: string, position: number) {
	const rest = ids.filter((x) => x !== id)
	const index = Math.min(Math.max(position - 1, 0), rest.length)
	return [...rest.slice(0, index), id, ...rest.slice(index)]
}

async function lockItem(tx: Tx, kind: ContentKind, id: string) {
	const [row] = await rows<Row>(tx, sql`SELECT * FROM ${table(kind)} WHERE id = ${id} FOR UPDATE`)
	if (!row) throw notFound()
	return row
}

function pick(kind: ContentKind, values: Record<string, unknown>) {
	return Object.fromEntries(FIELDS[kind].map((k) => [k, values[k] ?? null]))
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

function snapshot(row: Record<string, unknown>) {
	const { content, created_at: _c, updated_at: _u, created_by: _cb, updated_by: _ub, ...rest } = row
	return typeof content === 'string' ? { ...rest, content: content.length > 120 ? `${content.slice(0, 117)}...` : content } : rest
}

/** Create an item (published_at now when published), placed at its order among its siblings. */
export async function createItem<K extends ContentKind>(kind: K, actorId: string, form: FormOf<K>, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const values = pick(kind, form)
			const parentId = hasParent(kind) ? String(values[PARENT[kind].column]) : null
			if (hasParent(kind)) await lockParent(tx, kind, parentId!)
			const columns = { ...values, is_published: form.is_published, created_by: actorId, updated_by: actorId }
			const keys = Object.keys(columns)
			const [row] = await rows<Row>(
				tx,
				sql`
					INSERT INTO ${table(kind)} (${sql.join(keys.map(ident), sql`, `)}, published_at)
					VALUES (${sql.join(
						keys.map((k) => sql`${columns[k as keyof typeof columns]}`),
						sql`, `,
					)}, ${form.is_published ? sql`now()` : sql`null`})
					RETURNING *
				`,
			)
			await saveChallenge(tx, kind, row!.id, form)
			let order: number | undefined
			if (hasParent(kind)) {
				const ids = placeAt(await siblings(tx, kind, parentId!), row!.id, (form as { order: number }).order)
				await writeOrder(tx, kind, ids)
				order = ids.indexOf(row!.id) + 1
			}
			await audit(tx, { actorId, entityType: kind, entityId: row!.id, action: 'create', changes: snapshot({ ...row!, ...(order ? { order } : {}) }) })
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
				const column = PARENT[kind].column
				const [peek] = await rows<Record<string, string>>(tx, sql`SELECT ${ident(column)} AS parent FROM ${table(kind)} WHERE id = ${id}`)
				if (!peek) throw notFound()
				const from = peek.parent!
				const to = String(values[column])
				// Lock both parents in a fixed order so two crossing moves cannot deadlock.
				for (const p of [...new Set([from, to])].sort()) await lockParent(tx, kind, p)
				const before = await lockItem(tx, kind, id)
				if (before[column] !== from) throw new Refusal({ ok: false, status: 409, error: 'admin.errors.conflict' })
				await writeRow(tx, kind, id, actorId, values, form.is_published)
				await saveChallenge(tx, kind, id, form)
				if (from !== to) await writeOrder(tx, kind, await siblings(tx, kind, from).then((ids) => ids.filter((x) => x !== id)))
				const order = (form as { order: number }).order
				await writeOrder(tx, kind, placeAt(await siblings(tx, kind, to), id, order))
				const [after] = await rows<Row>(tx, sql`SELECT * FROM ${table(kind)} WHERE id = ${id}`)
				await audit(tx, { actorId, entityType: kind, entityId: id, action: 'update', changes: diff(snapshot(before), snapshot(after!)) })
				return id
			}
			const before = await lockItem(tx, kind, id)
			await writeRow(tx, kind, id, actorId, values, form.is_published)
			const [after] = await rows<Row>(tx, sql`SELECT * FROM ${table(kind)} WHERE id = ${id}`)
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'update', changes: diff(snapshot(before), snapshot(after!)) })
			return id
		},
		db,
	)
}

async function writeRow(tx: Tx, kind: ContentKind, id: string, actorId: string, values: Record<string, unknown>, published: boolean) {
	const sets = Object.entries(values).map(([k, v]) => sql`${ident(k)} = ${v}`)
	await tx.execute(sql`
		UPDATE ${table(kind)} SET ${sql.join(sets, sql`, `)},
			is_published = ${published},
			published_at = ${published ? sql`coalesce(published_at, now())` : sql`null`},
			updated_by = ${actorId}, updated_at = now()
		WHERE id = ${id}
	`)
}

/** The publish switch: now when publishing (an already published item keeps its date), null when unpublishing. */
export async function setPublished(kind: ContentKind, actorId: string, id: string, published: boolean, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const before = await lockItem(tx, kind, id)
			await tx.execute(sql`
				UPDATE ${table(kind)} SET is_published = ${published},
					published_at = ${published ? sql`CASE WHEN is_published THEN coalesce(published_at, now()) ELSE now() END` : sql`null`},
					updated_by = ${actorId}, updated_at = now()
				WHERE id = ${id}
			`)
			await audit(tx, {
				actorId,
				entityType: kind,
				entityId: id,
				action: published ? 'publish' : 'unpublish',
				changes: { is_published: { from: before.is_published, to: published } },
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
			let parentId: string | null = null
			if (hasParent(kind)) {
				const [peek] = await rows<{ parent: string }>(tx, sql`SELECT ${ident(PARENT[kind].column)} AS parent FROM ${table(kind)} WHERE id = ${id}`)
				if (!peek) throw notFound()
				parentId = peek.parent
				await lockParent(tx, kind, parentId)
			}
			const before = await lockItem(tx, kind, id)
			const removed = await descendants(tx, kind, id)
			// Progress rows cascade with the lessons; the XP they earned goes too, so totals match what is left.
			await tx.execute(sql`
				DELETE FROM xp_ledger WHERE source_kind = 'lesson' AND source_id IN (SELECT id::text FROM lessons l WHERE ${lessonsUnder(kind, id)})
			`)
			await tx.execute(sql`DELETE FROM ${table(kind)} WHERE id = ${id}`)
			if (hasParent(kind) && parentId) await writeOrder(tx, kind, await siblings(tx, kind, parentId))
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'delete', changes: { ...snapshot(before), removed } })
			return id
		},
		db,
	)
}

/** A condition on lessons `l` selecting the lessons inside the item. */
function lessonsUnder(kind: ContentKind, id: string) {
	return {
		path: sql`l.module_id IN (SELECT m.id FROM modules m JOIN courses c ON c.id = m.course_id WHERE c.path_id = ${id})`,
		course: sql`l.module_id IN (SELECT m.id FROM modules m WHERE m.course_id = ${id})`,
		module: sql`l.module_id = ${id}`,
		lesson: sql`l.id = ${id}`,
	}[kind]
}

async function descendants(tx: Tx, kind: ContentKind, id: string) {
	const query = {
		path: sql`SELECT
			(SELECT count(*)::int FROM courses c WHERE c.path_id = ${id}) AS courses,
			(SELECT count(*)::int FROM modules m JOIN courses c ON c.id = m.course_id WHERE c.path_id = ${id}) AS modules,
			(SELECT count(*)::int FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id WHERE c.path_id = ${id}) AS lessons`,
		course: sql`SELECT
			(SELECT count(*)::int FROM modules m WHERE m.course_id = ${id}) AS modules,
			(SELECT count(*)::int FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.course_id = ${id}) AS lessons`,
		module: sql`SELECT (SELECT count(*)::int FROM lessons l WHERE l.module_id = ${id}) AS lessons`,
		lesson: sql`SELECT (SELECT count(*)::int FROM user_progress p WHERE p.lesson_id = ${id}) AS progress`,
	}[kind]
	const [counts] = await rows<Record<string, number>>(tx, query)
	return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]))
}

/** Swap an item with its neighbour above (-1) or below (+1); at either end nothing changes. */
export async function moveItem(kind: ChildKind, actorId: string, id: string, direction: -1 | 1, db?: Db) {
	return run(
		kind,
		async (tx) => {
			const [peek] = await rows<{ parent: string }>(tx, sql`SELECT ${ident(PARENT[kind].column)} AS parent FROM ${table(kind)} WHERE id = ${id}`)
			if (!peek) throw notFound()
			await lockParent(tx, kind, peek.parent)
			const before = await lockItem(tx, kind, id)
			const ids = await siblings(tx, kind, peek.parent)
			const from = ids.indexOf(id)
			const to = from + direction
			if (from < 0 || to < 0 || to >= ids.length) {
				// Still renumber: a list with gaps (from an older import) is mended by any move.
				await writeOrder(tx, kind, ids)
				return id
			}
			;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
			await writeOrder(tx, kind, ids)
			await tx.execute(sql`UPDATE ${table(kind)} SET updated_by = ${actorId}, updated_at = now() WHERE id = ${id}`)
			await audit(tx, { actorId, entityType: kind, entityId: id, action: 'move', changes: { order: { from: before.order, to: to + 1 } } })
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
	const column = ident(PARENT[kind].column)
	await tx.execute(sql`
		UPDATE ${table(kind)} AS t SET "order" = r.rn::int
		FROM (
			SELECT id, row_number() OVER (PARTITION BY ${column} ORDER BY "order", created_at, id) AS rn
			FROM ${table(kind)} WHERE ${column} = ANY(ARRAY[${list}]::uuid[])
		) r
		WHERE t.id = r.id AND t."order" IS DISTINCT FROM r.rn::int
	`)
}
