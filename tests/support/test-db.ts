import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { resetAuthForTests } from '~/features/auth/auth.server.ts'
import { setDbHandleForTests } from '~/lib/db.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { testDataDir } from './data-dir.ts'

/**
 * A throw-away in-memory PGlite, migrated, from the template vitest-global.ts dumps for the run (a plain new
 * one when run without it). Not installed as the app's database: a second database (an import's target).
 */
export function memoryDatabase(): Promise<DbHandle> {
	return openDatabase({ dataDir: 'memory://', template: process.env.TEST_PGLITE_TEMPLATE })
}

/** A throw-away in-memory PGlite, migrated, installed as the app's database. */
export async function useTestDb(): Promise<DbHandle> {
	process.env.DATA_DIR ??= testDataDir()
	resetEnvForTests()
	const handle = await memoryDatabase()
	setDbHandleForTests(handle)
	resetAuthForTests()
	return handle
}
