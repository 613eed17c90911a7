// Server-side cache of the static public pages' HTML (the landings: routes whose handle says
// `hydrate: false`), one entry per path and language. Those pages do not depend on who asks, as long
// as nobody is signed in (signed-in visitors see a Dashboard link), so anonymous GETs without a query
// string are answered from memory instead of running loaders and React for every visitor.
//
// The CSP nonce stays per response: the cached HTML keeps the nonce it was rendered with, and each
// answer swaps in a fresh one (in the island's <script nonce> and in the header). The pages carry no
// user content, so the old nonce cannot appear anywhere else in them.
import { randomBytes } from 'node:crypto'
import { createRequestHandler } from 'react-router'

/** Full paths (no params) of routes that are static pages, read from the server build's route modules. */
export function staticPagePaths(routes) {
	const isStatic = (route) => {
		for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.module?.handle?.hydrate === false) return true
		return false
	}
	const fullPath = (route) => {
		const parts = []
		for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path)
		return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')
	}
	const hasChildren = (route) => Object.values(routes).some((r) => r.parentId === route.id)
	const paths = new Set()
	for (const route of Object.values(routes)) {
		if (!isStatic(route) || (!route.index && hasChildren(route))) continue
		const p = fullPath(route)
		if (!/[:*]/.test(p)) paths.add(p)
	}
	return paths
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

/**
 * @param {{ build: any, mode?: string, languageOf: (cookie: string | undefined, acceptLanguage: string | undefined) => string,
 *   ttlMs?: number, maxEntries?: number }} options
 */
export function createHtmlCache({ build, mode, languageOf, ttlMs = 300_000, maxEntries = 200 }) {
	const paths = staticPagePaths(build.routes)
	const handle = createRequestHandler(build, mode)
	/** @type {Map<string, { body: string, headers: [string, string][], nonce: string, expires: number }>} */
	const entries = new Map()
	/** @type {Map<string, Promise<any>>} */
	const rendering = new Map()

	async function render(req) {
		const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
		const headers = new Headers()
		for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
		const response = await handle(new Request(url, { method: 'GET', headers }))
		const body = await response.text()
		const nonce = response.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]
		return { response, body, nonce }
	}

	function send(res, status, headers, body, cache, cookies = []) {
		res.status(status)
		for (const [k, v] of headers) if (k !== 'set-cookie' && k !== 'content-length') res.setHeader(k, v)
		if (cookies.length) res.setHeader('Set-Cookie', cookies)
		res.setHeader('X-Cache', cache)
		res.send(body)
	}

	/** Express middleware; put it right before the React Router handler. */
	return async function htmlCache(req, res, next) {
		if (ttlMs <= 0 || req.method !== 'GET' || !paths.has(req.path) || req.originalUrl.includes('?')) return next()
		if (SESSION_COOKIE.test(req.headers.cookie ?? '')) return next()
		try {
			const key = `${req.path}|${languageOf(req.headers.cookie, req.headers['accept-language'])}`
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
					response.status === 200 && nonce && !response.headers.has('set-cookie') && response.headers.get('content-type')?.startsWith('text/html')
				if (!cacheable) return send(res, response.status, [...response.headers], body, 'BYPASS', response.headers.getSetCookie())
				entry = { body, headers: [...response.headers], nonce, expires: Date.now() + ttlMs }
				if (entries.size >= maxEntries) entries.delete(entries.keys().next().value)
				entries.set(key, entry)
			}
			const fresh = randomBytes(16).toString('base64')
			const headers = entry.headers.map(([k, v]) => [k, k === 'content-security-policy' ? v.replace(`'nonce-${entry.nonce}'`, `'nonce-${fresh}'`) : v])
			send(res, 200, headers, entry.body.replaceAll(`nonce="${entry.nonce}"`, `nonce="${fresh}"`), state)
		} catch (error) {
			next(error)
		}
	}
}
