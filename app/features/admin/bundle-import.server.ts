import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { auditLog, courses, learningPaths, lessons, modules } from '#db/schema.ts'
import { ContentErrors, readContentTree, type ContentIssue, type PathFile } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { names } from '~/lib/sql-columns.ts'
import { normalizeOrder } from './content.server.ts'
import type { BundleFile } from './bundle-export.server.ts'
import { BundleError, unpackZip } from './bundle-zip.server.ts'
import type { ImportItem, ImportPreview } from './types.ts'

type Executor = Pick<Db, 'execute'>
type Kind = ImportItem['kind']

/** Write the files under their common root (a zipped content/ folder may have one wrapper folder) and read them as a tree. */
export async function readBundleFiles(files: BundleFile[]): Promise<PathFile[]> {
	const roots = new Set(files.filter((f) => f.path.split('/').at(-1) === '_path.md').map((f) => f.path.split('/').slice(0, -2).join('/')))
	if (roots.size === 0) throw new BundleError('empty')
	if (roots.size > 1) throw new BundleError('invalid', 'learning paths must all sit in one folder')
	const root = [...roots][0]!
	const prefix = root ? `${root}/` : ''
	const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'learnchain-import-'))
	try {
		for (const f of files) {
			if (!f.path.startsWith(prefix)) continue
			const target = path.join(dir, f.path.slice(prefix.length))
			// Names were checked when unzipping; this guards any other caller.
			if (!target.startsWith(dir + path.sep)) throw new BundleError('unsafe', f.path)
			await fs.mkdir(path.dirname(target), { recursive: true })
			await fs.writeFile(target, f.text)
		}
		return await readTree(dir, dir)
	} finally {
		await fs.rm(dir, { recursive: true, force: true })
	}
}

/** Read and check a content folder; problems name the offending file, relative to the folder. */
export async function readTree(dir: string, hide = dir): Promise<PathFile[]> {
	let tree: PathFile[]
	try {
		tree = await readContentTree(dir)
	} catch (error) {
		if (error instanceof ContentErrors) throw new BundleError('invalid', '', error.issues)
		const message = error instanceof Error ? error.message : String(error)
		throw new BundleError('invalid', message.split(hide + path.sep).join(''))
	}
	if (!tree.length) throw new BundleError('empty')
	const problems = quizProblems(tree)
	if (problems.length) throw new BundleError('invalid', '', problems)
	return tree
}

/** Quizzes the file reader lets through but learners could not take (answer not an option, duplicate options). */
function quizProblems(tree: PathFile[]) {
	const out: ContentIssue[] = []
	const pad = (n: number) => String(n).padStart(2, '0')
	for (const p of tree)
		for (const c of p.courses)
			for (const m of c.modules)
				for (const l of m.lessons) {
					if (l.type !== 'quiz') continue
					const quiz = parseQuiz(l.quiz ?? [])
					// The file as the author named it (order numbers may lack their leading zero; close enough to find it).
					const file = `${p.slug}/${pad(c.order)}-${c.slug}/${pad(m.order)}-${m.slug}/${pad(l.order)}-${l.slug}.md`
					if (!quiz.ok) out.push({ file, field: `quiz.${quiz.index ?? 0}`, rule: `quiz.${quiz.problem}` })
					else if (!quiz.questions.length) out.push({ file, field: 'quiz', rule: 'quiz.empty' })
				}
	return out
}

/** Every item of the tree with its key (slugs from the path down), in import order. */
function treeItems(tree: PathFile[]) {
	const items: { kind: Kind; key: string; title: string }[] = []
	for (const p of tree) {
		items.push({ kind: 'path', key: p.slug, title: p.title })
		for (const c of p.courses) {
			items.push({ kind: 'course', key: `${p.slug}/${c.slug}`, title: c.title })
			for (const m of c.modules) {
				items.push({ kind: 'module', key: `${p.slug}/${c.slug}/${m.slug}`, title: m.title })
				for (const l of m.lessons) items.push({ kind: 'lesson', key: `${p.slug}/${c.slug}/${m.slug}/${l.slug}`, title: l.title })
			}
		}
	}
	return items
}

/** Ids of the items already stored under these paths, by kind and key; one query. */
async function storedKeys(db: Executor, pathSlugs: string[]) {
	const slugs = JSON.stringify(pathSlugs)
	const [p, c, m, l] = [learningPaths, courses, modules, lessons]
	const { rows } = await db.execute<{ kind: Kind; key: string; id: string }>(sql`
		WITH ps AS (SELECT ${p.id} AS id, ${p.slug} AS slug FROM ${p} WHERE ${p.slug} IN (SELECT jsonb_array_elements_text(${slugs}::jsonb)))
		SELECT 'path' AS kind, ps.slug AS key, ps.id FROM ps
		UNION ALL SELECT 'course', ps.slug || '/' || ${c.slug}, ${c.id} FROM ${c} JOIN ps ON ps.id = ${c.pathId}
		UNION ALL SELECT 'module', ps.slug || '/' || ${c.slug} || '/' || ${m.slug}, ${m.id} FROM ${m} JOIN ${c} ON ${c.id} = ${m.courseId} JOIN ps ON ps.id = ${c.pathId}
		UNION ALL SELECT 'lesson', ps.slug || '/' || ${c.slug} || '/' || ${m.slug} || '/' || ${l.slug}, ${l.id}
			FROM ${l} JOIN ${m} ON ${m.id} = ${l.moduleId} JOIN ${c} ON ${c.id} = ${m.courseId} JOIN ps ON ps.id = ${c.pathId}
	`)
	return new Map(rows.map((r) => [`${r.kind}:${r.key}`, r.id]))
}

