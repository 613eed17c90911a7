// The production HTTP server: static assets, compression, and the React Router app.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { createHtmlCache } from './html-cache.mjs'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')

/**
 * A state-changing request from another site (CSRF): refused by its Origin, or by Sec-Fetch-Site when a
 * browser sends no Origin. Requests with neither header come from non-browser clients, which carry no
 * ambient cookies from another site.
 */
function isCrossSiteWrite(req, appOrigin) {
	if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false
	const origin = req.headers.origin
	if (origin && origin !== 'null') {
		try {
			const o = new URL(origin)
			return o.origin !== appOrigin && o.host !== req.headers.host
		} catch {
			return true
		}
	}
	if (origin === 'null') return true
	return req.headers['sec-fetch-site'] === 'cross-site'
}

export async function startServer({ port = Number(process.env.PORT ?? 3000) } = {}) {
	const build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
	// Migrate and seed before taking traffic.
	await build.entry.module.bootstrap()

	const app = express()
	app.disable('x-powered-by')
	app.set('trust proxy', process.env.TRUST_PROXY === 'true')
	app.use(compression())
	app.use(
		'/assets',
		express.static(path.join(BUILD_DIR, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
	)
	app.use(express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h', index: false }))
	const appOrigin = new URL(process.env.APP_URL ?? `http://localhost:${port}`).origin
	const https = appOrigin.startsWith('https://')
	app.use((req, res, next) => {
		// The only client address the app trusts is the one this server saw (or its proxy, when trusted).
		req.headers['x-learnchain-ip'] = req.ip ?? ''
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('X-Frame-Options', 'DENY')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
		if (https && process.env.NODE_ENV === 'production') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		if (isCrossSiteWrite(req, appOrigin)) {
			res.status(403).json({ error: 'Cross-site request refused' })
			return
		}
		next()
	})
	// Anonymous visits to the static landings come from memory (server/html-cache.mjs).
	if (build.entry.module.languageOf) {
		app.use(createHtmlCache({ build, mode: process.env.NODE_ENV, languageOf: build.entry.module.languageOf, ttlMs: Number(process.env.HTML_CACHE_TTL_MS ?? 300_000) }))
	}
	app.all('/{*splat}', createRequestHandler({ build, mode: process.env.NODE_ENV }))

	const server = await new Promise((resolve) => {
		const s = app.listen(port, () => resolve(s))
	})
	// Keep idle connections longer than clients and proxies do, so a reused socket is never closed
	// under a request in flight (seen as ECONNRESET with Node's 5 s default).
	server.keepAliveTimeout = 65_000
	server.headersTimeout = 66_000
	console.log(`Learnchain listening on http://localhost:${port}`)

	let closing = false
	const shutdown = async (signal) => {
		if (closing) return
		closing = true
		console.log(`${signal}: draining requests`)
		server.close(async () => {
			await build.entry.module.shutdown?.()
			process.exit(0)
		})
		server.closeIdleConnections?.()
		setTimeout(() => process.exit(1), 10_000).unref()
	}
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
	process.on('SIGINT', () => void shutdown('SIGINT'))
	return server
}
