// npm start: build when no build exists, then serve with the embedded database and demo data.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

process.env.NODE_ENV ??= 'production'
// Locally, with neither SMTP nor a real database configured, mail goes to /dev/mailbox.
if (!process.env.SMTP_URL && !process.env.DATABASE_URL) process.env.MAIL_OUTBOX ??= 'true'

if (!fs.existsSync(`${process.env.BUILD_DIR ?? 'build'}/server/index.js`)) {
	console.log('No build found: building first (one time)...')
	const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: process.env })
	if (r.status !== 0) process.exit(r.status ?? 1)
}

const { startServer } = await import('../server/index.mjs')
await startServer()
