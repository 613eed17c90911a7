import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'

/** The defence headers every answer carries (the CSP is per page: app/entry.server.tsx). */
export function securityHeaders({ hsts }: { hsts: boolean }): RequestHandler {
	return (_req, res, next) => {
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
		res.setHeader('X-Frame-Options', 'DENY')
		res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
		if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
		next()
	}
}

/**
 * A state-changing request from another site (CSRF): refused by its Origin, or by Sec-Fetch-Site when a
 * browser sends no Origin. Requests with neither header come from non-browser clients, which carry no
 * ambient cookies from another site.
 */
function isCrossSiteWrite(req: IncomingMessage, appOrigin: string): boolean {
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

/** Refuses cross-site writes before anything reads their body; the connection is closed rather than drained. */
export function refuseCrossSiteWrites(appOrigin: string): RequestHandler {
	return (req, res, next) => {
		if (!isCrossSiteWrite(req, appOrigin)) return next()
		res.setHeader('Connection', 'close')
		res.status(403).json({ error: 'Cross-site request refused' })
	}
}

/**
 * Pages and data for a signed-in visitor are theirs alone: no shared cache may keep them, and no browser
 * cache either (the back button after signing out must not show them). Mounted after the static files,
 * which keep their own caching.
 */
export const privateWhenSignedIn: RequestHandler = (req, res, next) => {
	if (req.headers.cookie?.includes('session_token=')) res.setHeader('Cache-Control', 'private, no-store')
	next()
}
