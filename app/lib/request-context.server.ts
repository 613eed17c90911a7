import { randomUUID } from 'node:crypto'
import { AsyncLocalStorage } from 'node:async_hooks'

/** What every log line written while serving one request carries. */
export type RequestContext = { id: string }

// One instance per process, whichever copy of this module asks: the HTTP server (server/) and the built app
// (and the dev server's reloaded modules) all find it under the same global symbol.
const KEY = Symbol.for('learnchain.requestContext')
const g = globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> }
export const requestContext: AsyncLocalStorage<RequestContext> = (g[KEY] ??= new AsyncLocalStorage<RequestContext>())

/** Ids a proxy or client may hand us: short, and only characters that are safe in a log or a header. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** The incoming X-Request-Id when it is sane, else a fresh one. */
export function requestIdFrom(header: string | string[] | null | undefined): string {
	const value = Array.isArray(header) ? header[0] : header
	return value && SAFE_ID.test(value) ? value : randomUUID()
}
