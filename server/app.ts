import compression from 'compression'
import express, { type RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import type { Settings } from '../app/lib/env.server.ts'
import { BODY_LIMITS } from '../app/lib/forms.server.ts'
import { bodyLimits } from './body-limits.ts'
import { clientAddress } from './client-address.ts'
import { createGate, reportStarvedGate } from './gate.ts'
import { createHtmlCache } from './html-cache.ts'
import { reactRouterHandler } from './react-router.ts'
import { requestLog } from './request-log.ts'
import { retryAfterOn429 } from './retry-after.ts'
import { privateWhenSignedIn, refuseCrossSiteWrites, securityHeaders } from './security-headers.ts'
import type { AppServices } from './services.ts'
import type { Drain } from './shutdown.ts'

/** The admin content pack upload: the one route that takes a body bigger than a form. */
const PACK_PATHS = new Set(['/dashboard/admin/content', '/dashboard/admin/content.data'])
/** Code-challenge grading: it waits on a grading worker thread, not on this one. */
const GRADING_PATHS = new Set(['/resources/challenges/run', '/resources/challenges/check'])
/** Content packs held in memory at once (20 MB each at most). */
const MAX_UPLOADS = 2

type AppOptions = {
	settings: Settings
	services: AppServices
	/** The app; development passes a function, so each request gets the freshly edited modules. */
	build: ServerBuild | (() => Promise<ServerBuild>)
	/** Production: the built static files. Development: Vite's middlewares (modules, HMR client, CSS). */
	assets: RequestHandler
	/** Production only: anonymous landing visits are answered from memory (server/html-cache.ts). */
	htmlCache?: { build: ServerBuild }
	drain?: Drain
}

/**
 * The one middleware stack of the HTTP server, the same in production and `npm run dev`, in this order:
 * request id and access log, client address, defence headers and the CSRF check, compression, static
 * files, body caps and read deadline, the starved-gate readiness check, the landing HTML cache, the
 * request gate, and React Router.
 */
export function createApp({ settings, services, build, assets, htmlCache, drain }: AppOptions) {
	const appOrigin = new URL(settings.APP_URL).origin
	const app = express()
	app.disable('x-powered-by')
	if (drain) app.use(drain.track)
	app.use(requestLog(services))
	app.use(clientAddress(settings.trustProxy))
	app.use(retryAfterOn429)
	app.use(securityHeaders({ hsts: appOrigin.startsWith('https://') && settings.NODE_ENV === 'production' }))
	app.use(refuseCrossSiteWrites(appOrigin))
	app.use(compression())
	app.use(assets)
	app.use(privateWhenSignedIn)
	app.use(
		bodyLimits({
			limits: BODY_LIMITS,
			timeoutMs: settings.BODY_TIMEOUT_MS,
			uploadTimeoutMs: settings.UPLOAD_TIMEOUT_MS,
			maxUploads: MAX_UPLOADS,
			isPackPath: (p) => PACK_PATHS.has(p),
			log: services.log,
		}),
	)
	// A few requests at a time through loaders and render, the rest in arrival order (server/gate.ts).
	// Probes, the tutor (which may wait seconds on its model before answering) and code-challenge grading
	// (which waits on a worker thread, not on this one) do not queue.
	const gate = createGate({
		limit: settings.maxConcurrentRequests,
		bypass: (req) => req.path === '/healthz' || req.path === '/readyz' || req.path.startsWith('/api/ai-chat') || GRADING_PATHS.has(req.path),
	})
	app.use(reportStarvedGate(gate))
	if (htmlCache && settings.HTML_CACHE_TTL_MS > 0) {
		app.use(
			createHtmlCache({
				build: htmlCache.build,
				mode: settings.NODE_ENV,
				languageOf: services.languageOf,
				themeOf: services.themeOf,
				ttlMs: settings.HTML_CACHE_TTL_MS,
			}),
		)
	}
	// While the database is away, every loader and action answers 503 (app/lib/db-faults.server.ts).
	const guarded = typeof build === 'function' ? async () => services.withDatabaseFaults(await build()) : services.withDatabaseFaults(build)
	app.all('/{*splat}', gate, reactRouterHandler({ build: guarded, mode: settings.NODE_ENV }))
	return { app, gate }
}
