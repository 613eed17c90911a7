import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { DbHealth } from './health.ts'
import { PgliteThread } from './pglite-thread.ts'
import { defaultFaultOptions, guardedPool, type FaultOptions } from './postgres.server.ts'
import * as relations from './relations.ts'
import * as tables from './schema.ts'

const schema = { ...tables, ...relations }

// Both drivers expose the same query builder; we type the handle as the pg one.
export type Db = NodePgDatabase<typeof schema>
export { schema }

export type DbHandle = {
	db: Db
	kind: 'pglite' | 'postgres'
	close: () => Promise<void>
	/** One query through the same path as requests: fails while the database is away. */
	ping: () => Promise<void>
	/** Whether the database is there, and why not (db/health.ts). */
	health: DbHealth
	/**
	 * Runs `fn` while no other process sharing this database runs its own (PostgreSQL advisory lock):
	 * start-up work such as migrations and the demo seed, when several processes start together.
	 * PGlite has one process per data directory, so there it just runs `fn`.
	 */
	exclusive: <T>(fn: () => Promise<T>) => Promise<T>
	/** The embedded database only, for the db-fault test switch: hold the engine for `ms`, or make it die. */
	inject?: (kind: 'hang' | 'crash', ms?: number) => Promise<void>
}

// pg_advisory_lock key for start-up work ('LC' + 9): any constant, the same in every process.
const STARTUP_LOCK = 0x4c43_0009

/** Holds the start-up advisory lock on a connection of its own while `fn` runs on the pool. */
async function withStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
	const conn = await pool.connect()
	try {
		await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
		try {
			return await fn()
		} finally {
			await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK])
		}
	} finally {
		conn.release()
	}
}

/** Where the migrations are, from the sources or the production build (build/server). */
export function migrationsFolder() {
	const candidates = [
		path.resolve(process.cwd(), 'db/migrations'),
		path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
		path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations'),
	]
	const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')))
	if (!found) throw new Error('db/migrations not found')
	return found
}

/** Templates read once per process: each is a whole data directory (about 40 MB). */
const templates = new Map<string, Blob>()
function templateBlob(file: string) {
	let blob = templates.get(file)
	if (!blob) templates.set(file, (blob = new Blob([fs.readFileSync(file)])))
	return blob
}

/**
 * Open a database (PGlite in dataDir, in memory with 'memory://', or PostgreSQL) and migrate it
 * (`migrate: false` leaves the schema as it is: the backup tool reads a database without changing it).
 * `template`, in memory only: a file of PGlite's dumpDataDir to start from. Tests start from a migrated one:
 * a new in-memory PGlite runs initdb, 2.9 s here, and one loaded from a dump opens in 1.3 s.
 */
export async function openDatabase(opts: {
	databaseUrl?: string
	dataDir?: string
	migrate?: boolean
	faults?: Partial<FaultOptions>
	template?: string
}): Promise<DbHandle> {
	const migrate = opts.migrate ?? true
	const faults = { ...defaultFaultOptions, ...opts.faults }
	if (opts.databaseUrl) {
		const { pool, health } = guardedPool(opts.databaseUrl, faults)
		const db = drizzlePg(pool, { schema })
		try {
			// Processes starting together on a fresh database would otherwise run the same migration twice.
			if (migrate) await withStartupLock(pool, () => migratePg(db, { migrationsFolder: migrationsFolder() }))
		} catch (error) {
			health.close()
			await pool.end().catch(() => {})
			throw error
		}
		return {
			db,
			kind: 'postgres',
			health,
			exclusive: (fn) => withStartupLock(pool, fn),
			close: async () => {
				health.close()
				await pool.end()
			},
			// Bounded, so a readiness probe on a frozen server answers 'not ready' instead of hanging with it.
			ping: async () => {
				const probe = { text: 'select 1', query_timeout: faults.hangCheckMs }
				await pool.query(probe)
			},
		}
	}
	const dir = opts.dataDir ?? 'memory://'
	let pgDir: string | undefined
	let unlock = () => {}
	if (!dir.startsWith('memory://')) {
		pgDir = path.resolve(dir, 'pglite')
		fs.mkdirSync(pgDir, { recursive: true })
		unlock = lockDataDir(pgDir)
	}
	let migrating = migrate
	const health: DbHealth = new DbHealth({ retryMs: faults.retryMs, report: faults.report, probe: () => thread.probe() })
	const thread: PgliteThread = new PgliteThread(pgDir, {
		// Migrations may take long on a big database; requests may not.
		timeoutMs: () => (migrating ? 0 : faults.queryTimeoutMs),
		onFault: (error) => health.observe(error),
		refusal: () => health.refusal(),
		onReopen: (ms) => faults.report({ type: 'engine-reopened', ms }),
		template: opts.template && !pgDir ? templateBlob(opts.template) : undefined,
	})
	const db = drizzlePglite(thread as never, { schema }) as unknown as Db
	try {
		await thread.start()
		if (migrate) await migratePglite(db as never, { migrationsFolder: migrationsFolder() })
		migrating = false
	} catch (error) {
		health.close()
		await thread.close().catch(() => {})
		unlock()
		throw error
	}
	return {
		db,
		kind: 'pglite',
		health,
		exclusive: (fn) => fn(),
		// A clean close checkpoints and marks the data directory shut down (no recovery on next start).
		close: async () => {
			health.close()
			try {
				await thread.close()
			} finally {
				unlock()
			}
		},
		ping: async () => {
			await thread.query('select 1')
		},
		inject: (kind, ms) => thread.inject(kind, ms),
	}
}
