import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import zlib from 'node:zlib'
import { sql, type SQL } from 'drizzle-orm'
import type { DbHandle } from './client.server.ts'

// Logical backup of every table in the public schema, the same format for PGlite and PostgreSQL (so a
// backup of one restores into the other): gzip'd JSON lines.
//   line 1            header: format, version, source, migrations applied, tables (columns, row counts)
//   then per table    one line per row, row_to_json(row) as the database renders it
//   last line         {"end": "learnchain-backup", "rows": total}, so a truncated file is refused
// Values travel as the database's own JSON text and come back through json_populate_recordset, so
// timestamps (microseconds), jsonb, arrays and numerics are reproduced exactly, without JavaScript types.

const BACKUP_FORMAT = 'learnchain-backup'
const BACKUP_VERSION = 1

type BackupTable = { name: string; columns: string[]; rows: number }
type BackupHeader = {
	format: typeof BACKUP_FORMAT
	version: number
	createdAt: string
	source: DbHandle['kind']
	migrations: string[]
	tables: BackupTable[]
	/** Local secrets of an embedded database's DATA_DIR (session and signing keys), by file name. */
	secrets?: Record<string, string>
}
type BackupSummary = { file: string; tables: BackupTable[]; rows: number; bytes: number }
type RestoreSummary = { tables: BackupTable[]; rows: number; secrets: Record<string, string> }

type Runner = { execute: (query: SQL) => Promise<unknown> }

const FETCH_ROWS = 2000
const INSERT_BATCH_CHARS = 4_000_000

function rows<T>(result: unknown): T[] {
	return (result as { rows?: T[] }).rows ?? (result as T[])
}

async function query<T>(db: Runner, q: SQL): Promise<T[]> {
	return rows<T>(await db.execute(q))
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`)
const identList = (names: string[]) => sql.raw(names.map((n) => `"${n.replace(/"/g, '""')}"`).join(', '))

/**
 * The public tables, parents before children (foreign keys), then by name. curriculum_version and
 * learner_progress_version are left out: they are derived state, and a restore must raise the one (the
 * curriculum tables' TRUNCATE does) and empty the other (the user table's TRUNCATE ... CASCADE does),
 * never set them back to a number a running process may already hold.
 */
