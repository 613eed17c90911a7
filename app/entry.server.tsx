import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router'
import { createI18nStore, getLanguage } from '~/features/i18n/i18n.server.ts'
import { I18nProvider } from '~/features/i18n/react.tsx'
import { NonceContext } from '~/lib/nonce.tsx'
import { newNonce } from '~/lib/nonces.server.ts'
import { htmlStream, wholePage } from '~/lib/html-stream.server.ts'
import { createKeptRenders, defersData, renderKey, wantsFreshPage, type KeptRenders } from '~/lib/kept-renders.server.ts'
import { readHandoff, renderWhole } from '~/lib/whole-render.server.ts'
import { wholeResponse } from '~/lib/whole-response.server.ts'
import { assertSamePage, createKeptFragments } from '~/lib/kept-fragments.server.ts'
import { FragmentContext } from '~/components/kept-fragment.tsx'
import { acceptsGzip } from '~/lib/gzip-pieces.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { contentSecurityPolicy } from '~/features/security/headers.server.ts'
import { bootstrap as runBootstrap } from '~/features/system/bootstrap.server.ts'
import { isConnectionFault } from '#db/faults.ts'
import { RETRY_AFTER_SECONDS } from '~/lib/db-faults.server.ts'
import { log } from '~/lib/log.server.ts'

export const streamTimeout = 5_000

/** Called by the HTTP server before it listens: migrate and seed. */
export const bootstrap = runBootstrap
export { shutdown } from '~/features/system/bootstrap.server.ts'
/** For the HTTP server (server/react-router.ts): every loader and action answers 503 while the database is away. */
export { withDatabaseFaults } from '~/lib/db-faults.server.ts'
/** The page language for a cookie and Accept-Language header: the HTML cache's key (server/html-cache.ts). */
export { detectLanguage as languageOf } from '~/features/i18n/config.ts'
/** The theme <html> is rendered with for a cookie header: also part of the HTML cache's key. */
export { readTheme as themeOf } from '~/features/theme/config.ts'
// For the HTTP server (server/services.ts): the app's one logger (same redaction), request-id store and
// settings, shared with it rather than bundled twice.
export { log, scrubText } from '~/lib/log.server.ts'
export { requestContext, requestIdFrom } from '~/lib/request-context.server.ts'
export { readSettings } from '~/lib/env.server.ts'

