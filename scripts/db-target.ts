// Which database the db:backup / db:restore commands work on: the server's own settings (DATABASE_URL,
// else the embedded PGlite in DATA_DIR), parsed by app/lib/env.server.ts without starting the app, so
// the defaults and the start-up error for a bad value are the server's.
import { readSettings } from '../app/lib/env.server.ts'

export type DbTarget = { databaseUrl?: string; dataDir: string; label: string }

export function dbTarget(): DbTarget {
	const { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } = readSettings()
	if (databaseUrl) {
		const u = new URL(databaseUrl)
		return { databaseUrl, dataDir, label: `PostgreSQL ${u.host}${u.pathname}` }
	}
	return { dataDir, label: `PGlite in ${dataDir}` }
}

export function formatBytes(n: number) {
	return n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`
}

/** Errors as one line: these are operator tools, a stack trace would hide the message. */
export function fail(error: unknown): never {
	console.error(`Error: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
}