/** The dry run: what importing this tree would create and what it would update (matched by slug). Nothing is deleted. */
export async function previewImport(db: Executor, tree: PathFile[]): Promise<ImportPreview> {
	const stored = await storedKeys(
		db,
		tree.map((p) => p.slug),
	)
	const zero = () => ({ paths: 0, courses: 0, modules: 0, lessons: 0 })
	const counts = { create: zero(), update: zero() }
	const items: ImportItem[] = treeItems(tree).map((i) => {
		const action = stored.has(`${i.kind}:${i.key}`) ? ('update' as const) : ('create' as const)
		counts[action][`${i.kind}s` as keyof ReturnType<typeof zero>]++
		return { ...i, action }
	})
	return { counts, items }
}

/** Split a tree into one-module pieces, so a long import can report progress as it goes. */
function pieces(tree: PathFile[]): PathFile[] {
	const out: PathFile[] = []
	for (const p of tree) {
		if (!p.courses.length) out.push(p)
		for (const c of p.courses) {
			if (!c.modules.length) out.push({ ...p, courses: [c] })
			for (const m of c.modules) out.push({ ...p, courses: [{ ...c, modules: [m] }] })
		}
	}
	return out
}

const TABLES = { path: learningPaths, course: courses, module: modules, lesson: lessons } as const

/**
 * Import a tree in one transaction (upsert by slug through importCurriculum), then record who did it
 * (created_by/updated_by and one audit row per item) and renumber every touched sibling list to 1..n.
 */
export async function applyImport(
	db: Db,
	actorId: string | null,
	tree: PathFile[],
	opts: { source?: 'admin' | 'cli'; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportPreview> {
	return db.transaction(async (tx) => {
		const preview = await previewImport(tx, tree)
		const parts = pieces(tree)
		for (const [i, part] of parts.entries()) {
			await importCurriculum(tx as unknown as Db, [part])
			opts.onProgress?.(i + 1, parts.length)
		}
		const stored = await storedKeys(
			tx,
			tree.map((p) => p.slug),
		)
		const touched = preview.items.map((i) => ({ ...i, id: stored.get(`${i.kind}:${i.key}`)! }))
		for (const kind of ['path', 'course', 'module', 'lesson'] as const) {
			const all = JSON.stringify(touched.filter((i) => i.kind === kind).map((i) => i.id))
			const created = JSON.stringify(touched.filter((i) => i.kind === kind && i.action === 'create').map((i) => i.id))
			const t = TABLES[kind]
			await tx.execute(sql`
				UPDATE ${t} SET ${names(t.updatedBy)} = ${actorId},
					${names(t.createdBy)} = CASE WHEN ${t.id}::text IN (SELECT jsonb_array_elements_text(${created}::jsonb)) THEN ${actorId} ELSE ${t.createdBy} END
				WHERE ${t.id}::text IN (SELECT jsonb_array_elements_text(${all}::jsonb))
			`)
		}
		const ids = (kind: Kind) => touched.filter((i) => i.kind === kind).map((i) => i.id)
		await normalizeOrder(tx, 'course', ids('path'))
		await normalizeOrder(tx, 'module', ids('course'))
		await normalizeOrder(tx, 'lesson', ids('module'))
		const entries = JSON.stringify(touched.map((i) => ({ type: i.kind, id: i.id, result: i.action })))
		await tx.execute(sql`
			INSERT INTO ${auditLog} (${names(auditLog.actorId, auditLog.entityType, auditLog.entityId, auditLog.action, auditLog.changes)})
			SELECT ${actorId}, e->>'type', e->>'id', 'import', jsonb_build_object('result', e->>'result', 'source', ${opts.source ?? 'admin'}::text)
			FROM jsonb_array_elements(${entries}::jsonb) e
		`)
		return preview
	})
}

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024

/** An uploaded .zip: the dry-run preview, or the import itself. Throws BundleError for a bad bundle. */
export async function importBundle(db: Db, bytes: Uint8Array, opts: { apply: boolean; actorId: string; signal?: AbortSignal }) {
	const tree = await readBundleFiles(await unpackZip(bytes, { signal: opts.signal }))
	return opts.apply ? applyImport(db, opts.actorId, tree, { source: 'admin' }) : previewImport(db, tree)
}
