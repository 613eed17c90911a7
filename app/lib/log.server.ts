import { pino, type DestinationStream, type Logger } from 'pino'
import { readSettings } from './env.server.ts'
import { requestContext } from './request-context.server.ts'

// Structured JSON logs, one object per line: info and warnings on stdout, errors on stderr. Every line
// written while a request is served carries its id (`reqId`, from the AsyncLocalStorage that
// server/request-log.ts opens per request). Secrets never reach the output: the keys below are censored
// wherever they appear (top level or one object deep, see `censored`), and message text is scrubbed of tokens in URLs.

const SECRET_KEYS = [
	'password',
	'newPassword',
	'currentPassword',
	'confirmPassword',
	'token',
	'accessToken',
	'refreshToken',
	'idToken',
	'secret',
	'clientSecret',
	'apiKey',
	'authorization',
	'cookie',
	'cookies',
	'set-cookie',
	'answer',
	'answers',
	'correctAnswer',
	'AUTH_SECRET',
	'AI_API_KEY',
]

const SECRET = new Set(SECRET_KEYS)
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key'])
const CENSOR = '[redacted]'

/**
 * A log line's facts with the secrets censored: each secret key at the top level and one level down, and
 * the secret headers inside `headers` at either level (`headers.cookie`, `request.headers.authorization`).
 * The caller's objects are never changed: what holds a secret is copied, and a line without one (nearly
 * every line) is the same object. pino's own `redact` did the same walk, but copied every line it wrote
 * (about ten times the cost of the line itself, on every request's access line).
 */
export function censored<T extends object>(value: T, depth = 0, inHeaders = false): T {
	let descriptors: PropertyDescriptorMap | undefined
	for (const key of Object.keys(value)) {
		let next: unknown = CENSOR
		if (!((depth < 2 && SECRET.has(key)) || (inHeaders && SECRET_HEADERS.has(key)))) {
			const inner = (value as Record<string, unknown>)[key]
			// Down one level anywhere, and a second level only into headers.
			if (inner === null || typeof inner !== 'object' || depth > 1 || (depth === 1 && key !== 'headers')) continue
			next = censored(inner, depth + 1, key === 'headers')
			if (next === inner) continue
		}
		descriptors ??= Object.getOwnPropertyDescriptors(value)
		descriptors[key] = { value: next, enumerable: true, writable: true, configurable: true }
	}
	return descriptors ? (Object.create(Object.getPrototypeOf(value), descriptors) as T) : value
}

const SECRET_QUERY = /([?&;](?:token|code|state|password|secret|key|api_key|otp)=)[^&#\s"']+/gi
const SECRET_PATH = /(\/(?:reset-password|verify-email|magic-link)\/)[^/?#\s"']+/gi
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g

/** A URL or message with the secrets it may carry (reset tokens, OAuth codes, credentials) censored. */
export function scrubText(text: string): string {
	return text.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]').replace(BEARER, '$1 [redacted]')
}

/**
 * LOG_LEVEL (fatal, error, warn, info, debug, trace or silent). Settings that do not parse are reported by
 * the start-up itself (getEnv); the logger must exist to say so, so it falls back to info meanwhile.
 */
function level(): string {
	try {
		return readSettings().LOG_LEVEL
	} catch {
		return 'info'
	}
}

/** The process logger; tests pass their own destination to read what would be written. */
export function createLogger(destination?: DestinationStream): Logger {
	const stream =
		destination ??
		pino.multistream(
			[
				{ level: 'trace', stream: process.stdout },
				{ level: 'error', stream: process.stderr },
			],
			{ dedupe: true },
		)
	return pino(
		{
			level: level(),
			base: { pid: process.pid },
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }), log: censored },
			messageKey: 'msg',
			serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
			mixin: () => {
				const id = requestContext.getStore()?.id
				return id ? { reqId: id } : {}
			},
		},
		stream,
	)
}

export const logger = createLogger()

type Data = Record<string, unknown>

function write(method: 'info' | 'warn' | 'error', msg: string, data?: Data) {
	logger[method](data ?? {}, scrubText(msg))
}

/** The app's logging API (unchanged since the JSON-lines logger): a message plus a flat object of facts. */
export const log = {
	info: (msg: string, data?: Data) => write('info', msg, data),
	warn: (msg: string, data?: Data) => write('warn', msg, data),
	error: (msg: string, data?: Data) => write('error', msg, data),
}
