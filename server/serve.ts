import http from 'node:http'
import type { RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import { createApp } from './app.ts'
import { startMemoryLog } from './memory-log.ts'
import type { AppServices } from './services.ts'
import { createDrain } from './shutdown.ts'

/** Idle keep-alive connections outlive those of clients and proxies (60 s is common), so a reused socket is never closed under a request (seen as ECONNRESET with Node's 5 s default). */
const KEEP_ALIVE_MS = 65_000

/**
 * An HTTP server whose timeouts are enforced within a second: a client gets HEADERS_TIMEOUT_MS to send
 * its request head; the body deadlines are server/body-limits.ts's, with Node's request timeout as a
 * backstop just past the longest of them.
 */
function withTimeouts(server: http.Server, settings: { HEADERS_TIMEOUT_MS: number; UPLOAD_TIMEOUT_MS: number }) {
	server.headersTimeout = settings.HEADERS_TIMEOUT_MS
	server.requestTimeout = settings.UPLOAD_TIMEOUT_MS + settings.HEADERS_TIMEOUT_MS
	server.keepAliveTimeout = KEEP_ALIVE_MS
	return server
}

/** Node checks its timeouts every 30 s by default; once a second keeps a 10 s deadline a 10 s deadline. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000

/** Migrate and seed, then listen with the middleware stack of server/app.ts; shut down on SIGTERM. */
export async function serve(opts: {
	services: AppServices
	build: ServerBuild | (() => Promise<ServerBuild>)
	assets: RequestHandler
	htmlCache?: { build: ServerBuild }
	/** Development hands in the server Vite's HMR websocket already listens on. */
	server?: http.Server
}) {
	const { services } = opts
	const settings = services.readSettings()
	await services.bootstrap()
	const drain = createDrain()
	const { app } = createApp({ settings, services, build: opts.build, assets: opts.assets, htmlCache: opts.htmlCache, drain })
	const server = withTimeouts(opts.server ?? http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }), settings)
	server.on('request', app)
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(settings.PORT, () => resolve())
	})
	services.log.info('listening', { url: `http://localhost:${settings.PORT}` })
	startMemoryLog(services.log, settings.MEMORY_LOG_SECONDS, services.keptPagesBytes)
	drain.install(server, { log: services.log, timeoutMs: settings.SHUTDOWN_TIMEOUT_MS, closeApp: services.shutdown })
	return server
}
