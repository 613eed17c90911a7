/**
 * CSP nonces, server side: a fresh one per answer, and a page kept as bytes for many answers, each with its own: cut once at every occurrence of the
 * nonce it was rendered with, joined with each answer's. The nonce is 16 random bytes in base64, so it occurs
 * nowhere else in a page. Shared by the kept renders (app/lib/kept-renders.server.ts) and the landings' cache
 * (server/html-cache.ts), so both answer with one copy of bytes instead of re-encoding a string per answer.
 */

import { randomBytes } from 'node:crypto'

// A nonce is 16 bytes of the system's random source; they are drawn 256 nonces at a time (as Node's
// randomUUID does) rather than one call to the source per answer, which cost 5-7 µs each here.
const NONCE_BYTES = 16
let pool = Buffer.alloc(0)
let taken = 0

/** A fresh CSP nonce (base64 of 16 random bytes, never handed out twice). */
export function newNonce(): string {
	if (taken >= pool.length) {
		pool = randomBytes(NONCE_BYTES * 256)
		taken = 0
	}
	taken += NONCE_BYTES
	return pool.toString('base64', taken - NONCE_BYTES, taken)
}

/** Views of `page` between the occurrences of `nonce` (no copy). */
export function cutAtNonce(page: Buffer, nonce: string): Buffer[] {
	const needle = Buffer.from(nonce)
	const pieces: Buffer[] = []
	let at = 0
	for (let i = page.indexOf(needle); i >= 0; i = page.indexOf(needle, at)) {
		pieces.push(page.subarray(at, i))
		at = i + needle.length
	}
	pieces.push(page.subarray(at))
	return pieces
}

/** The page again with `nonce` where the old one was: a new allocation of its own, which is what a response body takes. */
export function joinWithNonce(pieces: readonly Buffer[], nonce: string): Buffer<ArrayBuffer> {
	const nonceBytes = Buffer.from(nonce)
	return Buffer.concat(pieces.flatMap((piece, i) => (i ? [nonceBytes, piece] : [piece]))) as Buffer<ArrayBuffer>
}
