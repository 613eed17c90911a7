import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router'
import { createI18n, getLanguage } from '~/features/i18n/i18n.server.ts'
import { contentSecurityPolicy } from '~/features/security/headers.server.ts'
import { bootstrap as runBootstrap } from '~/features/system/bootstrap.server.ts'

export const streamTimeout = 5_000

/** Called by the HTTP server before it listens: migrate and seed. */
export const bootstrap = runBootstrap
export { shutdown } from '~/features/system/bootstrap.server.ts'

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const i18n = createI18n(getLanguage(request))
	const nonce = randomBytes(16).toString('base64')
	responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, { dev: import.meta.env.DEV }))

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

		const { pipe, abort } = renderToPipeableStream(
			<I18nextProvider i18n={i18n}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</I18nextProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
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
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
	})
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests are the client's choice, not our failure.
	if (request.signal.aborted) return
	console.error(error)
}
