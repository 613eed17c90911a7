import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, deflatePieces, gzipWithNonce } from './gzip-pieces.server.ts'
import { cutAtNonce, joinWithNonce, newNonce } from './nonces.server.ts'

describe('a kept page gzipped with a new nonce', () => {
	const old = newNonce()
	const pages = {
		'nonces inside': `<!DOCTYPE html><html><head><script nonce="${old}">1</script></head><body>${'<p class="x">café, ação ✓</p>'.repeat(500)}<script nonce="${old}">2</script></body></html>`,
		'nonces at both ends and side by side': `${old}${old}<b>${'x'.repeat(70_000)}</b>${old}`,
		'no nonce': '<p>plain</p>',
		empty: '',
	}
	for (const [name, text] of Object.entries(pages)) {
		it(`unzips to the page with the new nonce: ${name}`, () => {
			const pieces = cutAtNonce(Buffer.from(text), old)
			const deflated = deflatePieces(pieces)
			for (const nonce of [newNonce(), newNonce()]) {
				const gz = gzipWithNonce(pieces, deflated, nonce)
				// gunzip checks the CRC-32 and the length in the trailer.
				expect(gunzipSync(gz).equals(joinWithNonce(pieces, nonce))).toBe(true)
				expect(gunzipSync(gz).toString()).toBe(text.replaceAll(old, nonce))
			}
		})
	}

	it('carries the nonce as a stored block of any length (LEN and NLEN both bytes)', () => {
		const pieces = cutAtNonce(Buffer.from(pages['nonces inside']), old)
		for (const nonce of ['', 'n', 'x'.repeat(300), 'é'.repeat(1000)]) {
			expect(gunzipSync(gzipWithNonce(pieces, deflatePieces(pieces), nonce)).equals(joinWithNonce(pieces, nonce))).toBe(true)
		}
	})

	it('holds no more memory than the bytes it is counted for', () => {
		// A kept page is counted against KEPT_PAGES_MB by its length. zlib hands a small result back as a view of
		// its 16 KB output chunk: a dashboard's 17 pieces held 272 KB for a few KB counted, and the soak's
		// memory outside the heap grew 36 % with the cache well inside its budget.
		const page = `<html><head>${`<script nonce="${old}">x</script>`.repeat(16)}</head><body>${'<p>a</p>'.repeat(2000)}</body></html>`
		const deflated = deflatePieces(cutAtNonce(Buffer.from(page), old))
		expect(deflated).toHaveLength(17)
		const held = [...new Set(deflated.map((d) => d.buffer))].reduce((n, b) => n + b.byteLength, 0)
		expect(held).toBe(deflated.reduce((n, d) => n + d.length, 0))
	})

	it('is much smaller than the page', () => {
		const pieces = cutAtNonce(Buffer.from(pages['nonces inside']), old)
		const gz = gzipWithNonce(pieces, deflatePieces(pieces), newNonce())
		expect(gz.length).toBeLessThan(joinWithNonce(pieces, old).length / 10)
	})
})

describe('Accept-Encoding', () => {
	it('takes gzip when it is named or allowed by *, not when q=0 refuses it', () => {
		expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
		expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true)
		expect(acceptsGzip('*')).toBe(true)
		expect(acceptsGzip('x-gzip')).toBe(true)
		expect(acceptsGzip(null)).toBe(false)
		expect(acceptsGzip('')).toBe(false)
		expect(acceptsGzip('br, deflate')).toBe(false)
		expect(acceptsGzip('gzip;q=0')).toBe(false)
		expect(acceptsGzip('gzip;q=0, *')).toBe(false)
		expect(acceptsGzip('*;q=0')).toBe(false)
		expect(acceptsGzip('identity')).toBe(false)
		expect(acceptsGzip('gzipped')).toBe(false)
	})
})
