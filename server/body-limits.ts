import type { IncomingMessage } from 'node:http'
import type { RequestHandler, Response } from 'express'
import type { BodyKind } from '../app/lib/forms.server.ts'
import type { Log } from './services.ts'

// Request bodies are read here, in full, before the request may take a slot of the request gate: a client
// that sends its body slowly (a byte a second) holds nothing but its own socket, and is cut off at the
// deadline with 408. Each kind of body has a byte cap, counted on the bytes that arrive (a chunked body
// declares no length), and a body past it is refused with 413 without being read on. The app then reads
// the body from memory (server/react-router.ts); app/lib/forms.server.ts caps it again per route.

const bodies = new WeakMap<IncomingMessage, Buffer>()

/** The body this middleware read, for the React Router handler. */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
	return bodies.get(req)
}

type BodyRules = {
	limits: Record<BodyKind, number>
	/** Deadline for a form or JSON body, from the end of the headers to the last byte. */
	timeoutMs: number
	/** Deadline for a content pack upload (up to 20 MB over an admin's connection). */
	uploadTimeoutMs: number
	/** Content pack bodies held in memory at once; more wait for none of them and are told to retry. */
	maxUploads: number
	/** Paths that take a content pack upload (admins only; the app checks the role). */
	isPackPath: (path: string) => boolean
	log: Log
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/
/** After answering a refused body, the client gets this long to read the answer before its socket goes. */
const LINGER_MS = 1000
/** What is still read (and dropped) of a refused body before answering: see drainThenRefuse. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024
const DRAIN_MS = 5000

function hasBody(req: IncomingMessage) {
	const length = req.headers['content-length']
	return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
}

function kindOf(req: IncomingMessage & { path: string }, rules: BodyRules): BodyKind {
	const type = String(req.headers['content-type'] ?? '').toLowerCase()
	// Only a signed-in visitor can be an admin; anyone else gets the form cap even on the upload path.
	if (rules.isPackPath(req.path) && type.startsWith('multipart/form-data') && SESSION_COOKIE.test(req.headers.cookie ?? '')) return 'pack'
	return type.includes('application/json') ? 'json' : 'form'
}

/** Answers now and closes the connection once the answer is out, whatever the client is still sending. */
function refuse(res: Response, status: number, error: string, headers: Record<string, string> = {}) {
	res.setHeader('Connection', 'close')
	for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
	res.once('finish', () => setTimeout(() => res.req.socket.destroy(), LINGER_MS).unref())
	res.status(status).json({ ok: false, error })
}

/**
 * Refuses a body that is too large, after reading and dropping what the client still sends of it (up to
 * DRAIN_MAX_BYTES, for up to DRAIN_MS). Closing a socket with unread bytes in it resets the connection, and a
 * client still writing its body then sees ECONNRESET instead of our answer. Past either bound the answer goes
 * at once, and a client still sending is cut off.
 */
function drainThenRefuse(req: IncomingMessage, res: Response, status: number, error: string, headers: Record<string, string> = {}) {
	let dropped = 0
	let done = false
	const answer = () => {
		if (done) return
		done = true
		clearTimeout(timer)
		req.off('data', onData)
		req.off('end', answer)
		req.off('close', gone)
		refuse(res, status, error, headers)
	}
	const onData = (chunk: Buffer) => {
		dropped += chunk.length
		if (dropped > DRAIN_MAX_BYTES) answer()
	}
	const gone = () => {
		done = true
		clearTimeout(timer)
	}
	const timer = setTimeout(answer, DRAIN_MS)
	req.on('data', onData)
	req.once('end', answer)
	req.once('close', gone)
	req.resume()
}

export function bodyLimits(rules: BodyRules): RequestHandler {
	let uploads = 0
	return (req, res, next) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || !hasBody(req)) return next()
		const kind = kindOf(req, rules)
		const limit = rules.limits[kind]
		const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length'])
		if (declared !== undefined && !(declared <= limit)) {
			rules.log.warn('request body too large', { kind, declared, limit })
			return drainThenRefuse(req, res, 413, 'errors.bodyTooLarge')
		}
		if (kind === 'pack') {
			if (uploads >= rules.maxUploads) return drainThenRefuse(req, res, 503, 'errors.busy', { 'Retry-After': '30' })
			uploads++
		}
		const ms = kind === 'pack' ? rules.uploadTimeoutMs : rules.timeoutMs
		const chunks: Buffer[] = []
		let size = 0
		let settled = false
		const settle = (then: () => void) => {
			if (settled) return
			settled = true
			clearTimeout(timer)
			req.off('data', onData)
			req.off('end', onEnd)
			req.off('close', onClose)
			if (kind === 'pack') uploads--
			then()
		}
		const timer = setTimeout(
			() =>
				settle(() => {
					rules.log.warn('request body too slow', { kind, received: size, declared, ms })
					refuse(res, 408, 'errors.requestTimeout')
				}),
			ms,
		)
		const onData = (chunk: Buffer) => {
			size += chunk.length
			if (size <= limit) chunks.push(chunk)
			else
				settle(() => {
					rules.log.warn('request body too large', { kind, received: size, limit })
					drainThenRefuse(req, res, 413, 'errors.bodyTooLarge')
				})
		}
		const onEnd = () =>
			settle(() => {
				bodies.set(req, Buffer.concat(chunks, size))
				next()
			})
		// The client went away mid-body: nothing to answer (the access log records the abort).
		const onClose = () => settle(() => {})
		req.on('data', onData)
		req.once('end', onEnd)
		req.once('close', onClose)
	}
}
