import type { IncomingMessage } from 'node:http'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { wholeBodyOf } from '../app/lib/whole-response.server.ts'
import { bufferedBody } from './body-limits.ts'
import { requestProtocol } from './client-address.ts'

// The React Router app as an Express handler: @react-router/express's adapter, except that the request body
// is the one server/body-limits.ts already read into memory (never the socket's stream, so no route can be
// left waiting on a slow client), and the URL's host is the Host header (never X-Forwarded-Host).

/** The URL the client asked for, as the app sees it. */
export function requestUrl(req: IncomingMessage & { originalUrl?: string }): URL {
	const host = String(req.headers.host ?? '').split(/[\\/?#@\s]/)[0] || 'localhost'
	const pathname = req.originalUrl ?? req.url ?? '/'
	try {
		return new URL(`${requestProtocol(req)}://${host}${pathname}`)
	} catch {
		return new URL(`${requestProtocol(req)}://localhost${pathname.startsWith('/') ? pathname : '/'}`)
	}
}

/** A Fetch API request for `req`, aborted when the client goes away before the answer is out. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
	// Pairs, filled into the Request's own headers once (a Headers object here would be copied into it).
	const headers: [string, string][] = []
	for (const [key, value] of Object.entries(req.headers)) {
		if (Array.isArray(value)) for (const v of value) headers.push([key, v])
		else if (value !== undefined) headers.push([key, value])
	}
	let controller: AbortController | null = new AbortController()
	res.on('finish', () => (controller = null))
	res.on('close', () => controller?.abort())
	const init: RequestInit = { method: req.method, headers, signal: controller.signal }
	if (req.method !== 'GET' && req.method !== 'HEAD') init.body = (bufferedBody(req) as Uint8Array<ArrayBuffer> | undefined) ?? null
	return new Request(requestUrl(req), init)
}

/**
 * What `reader` holds before the event loop turns: its chunks, and the read still waiting (`next`), or null when
 * the body ended. React Router encodes an answer with nothing deferred in microtasks, so a data request's or an
 * action's answer is whole by then; a deferred part comes later, through `next`.
 */
async function readReady(reader: ReadableStreamDefaultReader<Uint8Array>) {
	const chunks: Uint8Array[] = []
	const later = new Promise<'later'>((resolve) => setImmediate(resolve, 'later'))
	for (;;) {
		const next = reader.read()
		const read = await Promise.race([next, later])
		if (read === 'later') return { chunks, next }
		if (read.done) return { chunks, next: null }
		chunks.push(read.value)
	}
}

/**
 * `head`, then the rest of the body from the read `next` that waits for it, onto the socket, flushing each
 * chunk through compression (a streamed page or the tutor's SSE must not wait in its buffer). One 'drain'
 * listener for the whole answer: compression forwards listeners to its own stream but not their removal, so one
 * per chunk piled up (MaxListenersExceededWarning).
 */
async function pump(
	reader: ReadableStreamDefaultReader<Uint8Array>,
	head: Uint8Array,
	next: Promise<ReadableStreamReadResult<Uint8Array>>,
	res: ExpressResponse & { flush?: () => void },
) {
	let drained: (() => void) | undefined
	const gone = new Promise<'gone'>((resolve) => res.once('close', () => resolve('gone')))
	res.on('drain', () => drained?.())
	/** False when the client went away while its buffer was full. */
	const write = async (chunk: Uint8Array) => {
		const more = res.write(chunk)
		res.flush?.()
		return more || (await Promise.race([new Promise<void>((resolve) => (drained = resolve)), gone])) !== 'gone'
	}
	const stop = () => reader.cancel().catch(() => {})
	try {
		if (head.byteLength && !(await write(head))) return void (await stop())
		for (;;) {
			const read = await Promise.race([next, gone])
			if (read === 'gone') return void (await stop())
			if (read.done) return void res.end()
			if (!(await write(read.value))) return void (await stop())
			next = reader.read()
		}
	} finally {
		drained = undefined
	}
}

/** A Fetch API response onto an Express one. */
export async function send(res: ExpressResponse, response: Response) {
	if (res.destroyed || res.writableEnded) {
		await response.body?.cancel()
		return
	}
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [key, value] of response.headers.entries()) res.append(key, value)
	const events = /text\/event-stream/i.test(response.headers.get('content-type') ?? '')
	if (events) res.flushHeaders()
	if (!response.body) return void res.end()
	// A body of a stated length (a page) is whole: one write with the headers, no chunked framing and no
	// end-of-body write of its own. A page's bytes are written as the app made them (app/lib/whole-response.server.ts).
	const whole = wholeBodyOf(response)
	if (whole) return void res.end(whole)
	if (response.headers.has('content-length')) return void res.end(Buffer.from(await response.arrayBuffer()))
	const reader = response.body.getReader()
	try {
		// An SSE answer streams from its first event. Any other body that is whole before the event loop turns
		// leaves as a page does, with its length: no chunked framing and no stream to pump for one chunk.
		const ready = events ? { chunks: [], next: reader.read() } : await readReady(reader)
		const head = ready.chunks.length === 1 ? ready.chunks[0]! : Buffer.concat(ready.chunks)
		if (!ready.next) {
			if (!res.hasHeader('transfer-encoding')) res.setHeader('content-length', head.byteLength)
			return void res.end(head)
		}
		await pump(reader, head, ready.next, res)
	} catch (error) {
		if (!(res.destroyed || res.writableEnded)) throw error
	}
}

export function reactRouterHandler({ build, mode }: { build: ServerBuild | (() => Promise<ServerBuild>); mode: string }): RequestHandler {
	const handle = createRequestHandler(build, mode)
	return async (req, res, next) => {
		try {
			await send(res, await handle(fetchRequest(req, res)))
		} catch (error) {
			next(error)
		}
	}
}
