// The local PostgreSQL server of the integration and end-to-end tests, and throw-away databases on it.
import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { LOCAL_PG_URL, throwawayDatabase as createDatabase, withPgClient } from '#db/pg-admin.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { testDataDir } from './data-dir.ts'

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? LOCAL_PG_URL

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

/** A suite's database on the local server: `open` makes a throw-away one and opens it migrated, `close` closes and drops it. */
export function pgTestDb(prefix: string) {
	let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined
	return {
		open: async (): Promise<DbHandle> => {
			database = await throwawayDatabase(prefix)
			process.env.DATA_DIR ??= testDataDir()
			resetEnvForTests()
			return openDatabase({ databaseUrl: database.url })
		},
		close: async (handle: DbHandle) => {
			await handle.close()
			await database?.drop()
		},
	}
}
