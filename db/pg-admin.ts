// Short-lived PostgreSQL connections for admin work (creating and dropping databases, reading stats) in
// scripts and tests. Each has an 'error' listener: without one, a server that ends the connection (restart,
// terminate, DROP DATABASE ... WITH (FORCE)) would take the whole process down.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The PostgreSQL server every machine of this project runs for tests and benches (trust auth, database `test`). */
export const LOCAL_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'

export async function withPgClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>, connectTimeoutMs = 10_000): Promise<T> {
	const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs })
	client.on('error', () => {})
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end().catch(() => {})
	}
}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> }

/**
 * A new database on the server of `adminUrl`, empty or a copy of `template` (another throw-away one, with no
 * connection open to it); `drop` removes it (ending its connections).
 */
export async function throwawayDatabase(adminUrl: string, prefix: string, { template }: { template?: ThrowawayDatabase } = {}): Promise<ThrowawayDatabase> {
	const name = `${prefix}_${randomBytes(4).toString('hex')}`
	await withPgClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template.name}` : ''}`))
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return {
		name,
		url: url.toString(),
		drop: () => withPgClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
	}
}
