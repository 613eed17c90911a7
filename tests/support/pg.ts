// The local PostgreSQL server of the integration and end-to-end tests, and throw-away databases on it.
import { throwawayDatabase as createDatabase, withPgClient } from '#db/pg-admin.ts'

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export async function pgReachable() {
	return withPgClient(PG_ADMIN_URL, (c) => c.query('select 1'), 2000).then(
		() => true,
		() => false,
	)
}

/** A throw-away database on the local server; `drop` removes it. */
export function throwawayDatabase(prefix: string) {
	return createDatabase(PG_ADMIN_URL, prefix)
}