async function listTables(db: Runner): Promise<string[]> {
	const names = (
		await query<{ name: string }>(
			db,
			sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname NOT IN ('curriculum_version', 'learner_progress_version') ORDER BY c.relname`,
		)
	).map((r) => r.name)
	const edges = await query<{ child: string; parent: string }>(
		db,
		sql`SELECT cc.relname AS child, pc.relname AS parent FROM pg_constraint k
			JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_class pc ON pc.oid = k.confrelid
			JOIN pg_namespace n ON n.oid = cc.relnamespace
			WHERE k.contype = 'f' AND n.nspname = 'public' AND cc.oid <> pc.oid`,
	)
	const parents = new Map(names.map((n) => [n, new Set<string>()]))
	for (const e of edges) parents.get(e.child)?.add(e.parent)
	const ordered: string[] = []
	const placed = new Set<string>()
	while (ordered.length < names.length) {
		const ready = names.filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p) || !parents.has(p)))
		// A cycle of foreign keys (none today): keep going in name order rather than loop forever.
		const next = ready.length ? ready : names.filter((n) => !placed.has(n)).slice(0, 1)
		for (const n of next) {
			placed.add(n)
			ordered.push(n)
		}
	}
	return ordered
}

async function columnsOf(db: Runner, table: string): Promise<string[]> {
	return (
		await query<{ name: string }>(
			db,
			sql`SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
				JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE n.nspname = 'public' AND c.relname = ${table} AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
				ORDER BY a.attnum`,
		)
	).map((r) => r.name)
}

/** Hashes of the applied migrations (drizzle's journal), oldest first. */
async function appliedMigrations(db: Runner): Promise<string[]> {
	const [exists] = await query<{ ok: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`)
	if (!exists?.ok) return []
	return (await query<{ hash: string }>(db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`)).map((r) => r.hash)
}

/**
 * Write a backup of `handle` to `file` (through a temporary file renamed at the end, so a failed backup
 * never leaves a half-written file under the real name). One REPEATABLE READ, READ ONLY transaction:
 * on PostgreSQL the copy is consistent while the server keeps serving.
 */
export async function backupDatabase(handle: DbHandle, file: string, opts: { secrets?: Record<string, string> } = {}): Promise<BackupSummary> {
	fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	const tmp = `${file}.${process.pid}.tmp`
	const out = fs.createWriteStream(tmp, { mode: 0o600 })
	const gz = zlib.createGzip()
	gz.pipe(out)
	const write = async (line: string) => {
		if (!gz.write(line + '\n')) await once(gz, 'drain')
	}
	try {
		const tables = await handle.db.transaction(async (tx) => {
			await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`)
			const names = await listTables(tx)
			const tables: BackupTable[] = []
			for (const name of names) {
				const [count] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM public.${ident(name)}`)
				tables.push({ name, columns: await columnsOf(tx, name), rows: Number(count?.n ?? 0) })
			}
			const header: BackupHeader = {
				format: BACKUP_FORMAT,
				version: BACKUP_VERSION,
				createdAt: new Date().toISOString(),
				source: handle.kind,
				migrations: await appliedMigrations(tx),
				tables,
				...(opts.secrets && Object.keys(opts.secrets).length ? { secrets: opts.secrets } : {}),
			}
			await write(JSON.stringify(header))
			for (const table of tables) {
				// A cursor: memory stays flat however big the table is.
				await tx.execute(sql`DECLARE learnchain_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM public.${ident(table.name)} t`)
				let written = 0
				for (;;) {
					const batch = await query<{ j: string }>(tx, sql.raw(`FETCH FORWARD ${FETCH_ROWS} FROM learnchain_backup`))
					if (!batch.length) break
					for (const r of batch) await write(r.j)
					written += batch.length
				}
				await tx.execute(sql`CLOSE learnchain_backup`)
				if (written !== table.rows) throw new Error(`${table.name}: counted ${table.rows} rows but read ${written}`)
			}
			return tables
		})
		const total = tables.reduce((n, t) => n + t.rows, 0)
		await write(JSON.stringify({ end: BACKUP_FORMAT, rows: total }))
		gz.end()
		await once(out, 'close')
		fs.renameSync(tmp, file)
		return { file, tables, rows: total, bytes: fs.statSync(file).size }
	} catch (error) {
		gz.destroy()
		out.destroy()
		fs.rmSync(tmp, { force: true })
		throw error
	}
}

function lines(file: string): AsyncIterable<string> {
	const input = fs.createReadStream(file).pipe(zlib.createGunzip())
	return readline.createInterface({ input, crlfDelay: Infinity })
}

function parseHeader(line: string | undefined): BackupHeader {
	let header: BackupHeader
	try {
		header = JSON.parse(line ?? '') as BackupHeader
	} catch {
		throw new Error('Not a Learnchain backup (no header line).')
	}
	if (header.format !== BACKUP_FORMAT) throw new Error('Not a Learnchain backup (unknown format).')
	if (header.version !== BACKUP_VERSION) throw new Error(`Backup format version ${header.version} is not supported (this version reads ${BACKUP_VERSION}).`)
	return header
}

/** Read the whole file once: header, every row parses, row counts match, end marker present. */
export async function verifyBackup(file: string): Promise<BackupHeader> {
	let header: BackupHeader | undefined
	let table = 0
	let seen = 0
	let total = 0
	let ended = false
	try {
		for await (const line of lines(file)) {
			if (!header) {
				header = parseHeader(line)
				continue
			}
			if (ended) throw new Error('Backup has data after its end marker.')
			while (table < header.tables.length && seen === header.tables[table]!.rows) {
				table++
				seen = 0
			}
			const value = JSON.parse(line) as Record<string, unknown>
			if (table >= header.tables.length) {
				if (value.end !== BACKUP_FORMAT || value.rows !== total) throw new Error('Backup end marker does not match its rows.')
				ended = true
				continue
			}
			if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`Backup row ${total + 1} is not an object.`)
			seen++
			total++
		}
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		throw new Error(message.startsWith('Backup') || message.startsWith('Not a') ? message : `Backup file is damaged: ${message}`)
	}
	if (!header) throw new Error('Backup file is empty.')
	if (!ended) throw new Error('Backup file is truncated (no end marker).')
	return header
}

/**
 * Replace every table's rows with the backup's, in one transaction (all or nothing). The target is
 * migrated first (openDatabase does it); a backup made by a newer schema than the target's is refused.
 * Tables the backup does not have (added by a later migration) end up empty.
 */
export async function restoreDatabase(handle: DbHandle, file: string): Promise<RestoreSummary> {
	const header = await verifyBackup(file)
	const db = handle.db
	const applied = await appliedMigrations(db)
	if (header.migrations.length > applied.length || header.migrations.some((h, i) => applied[i] !== h)) {
		throw new Error(
			`This backup was made with a schema (${header.migrations.length} migrations) this database cannot take (${applied.length} applied, or different ones): restore it with the version of Learnchain that made it.`,
		)
	}
	const targetTables = await listTables(db)
	for (const t of header.tables) {
		if (!targetTables.includes(t.name)) throw new Error(`The backup has a table (${t.name}) this database does not have.`)
		const columns = await columnsOf(db, t.name)
		const missing = t.columns.filter((c) => !columns.includes(c))
		if (missing.length) throw new Error(`The backup has columns this database does not have: ${t.name}.${missing.join(', ')}`)
	}

	await db.transaction(async (tx) => {
		if (targetTables.length)
			await tx.execute(
				sql`TRUNCATE TABLE ${sql.join(
					targetTables.map((t) => sql`public.${ident(t)}`),
					sql`, `,
				)} RESTART IDENTITY CASCADE`,
			)
		// The backup already holds what triggers derive (xp_totals, user_completion_days, updated_at): with
		// them on, restoring the ledger would count every row twice. Table owners may do this without being
		// superusers; the ALTERs are part of the transaction, so a failed restore leaves them enabled.
		for (const t of targetTables) await tx.execute(sql`ALTER TABLE public.${ident(t)} DISABLE TRIGGER USER`)
		const iterator = lines(file)[Symbol.asyncIterator]()
		await iterator.next() // the header
		for (const table of header.tables) {
			const cols = identList(table.columns)
			const insert = async (batch: string[]) => {
				if (!batch.length) return
				await tx.execute(
					sql`INSERT INTO public.${ident(table.name)} (${cols}) OVERRIDING SYSTEM VALUE
						SELECT ${cols} FROM json_populate_recordset(NULL::public.${ident(table.name)}, ${`[${batch.join(',')}]`}::json)`,
				)
			}
			let batch: string[] = []
			let chars = 0
			for (let i = 0; i < table.rows; i++) {
				const { value } = await iterator.next()
				batch.push(value as string)
				chars += (value as string).length
				if (chars >= INSERT_BATCH_CHARS || batch.length >= 5000) {
					await insert(batch)
					batch = []
					chars = 0
				}
			}
			await insert(batch)
		}
		await iterator.return?.()
		for (const t of targetTables) await tx.execute(sql`ALTER TABLE public.${ident(t)} ENABLE TRIGGER USER`)
		// Sequences behind serial or identity columns (none today) continue after the restored rows.
		const sequences = await query<{ seq: string; tbl: string; col: string }>(
			tx,
			sql`SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col FROM pg_depend d
				JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
				JOIN pg_class t ON t.oid = d.refobjid JOIN pg_namespace n ON n.oid = t.relnamespace
				JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
				WHERE n.nspname = 'public' AND d.deptype IN ('a', 'i')`,
		)
		for (const s of sequences) {
			await tx.execute(
				sql`SELECT setval(${`public."${s.seq.replace(/"/g, '""')}"`}::regclass, coalesce(max(${ident(s.col)}), 0) + 1, false) FROM public.${ident(s.tbl)}`,
			)
		}
	})
	return { tables: header.tables, rows: header.tables.reduce((n, t) => n + t.rows, 0), secrets: header.secrets ?? {} }
}

/** The local secrets in an embedded database's DATA_DIR (small dot files such as .auth-secret). */
export function readLocalSecrets(dataDir: string): Record<string, string> {
	const out: Record<string, string> = {}
	let entries: fs.Dirent[] = []
	try {
		entries = fs.readdirSync(dataDir, { withFileTypes: true })
	} catch {
		return out
	}
	for (const e of entries) {
		if (!e.isFile() || !/^\.[a-z0-9-]+$/i.test(e.name)) continue
		const file = path.join(dataDir, e.name)
		if (fs.statSync(file).size <= 4096) out[e.name] = fs.readFileSync(file, 'utf8')
	}
	return out
}

/** Put a backup's local secrets back into a DATA_DIR (owner-only files). */
export function writeLocalSecrets(dataDir: string, secrets: Record<string, string>): string[] {
	fs.mkdirSync(dataDir, { recursive: true })
	const written: string[] = []
	for (const [name, value] of Object.entries(secrets)) {
		if (!/^\.[a-z0-9-]+$/i.test(name)) continue
		fs.writeFileSync(path.join(dataDir, name), value, { mode: 0o600 })
		fs.chmodSync(path.join(dataDir, name), 0o600)
		written.push(name)
	}
	return written
}
