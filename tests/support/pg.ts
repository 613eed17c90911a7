// The local PostgreSQL server of the integration and end-to-end tests, and throw-away databases on it.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export async function pgReachable() {
	const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 })
	try {
		await client.connect()
		await client.query('select 1')
		return true
	} catch {
		return false
	} finally {
		await client.end().catch(() => {})
	}
}

/** A throw-away database on the local server; `drop` removes it. */
export async function throwawayDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
	const name = `${prefix}_${randomBytes(4).toString('hex')}`
	const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
	await admin.connect()
	await admin.query(`CREATE DATABASE ${name}`)
	await admin.end()
	const url = new URL(PG_ADMIN_URL)
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		drop: async () => {
			const c = new pg.Client({ connectionString: PG_ADMIN_URL })
			await c.connect()
			await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
			await c.end()
		},
	}
}
