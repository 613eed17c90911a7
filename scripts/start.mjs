// npm start: build when no build exists, then serve it (server/production.ts, compiled into the build).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

process.env.NODE_ENV ??= 'production'
// The launcher needs the build's folder before the app (and its settings module) exists.
const buildDir = process.env.BUILD_DIR || 'build'
const entry = path.resolve(buildDir, 'http/production.js')

if (!fs.existsSync(path.join(buildDir, 'server/index.js')) || !fs.existsSync(entry)) {
	console.log('No build found: building first (one time)...')
	const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: process.env })
	if (r.status !== 0) process.exit(r.status ?? 1)
}

try {
	const { startProduction } = await import(pathToFileURL(entry).href)
	await startProduction({ buildDir })
} catch (error) {
	// Settings that do not parse (and other start-up failures) are stated plainly, once.
	console.error(error instanceof Error && error.message.startsWith('Invalid environment') ? error.message : error)
	process.exit(1)
}
