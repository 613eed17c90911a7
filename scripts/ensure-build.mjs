// The production build a measuring script runs against (bench, lighthouse): made into `buildDir` when it
// is missing, or when a source it is made from changed since, so a figure never comes from stale code.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'db', 'public', 'server', 'vite.config.ts', 'react-router.config.ts', 'vite']

function newestMtime(p) {
	if (!fs.existsSync(p)) return 0
	const stat = fs.statSync(p)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = 0
	for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)))
	return newest
}

/**
 * @param {string} buildDir
 * @param {{ reuse?: boolean, log?: (s: string) => void }} [opts] reuse: keep any existing build (--no-build)
 */
export function ensureBuild(buildDir, { reuse = false, log = console.error } = {}) {
	const marker = path.join(buildDir, 'server/index.js')
	const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
	if (built && (reuse || built >= Math.max(...SOURCES.map(newestMtime)))) return
	log(`Building into ${buildDir}...`)
	const r = spawnSync('npx', ['react-router', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, BUILD_DIR: buildDir } })
	if (r.status !== 0) throw new Error(`build into ${buildDir} failed`)
}
