import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
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
	ping: () => Promise<void>
}

/** The migrations folder, found whether we run from source or from build/server. */
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

/** Open a database (PGlite in dataDir, in memory with 'memory://', or PostgreSQL) and migrate it. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<DbHandle> {
	if (opts.databaseUrl) {
		const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
		const db = drizzlePg(pool, { schema })
		await migratePg(db, { migrationsFolder: migrationsFolder() })
		return {
			db,
			kind: 'postgres',
			close: () => pool.end(),
			ping: async () => {
				await pool.query('select 1')
			},
		}
	}
	const dir = opts.dataDir ?? 'memory://'
	let client: PGlite
	if (dir.startsWith('memory://')) {
		client = new PGlite()
	} else {
		const pgDir = path.resolve(dir, 'pglite')
		fs.mkdirSync(pgDir, { recursive: true })
		client = new PGlite(pgDir)
	}
	const db = drizzlePglite(client, { schema }) as unknown as Db
	await migratePglite(db as never, { migrationsFolder: migrationsFolder() })
	return {
		db,
		kind: 'pglite',
		close: () => client.close(),
		ping: async () => {
			await client.query('select 1')
		},
	}
}
