// npm run db:restore -- <file> [--dry-run]
// Replace the configured database's data (DATABASE_URL, else PGlite in DATA_DIR) with a backup made by
// db:backup, in one transaction. The target is migrated first; a backup from a newer schema is refused.
// Stop the server first: PGlite refuses a data directory in use, and on PostgreSQL the server's
// sessions and caches would outlive the data they were made from. --dry-run only checks the file.
import { restoreDatabase, verifyBackup, writeLocalSecrets } from '#db/backup.server.ts'
import { openDatabase } from '#db/client.server.ts'
import { dbTarget, fail, formatBytes } from './db-target.ts'
import fs from 'node:fs'

const args = process.argv.slice(2)
const file = args.find((a) => !a.startsWith('--'))
const dryRun = args.includes('--dry-run')
if (!file || args.includes('--help')) {
	console.error('Usage: npm run db:restore -- <file> [--dry-run]')
	process.exit(2)
}
const target = dbTarget()
const started = performance.now()
try {
	if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`)
	if (dryRun) {
		const header = await verifyBackup(file)
		const rows = header.tables.reduce((n, t) => n + t.rows, 0)
		console.log(
			`${file}: a ${header.source} backup of ${header.createdAt}, ${header.tables.length} tables, ${rows} rows, ${formatBytes(fs.statSync(file).size)}: readable`,
		)
		process.exit(0)
	}
	const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
	try {
		const summary = await restoreDatabase(handle, file)
		const seconds = ((performance.now() - started) / 1000).toFixed(1)
		console.log(`Restored ${target.label}: ${summary.tables.length} tables, ${summary.rows} rows in ${seconds} s`)
		const names = Object.keys(summary.secrets)
		if (names.length && !target.databaseUrl) {
			writeLocalSecrets(target.dataDir, summary.secrets)
			console.log(`Restored the local secrets of the embedded database: ${names.join(', ')}`)
		} else if (names.length) {
			console.log(
				`The backup also holds an embedded database's local secrets (${names.join(', ')}); with DATABASE_URL they are not used: keep AUTH_SECRET and CERT_SIGNER_KEY as they were.`,
			)
		}
	} finally {
		await handle.close()
	}
} catch (error) {
	fail(error)
}
