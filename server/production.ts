import path from 'node:path'
import { pathToFileURL } from 'node:url'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { compressedAssets } from './compressed-assets.ts'
import { serve } from './serve.ts'
import { servicesOf } from './services.ts'

/**
 * The built static files: hashed assets compressed from memory (server/compressed-assets.ts) or as they
 * are, immutable; the few files at the root (favicon, social card) for an hour. Pages have no extension,
 * and skipping the lookup for them saves a stat and a 404 error object on every page request.
 */
function builtFiles(buildDir: string) {
	const assets = path.join(buildDir, 'client/assets')
	const router = express.Router()
	router.use('/assets', compressedAssets(assets))
	router.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', index: false }))
	const rootFiles = express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false })
	router.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()))
	return router
}

/** `npm start` (scripts/start.mjs): the production build in `buildDir`, served by the stack of server/app.ts. */
export async function startProduction({ buildDir }: { buildDir: string }) {
	const dir = path.resolve(buildDir)
	const build = (await import(pathToFileURL(path.join(dir, 'server/index.js')).href)) as ServerBuild
	return serve({ services: servicesOf(build), build, assets: builtFiles(dir), htmlCache: { build } })
}