// Pages asked again with the same data are answered from memory (lib/kept-renders.server.ts). Not in
// development: an edited component would not change the key.
let keptPages: KeptRenders | undefined
const keptRenders = () => (keptPages ??= createKeptRenders({ maxBytes: import.meta.env.DEV ? 0 : getEnv().KEPT_PAGES_MB * 1024 * 1024 }))
// Parts of pages kept by the data they show (components/kept-fragment.tsx), for the renders the kept pages
// cannot spare; not in development either.
let keptParts: ReturnType<typeof createKeptFragments> | undefined
const keptFragments = () => (keptParts ??= createKeptFragments({ maxBytes: import.meta.env.DEV ? 0 : getEnv().KEPT_FRAGMENTS_MB * 1024 * 1024 }))
/** The kept pages' bytes, for the server's memory line: a cache filling up to its budget is not a leak (npm run soak). */
export const keptPagesBytes = () => keptPages?.bytes ?? 0

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	if (responseStatusCode === 503) unavailableHeaders(responseHeaders)
	const language = getLanguage(request)
	const nonce = newNonce()
	responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }))
	const userAgent = request.headers.get('user-agent')
	const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

	const kept = keptRenders()
	const key = kept.on ? await renderKey(request, responseStatusCode, routerContext, [language, readyOption]) : null
	const page = key && !wantsFreshPage(request) ? kept.get(key, nonce, { gzip: acceptsGzip(request.headers.get('accept-encoding')) }) : undefined
	if (key) responseHeaders.set('X-Render', page === undefined ? 'rendered' : 'kept')
	if (page !== undefined) {
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		// Whole and known: the server writes it in one piece, headers and all (server/react-router.ts).
		responseHeaders.set('Content-Length', String(page.body.length))
		// Already gzipped: the server's compression passes an encoded body on as it is (server/app.ts).
		if (page.gzip) {
			responseHeaders.set('Content-Encoding', 'gzip')
			responseHeaders.append('Vary', 'Accept-Encoding')
		}
		return wholeResponse(page.body, { headers: responseHeaders, status: responseStatusCode })
	}
	const keep = key !== null && kept.admit(key)
	const i18n = createI18nStore(language)
	const tree = (
		<NonceContext.Provider value={nonce}>
			<I18nProvider store={i18n}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</I18nProvider>
		</NonceContext.Provider>
	)
	// Nothing deferred: the page is rendered in one pass and answered in one write with its length
	// (lib/whole-render.server.ts); when a part of it suspended, it is streamed and gathered whole below.
	const whole = !defersData(routerContext)
	const handoff = whole ? await readHandoff(routerContext) : null
	// A hard reload renders every part too (the bench's "every part rendered" rows), except under the check.
	const check = getEnv().TEST_KEPT_FRAGMENTS_CHECK
	const fragments = keptFragments().on && (check || !wantsFreshPage(request)) ? keptFragments().forRender() : null
	const rendered =
		handoff && renderWhole(fragments ? <FragmentContext.Provider value={fragments}>{tree}</FragmentContext.Provider> : tree, routerContext, handoff)
	const html = rendered && fragments ? fragments.finish(rendered) : rendered
	if (html && fragments && check) assertSamePage(html, renderWhole(tree, routerContext, handoff!), request.url)
	if (html) {
		const page = Buffer.from(html)
		if (keep) kept.set(key, page, nonce)
		if (fragments && fragments.hits + fragments.fills > 0) responseHeaders.set('X-Kept-Fragments', `${fragments.hits} of ${fragments.hits + fragments.fills}`)
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		responseHeaders.set('Content-Length', String(page.length))
		return wholeResponse(page, { headers: responseHeaders, status: responseStatusCode })
	}

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let failed = false
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(tree, {
			nonce,
			[readyOption]() {
				shellRendered = true
				responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
				if (whole) {
					// The status as the shell left it, as a streamed page would have sent it.
					const status = responseStatusCode
					pipe(
						wholePage((html) => {
							clearTimeout(timeoutId)
							if (keep && !failed) kept.set(key, html, nonce)
							responseHeaders.set('Content-Length', String(html.length))
							resolve(wholeResponse(html, { headers: responseHeaders, status }))
						}),
					)
					return
				}
				const body = htmlStream({
					onFinal() {
						clearTimeout(timeoutId)
						timeoutId = undefined
					},
					onWhole: keep ? (html) => failed || kept.set(key, html, nonce) : undefined,
				})
				pipe(body)
				resolve(
					new Response(createReadableStreamFromReadable(body), {
						headers: responseHeaders,
						status: responseStatusCode,
					}),
				)
			},
			onShellError(error: unknown) {
				reject(error)
			},
			onError(error: unknown) {
				failed = true
				responseStatusCode = 500
				if (shellRendered) log.error('render failed', { err: error })
			},
		})
	})
}

/** A 503 (the database is away) tells clients and proxies when to come back, and that it is not to be kept. */
function unavailableHeaders(headers: Headers) {
	headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
	headers.set('Cache-Control', 'no-store')
}

export function handleDataRequest(response: Response) {
	if (response.status === 503) unavailableHeaders(response.headers)
	return response
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests are the client's choice, and 4xx route responses (405 for a POST to a page
	// without an action, 404) are answers, not failures.
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status < 500) return
	// The database being away is logged once per episode (db/health.ts), not once per request.
	if ((isRouteErrorResponse(error) && error.status === 503) || isConnectionFault(error)) return
	log.error('request failed', { err: error })
}
