import { openDatabase, type Db, type DbHandle } from '#db/client.server.ts'
import { getEnv } from './env.server.ts'

// One database handle per process, opened (and migrated) on first use.
// globalThis keeps it across dev-server module reloads.
const g = globalThis as unknown as { __dbHandle?: Promise<DbHandle> }

export function getDbHandle(): Promise<DbHandle> {
	if (!g.__dbHandle) {
		const env = getEnv()
		g.__dbHandle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
	}
	return g.__dbHandle
}

export async function getDb(): Promise<Db> {
	return (await getDbHandle()).db
}

/** Tests swap in a throw-away database. */
export function setDbHandleForTests(handle: DbHandle) {
	g.__dbHandle = Promise.resolve(handle)
}
