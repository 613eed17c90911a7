// The production HTTP server: static assets, compression, and the React Router app.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { compressedAssets } from './compressed-assets.mjs'
import { createGate } from './gate.mjs'
import { createHtmlCache } from './html-cache.mjs'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')

/**
 * A request answered without its body being read (refused before parsing: 401, 403, 413) still has
 * bytes on the connection, and React Router's adapter has already paused the stream, so Node cannot skip
 * them: the next request on that keep-alive connection would hang. Discard the rest (up to a limit).
 */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024
function drainUnreadBody(req, res, next) {
	res.on('finish', () => {
		if (req.complete || req.destroyed) return
		let left = MAX_DRAIN_BYTES
		req.removeAllListeners('data')
		req.on('data', (chunk) => {
			left -= chunk.length
			if (left < 0) req.socket?.destroy()
		})
		req.resume()
	})
	next()
}

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

/** The app's logger and request-id store (app/lib/log.server.ts), with stand-ins for an older build. */
function observability(entry) {
	const fallback = (level) => (msg, data) =>
		process[level === 'error' ? 'stderr' : 'stdout'].write(JSON.stringify({ level, time: new Date().toISOString(), msg, ...data }) + '\n')
	return {
		log: entry.log ?? { info: fallback('info'), warn: fallback('warn'), error: fallback('error') },
		// The same instance the built app reads (a global symbol), so its log lines carry the id too.
		requestContext: entry.requestContext ?? (globalThis[Symbol.for('learnchain.requestContext')] ??= new AsyncLocalStorage()),
		requestIdFrom: entry.requestIdFrom ?? (() => randomUUID()),
		scrubText: entry.scrubText ?? ((t) => t.replace(/\?.*$/, '')),
	}
}

