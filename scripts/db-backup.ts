// npm run db:backup -- [file]
// A logical copy of every table (gzip'd JSON lines, db/backup.server.ts) of the configured database:
// DATABASE_URL, else the embedded PGlite in DATA_DIR. PostgreSQL: safe while the server runs (one
// consistent snapshot). PGlite: stop the server first; a data directory has one process at a time,
// and this refuses to open one the server holds. An embedded database's local secrets (.auth-secret,
// .cert-signer-key) go into the file too, so keep backups as private as the data directory.
import { backupDatabase, readLocalSecrets } from '#db/backup.server.ts'
import { openDatabase } from '#db/client.server.ts'
import { dbTarget, fail, formatBytes } from './db-target.ts'

const args = process.argv.slice(2)
if (args.includes('--help') || args.length > 1) {
	console.error('Usage: npm run db:backup -- [file]   (default: backups/learnchain-<time>.jsonl.gz)')
	process.exit(2)
}
const file = args[0] ?? `backups/learnchain-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`
const target = dbTarget()
const started = performance.now()
try {
	const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, migrate: false })
	try {
		const secrets = target.databaseUrl ? undefined : readLocalSecrets(target.dataDir)
		const summary = await backupDatabase(handle, file, { secrets })
		const seconds = ((performance.now() - started) / 1000).toFixed(1)
		console.log(`Backed up ${target.label}: ${summary.tables.length} tables, ${summary.rows} rows, ${formatBytes(summary.bytes)} in ${seconds} s`)
		console.log(file)
	} finally {
		await handle.close()
	}
} catch (error) {
	fail(error)
}
