// Server-side cache of the static public pages' HTML (the landings: routes whose handle says
// `hydrate: false`), one entry per path, language and theme. Those pages do not depend on who asks, as long
// as nobody is signed in (signed-in visitors see a Dashboard link), so anonymous GETs without a query
// string are answered from memory instead of running loaders and React for every visitor.
//
// The CSP nonce stays per response: the cached HTML is kept as bytes cut at the nonce it was rendered with,
// and each answer joins them with a fresh one (in the island's <script nonce> and in the header). The pages
// carry no user content, so the old nonce cannot appear anywhere else in them. An answer is one copy of
// those bytes: no string to encode again and no ETag to hash (the nonce makes every answer's bytes unique,
// so an ETag could never match).
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { acceptsGzip, deflatePieces, gzipWithNonce } from '../app/lib/gzip-pieces.server.ts'
import { cutAtNonce, joinWithNonce, newNonce } from '../app/lib/nonces.server.ts'
import { requestUrl } from './react-router.ts'

type RouteLike = { id: string; parentId?: string; path?: string; index?: boolean; module?: { handle?: unknown } }

/** Full paths (no params) of routes that are static pages, read from the server build's route modules. */
export function staticPagePaths(routes: Record<string, RouteLike | undefined>): Set<string> {
	const parent = (r: RouteLike) => (r.parentId ? routes[r.parentId] : undefined)
	const isStatic = (route: RouteLike) => {
		for (let r: RouteLike | undefined = route; r; r = parent(r)) if ((r.module?.handle as { hydrate?: boolean } | undefined)?.hydrate === false) return true
		return false
	}
	const fullPath = (route: RouteLike) => {
		const parts: string[] = []
		for (let r: RouteLike | undefined = route; r; r = parent(r)) if (r.path) parts.unshift(r.path)
		return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')
	}
	const all = Object.values(routes).filter((r): r is RouteLike => Boolean(r))
	const hasChildren = (route: RouteLike) => all.some((r) => r.parentId === route.id)
	const paths = new Set<string>()
	for (const route of all) {
		if (!isStatic(route) || (!route.index && hasChildren(route))) continue
		const p = fullPath(route)
		if (!/[:*]/.test(p)) paths.add(p)
	}
	return paths
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/
type Entry = { pieces: Buffer[]; deflated?: Buffer[]; headers: [string, string][]; nonce: string; expires: number }
type Rendered = { response: Response; body: Buffer; nonce: string | undefined }

export function createHtmlCache({
	build,
	mode,
	languageOf,
	themeOf,
	ttlMs = 300_000,
	maxEntries = 200,
}: {
	build: ServerBuild
	mode: string
	languageOf: (cookie: string | undefined, acceptLanguage: string | undefined) => string
	/**
	 * The theme <html> carries for a cookie header, read by the very function the page renders with (a parser of
	 * its own filed a `%64ark` cookie's dark page under "system" for everyone). Anything but an explicit choice is
	 * "system", so a forged value cannot add entries.
	 */
	themeOf: (cookie: string | undefined) => string
	ttlMs?: number
	maxEntries?: number
}): RequestHandler {
	const paths = staticPagePaths(build.routes as Record<string, RouteLike | undefined>)
	const handle = createRequestHandler(build, mode)
	const entries = new Map<string, Entry>()
	const rendering = new Map<string, Promise<Rendered>>()

	async function render(req: ExpressRequest): Promise<Rendered> {
		const headers = new Headers()
		// The entry is kept as plain HTML (cut at its nonce): the app must not answer it already gzipped.
		for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'accept-encoding') headers.set(k, v)
		const response = await handle(new Request(requestUrl(req), { method: 'GET', headers }))
		const body = Buffer.from(await response.arrayBuffer())
		const nonce = response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]
		return { response, body, nonce }
	}

	function send(res: ExpressResponse, status: number, headers: [string, string][], body: Buffer, cache: string, cookies: string[] = []) {
		res.status(status)
		// X-Render tells how the app answered the render this entry was made from, not this answer.
		for (const [k, v] of headers) if (k !== 'set-cookie' && k !== 'content-length' && k !== 'x-render') res.setHeader(k, v)
		if (cookies.length) res.setHeader('Set-Cookie', cookies)
		res.setHeader('X-Cache', cache)
		res.setHeader('Content-Length', body.length)
		res.end(body)
	}

	/** Express middleware; put it right before the React Router handler. */
	return async function htmlCache(req, res, next) {
		if (ttlMs <= 0 || req.method !== 'GET' || !paths.has(req.path) || req.originalUrl.includes('?')) return next()
		if (SESSION_COOKIE.test(req.headers.cookie ?? '')) return next()
		try {
			const key = `${req.path}|${languageOf(req.headers.cookie, req.headers['accept-language'])}|${themeOf(req.headers.cookie)}`
			let entry = entries.get(key)
			let state = 'HIT'
			if (!entry || entry.expires < Date.now()) {
				state = 'MISS'
				let pending = rendering.get(key)
				if (!pending) {
					pending = render(req).finally(() => rendering.delete(key))
					rendering.set(key, pending)
				}
				const { response, body, nonce } = await pending
				const cacheable =
					response.status === 200 &&
					nonce &&
					!response.headers.has('set-cookie') &&
					!response.headers.has('content-encoding') &&
					response.headers.get('content-type')?.startsWith('text/html')
				if (!cacheable || !nonce) return send(res, response.status, [...response.headers], body, 'BYPASS', response.headers.getSetCookie())
				entry = { pieces: cutAtNonce(body, nonce), headers: [...response.headers], nonce, expires: Date.now() + ttlMs }
				if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
				entries.set(key, entry)
			}
			const fresh = newNonce()
			const old = entry.nonce
			const headers = entry.headers.map(([k, v]): [string, string] => [
				k,
				k === 'content-security-policy' ? v.replace(`'nonce-${old}'`, `'nonce-${fresh}'`) : v,
			])
			// To a client that takes gzip (every browser), gzipped from pieces deflated once per entry rather than
			// compressed per answer (the server's compression passes an encoded body on as it is).
			if (acceptsGzip(req.headers['accept-encoding'] ?? null)) {
				entry.deflated ??= deflatePieces(entry.pieces)
				headers.push(['content-encoding', 'gzip'])
				return send(res, 200, headers, gzipWithNonce(entry.pieces, entry.deflated, fresh), state)
			}
			send(res, 200, headers, joinWithNonce(entry.pieces, fresh), state)
		} catch (error) {
			next(error)
		}
	}
}