export async function startServer({ port = Number(process.env.PORT ?? 3000) } = {}) {
	const build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
	const { log, requestContext, requestIdFrom, scrubText } = observability(build.entry.module)
	// Migrate and seed before taking traffic.
	await build.entry.module.bootstrap()

	let closing = false
	// Responses in progress, so a shutdown can ask their clients not to reuse the connection.
	const inFlight = new Set()
	const app = express()
	app.disable('x-powered-by')
	app.use(drainUnreadBody)
	// First of all: a request id (a sane incoming X-Request-Id, else a new one) in the response header and,
	// through AsyncLocalStorage, on every log line written while the request is served, then one access
	// line when it ends. The path is logged without secrets (reset tokens, OAuth codes).
	app.use((req, res, next) => {
		const id = requestIdFrom(req.headers['x-request-id'])
		req.headers['x-request-id'] = id
		res.setHeader('X-Request-Id', id)
		// Draining: tell keep-alive clients to go, so their sockets close once this answer is out.
		if (closing) res.setHeader('Connection', 'close')
		const started = process.hrtime.bigint()
		inFlight.add(res)
		res.once('close', () => {
			inFlight.delete(res)
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			const line = { reqId: id, method: req.method, path: scrubText(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 }
			if (!res.writableFinished) log.warn('request aborted', line)
			else log.info('request', line)
		})
		requestContext.run({ id }, next)
	})
	app.set('trust proxy', process.env.TRUST_PROXY === 'true')
	app.use(compression())
	app.use('/assets', compressedAssets(path.join(BUILD_DIR, 'client/assets')))
	app.use(
		'/assets',
		express.static(path.join(BUILD_DIR, 'client/assets'), { immutable: true, maxAge: '1y', index: false }),
	)
	// The few files at the root (favicon, social card) have an extension; pages do not, and skipping the
	// lookup for them saves a stat and a 404 error object on every page request.
	const rootFiles = express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h', index: false })
	app.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()))
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
		// Pages and data for a signed-in visitor are theirs alone: no shared cache may keep them, and no
		// browser cache either (the back button after signing out must not show them).
		if (req.headers.cookie?.includes('session_token=')) res.setHeader('Cache-Control', 'private, no-store')
		next()
	})
	// Anonymous visits to the static landings come from memory (server/html-cache.mjs).
	if (build.entry.module.languageOf) {
		app.use(createHtmlCache({ build, mode: process.env.NODE_ENV, languageOf: build.entry.module.languageOf, ttlMs: Number(process.env.HTML_CACHE_TTL_MS ?? 300_000) }))
	}
	// A few requests at a time through loaders and render, the rest in arrival order (server/gate.mjs).
	// Probes, the tutor (which may wait seconds on its model before answering) and code-challenge grading
	// (which waits on its worker threads, not on this thread) do not queue.
	const gate = createGate({
		// The embedded database serves one query at a time; PostgreSQL works beside us on other cores.
		// 0 turns the gate off.
		limit: process.env.MAX_CONCURRENT_REQUESTS ? Number(process.env.MAX_CONCURRENT_REQUESTS) : process.env.DATABASE_URL ? 8 : 4,
		bypass: (req) =>
			req.path === '/healthz' || req.path === '/readyz' || req.path.startsWith('/api/ai-chat') || req.path === '/resources/challenges/run' || req.path === '/resources/challenges/check',
	})
	// While the database is away, loaders and actions answer 503 (app/lib/db-faults.server.ts).
	const guardedBuild = build.entry.module.withDatabaseFaults?.(build) ?? build
	app.all('/{*splat}', gate, createRequestHandler({ build: guardedBuild, mode: process.env.NODE_ENV }))

	const server = await new Promise((resolve) => {
		const s = app.listen(port, () => resolve(s))
	})
	// Keep idle connections longer than clients and proxies do, so a reused socket is never closed
	// under a request in flight (seen as ECONNRESET with Node's 5 s default).
	server.keepAliveTimeout = 65_000
	server.headersTimeout = 66_000
	log.info('listening', { url: `http://localhost:${port}` })
	// MEMORY_LOG_SECONDS: a 'memory' line every so often, to tell a leak from a heap that is merely big:
	// besides RSS and the current heap, what was left right after the last full collection (the live
	// data) and `external` at that moment (PGlite's WebAssembly memory and buffers). npm run soak uses it.
	const memoryEvery = Number(process.env.MEMORY_LOG_SECONDS ?? 0)
	if (memoryEvery > 0) {
		const mb = (n) => Math.round(n / 104857.6) / 10
		let afterGc = { heap: 0, external: 0 }
		let fullGcs = 0
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) {
				if (entry.detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue
				afterGc = { ...afterGc, heap: process.memoryUsage().heapUsed }
				fullGcs++
				// ArrayBuffers a collection frees are released a moment later.
				setTimeout(() => (afterGc = { ...afterGc, external: process.memoryUsage().external }), 250).unref()
			}
		}).observe({ entryTypes: ['gc'] })
		setInterval(() => {
			const m = process.memoryUsage()
			log.info('memory', {
				rssMb: mb(m.rss),
				heapUsedMb: mb(m.heapUsed),
				heapTotalMb: mb(m.heapTotal),
				externalMb: mb(m.external),
				arrayBuffersMb: mb(m.arrayBuffers),
				fullGcs,
				heapAfterGcMb: mb(afterGc.heap),
				externalAfterGcMb: mb(afterGc.external),
			})
		}, memoryEvery * 1000).unref()
	}

	// SIGTERM: stop accepting connections, let the requests in flight finish (their keep-alive sockets
	// are closed as soon as they go idle), then close the database cleanly (PGlite checkpoints and
	// marks its files shut down). Requests still running after SHUTDOWN_TIMEOUT_MS are cut off, and the
	// database is closed all the same; the exit code then says the drain was not complete.
	const drainMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000)
	const shutdown = async (signal) => {
		if (closing) return
		closing = true
		const started = Date.now()
		log.info('draining requests', { signal, inFlight: inFlight.size })
		for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
		const drained = await new Promise((resolve) => {
			const idle = setInterval(() => server.closeIdleConnections(), 100)
			const timer = setTimeout(() => {
				clearInterval(idle)
				server.closeAllConnections()
				resolve(false)
			}, drainMs)
			server.close(() => {
				clearInterval(idle)
				clearTimeout(timer)
				resolve(true)
			})
			server.closeIdleConnections()
		})
		let code = drained ? 0 : 1
		try {
			await build.entry.module.shutdown?.()
			log.info('database closed', { drained, ms: Date.now() - started })
		} catch (error) {
			log.error('database close failed', { err: error })
			code = 1
		}
		process.exit(code)
	}
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
	process.on('SIGINT', () => void shutdown('SIGINT'))
	return server
}
