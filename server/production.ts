import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import type { ServerBuild } from 'react-router'
import { serve } from './serve.ts'
import { servicesOf } from './services.ts'

/**
 * A directory of the client build: each text file as the build compressed it (`.br`, `.gz` beside it,
 * vite/precompress.ts) when the client takes that encoding, Brotli first, else as it is. The files are
 * listed once at start-up, so an unknown name costs no lookup of a compressed copy.
 */
const precompressed = (dir: string, maxAge: string, immutable = false) =>
	expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic: { maxAge, immutable, index: false } })

/**
 * The built static files: hashed assets immutable; the few files at the root (favicon, social card) for
 * an hour. Those are listed once, at start-up, and only their names are looked up on disk: any other path
 * goes on to the app without a stat and a 404 error object of its own. A page has no extension, but its data
 * has one (`/dashboard.data`, asked on every navigation inside the app and every form post).
 */
export function builtFiles(buildDir: string) {
	const router = express.Router()
	const client = path.join(buildDir, 'client')
	router.use('/assets', precompressed(path.join(client, 'assets'), '1y', true))
	const rootFiles = precompressed(client, '1h')
	const atRoot = new Set(fs.existsSync(client) ? fs.readdirSync(client) : [])
	router.use((req, res, next) => (path.extname(req.path) && atRoot.has(firstSegment(req.path)) ? rootFiles(req, res, next) : next()))
	return router
}

/** `/og-image.png` → `og-image.png`, decoded as the static server decodes it (a malformed escape stays as it is). */
function firstSegment(pathname: string) {
	const first = pathname.split('/')[1] ?? ''
	try {
		return decodeURIComponent(first)
	} catch {
		return first
	}
}

/** `npm start` (scripts/start.mjs): the production build in `buildDir`, served by the stack of server/app.ts. */
export async function startProduction({ buildDir }: { buildDir: string }) {
	const dir = path.resolve(buildDir)
	const build = (await import(pathToFileURL(path.join(dir, 'server/index.js')).href)) as ServerBuild
	return serve({ services: servicesOf(build), build, assets: builtFiles(dir), htmlCache: { build } })
}
