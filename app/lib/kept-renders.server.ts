import { createHash } from 'node:crypto'
import type { EntryContext } from 'react-router'
import { deflatePieces, gzipWithNonce } from './gzip-pieces.server.ts'
import { readHandoff } from './whole-render.server.ts'
import { cutAtNonce, joinWithNonce } from './nonces.server.ts'

/**
 * Rendered pages kept by everything their render reads. React's render of a signed-in page is a function of
 * the URL, the language, how it is flushed (bots wait for the whole page) and the state React Router sends
 * to the browser for hydration (every route's loader data, action data and errors, in the stream the page
 * itself embeds). The key is a digest of exactly those; the same key gives the same HTML, so a page asked
 * again with nothing changed is answered without rendering, and any change in what a loader returns (a
 * completed lesson, a new name, a published course) is a new key. Nothing is invalidated because nothing can
 * be stale: no entry is ever shown for data it was not rendered from. An entry holds one user's data, so its
 * key always includes the user (the layout's and root's loaders return them).
 *
 * Only whole, successful GET renders are kept (status 200, no deferred data, no error while rendering). The
 * CSP nonce stays per response: an entry is kept in pieces split at the nonce it was rendered with, and
 * joined with the new response's nonce. To a client that takes gzip (every browser) the page goes gzipped
 * from pieces deflated the first time it is asked so (lib/gzip-pieces.server.ts), not compressed per answer.
 */
type Entry = { pieces: Buffer[]; deflated?: Buffer[]; bytes: number }
/** A kept page as answered: gzipped when the client takes it. */
export type KeptPage = { body: Buffer<ArrayBuffer>; gzip: boolean }
export type KeptRenders = ReturnType<typeof createKeptRenders>

/**
 * At most `maxBytes` of pages, least recently used out first; 0 keeps none. A page is kept from its second
 * render on: a key seen once is only remembered (the last `seenKeys` of them), so pages that never repeat (a
 * one-off query string, an admin list stamped with the time) cost no copy and push out nothing. Pages are
 * kept as bytes, outside the JavaScript heap, and sent as they are.
 */
export function createKeptRenders({ maxBytes, seenKeys = 4096 }: { maxBytes: number; seenKeys?: number }) {
	const entries = new Map<string, Entry>()
	const seen = new Set<string>()
	let bytes = 0
	/** Least recently used out until `room` more bytes fit (the entry being served is the most recent). */
	const makeRoom = (room: number) => {
		for (const [k, e] of entries) {
			if (bytes + room <= maxBytes) break
			entries.delete(k)
			bytes -= e.bytes
		}
	}

	return {
		on: maxBytes > 0,
		get(key: string, nonce: string, { gzip = false } = {}): KeptPage | undefined {
			const entry = entries.get(key)
			if (!entry) return undefined
			// Least recently used goes first: a hit moves the entry to the end.
			entries.delete(key)
			entries.set(key, entry)
			if (!gzip) return { body: joinWithNonce(entry.pieces, nonce), gzip: false }
			if (!entry.deflated) {
				entry.deflated = deflatePieces(entry.pieces)
				const size = entry.deflated.reduce((n, d) => n + d.length, 0)
				entries.delete(key)
				bytes -= entry.bytes
				makeRoom(entry.bytes + size)
				entry.bytes += size
				entries.set(key, entry)
				bytes += entry.bytes
			}
			return { body: gzipWithNonce(entry.pieces, entry.deflated, nonce), gzip: true }
		},
		/** Whether a render of `key` is to be kept: true from the second time it is asked. */
		admit(key: string): boolean {
			if (seen.delete(key)) return true
			if (seen.size >= seenKeys) seen.delete(seen.values().next().value!)
			seen.add(key)
			return false
		},
		set(key: string, page: Buffer, nonce: string) {
			const size = page.length
			if (size > maxBytes / 4) return
			const old = entries.get(key)
			if (old) {
				entries.delete(key)
				bytes -= old.bytes
			}
			makeRoom(size)
			entries.set(key, { pieces: cutAtNonce(page, nonce), bytes: size })
			bytes += size
		},
		get size() {
			return entries.size
		},
		get bytes() {
			return bytes
		},
	}
}

/**
 * The key of a page's render, or null when the render is not kept. Reads React Router's hydration stream
 * (lib/whole-render.server.ts: it is already encoded, eagerly, when the page renders; the render reads it again).
 */
export async function renderKey(request: Request, status: number, context: EntryContext, parts: string[]): Promise<string | null> {
	if (request.method !== 'GET' || status !== 200 || context.isSpaMode) return null
	if (defersData(context)) return null
	const handoff = await readHandoff(context)
	if (!handoff) return null
	const url = new URL(request.url)
	const hash = createHash('sha256').update(url.pathname + url.search)
	for (const part of parts) hash.update('\0' + part)
	hash.update('\0')
	for (const chunk of handoff.chunks) hash.update(chunk)
	return hash.digest('base64url')
}

/**
 * A hard reload (`Cache-Control: no-cache`) renders the page again, every part of it (no kept fragments either).
 * A kept page is never stale, so this is not for freshness: it lets a test or an operator compare two fresh
 * renders of the same data.
 */
export function wantsFreshPage(request: Request) {
	return /\bno-cache\b/.test(request.headers.get('cache-control') ?? '') || request.headers.get('pragma') === 'no-cache'
}

/** Whether a loader returned a promise for the page to stream in later (the page then cannot be whole at once). */
export function defersData(context: EntryContext) {
	for (const data of Object.values(context.staticHandlerContext.loaderData)) {
		if (data && typeof data === 'object' && Object.values(data).some(isThenable)) return true
	}
	return false
}

const isThenable = (value: unknown) => Boolean(value) && typeof (value as { then?: unknown }).then === 'function'
