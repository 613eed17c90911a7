/**
 * A kept page, gzipped once and answered gzipped many times, each time with its own nonce (issue 21).
 *
 * Browsers ask for compressed pages, and compressing a 50 KB page on every answer cost about as much CPU as
 * everything else a kept page does. A page kept as bytes changes between answers only at its nonce, so each
 * piece between two nonces is deflated once, ending in a full flush: the compressor forgets everything before
 * it, and the pieces, with the answer's nonce deflated between them, join into one valid deflate stream
 * (RFC 1951, section 3.2.3: blocks need not depend on earlier ones). An answer then costs a CRC-32 of the
 * page, not a compression: the nonce goes between the pieces as a stored block, uncompressed (starting a
 * compressor for its 24 bytes cost more than everything else the answer does with the page's bytes).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'

// ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952, section 2.3).
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
// The last block: an empty final block closing the stream.
const FINAL = deflateRawSync(Buffer.alloc(0))

const deflatePiece = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH })

/**
 * `bytes` (at most 65,535) as one stored block (RFC 1951, section 3.2.4). A full flush leaves the stream at a
 * byte boundary, so the block's header is one byte (not final, type 00, padding), then LEN and its complement.
 */
function storedBlock(bytes: Buffer): Buffer {
	const block = Buffer.alloc(5 + bytes.length)
	block.writeUInt16LE(bytes.length, 1)
	block.writeUInt16LE(~bytes.length & 0xffff, 3)
	bytes.copy(block, 5)
	return block
}

/**
 * Each piece of a page cut at its nonce, deflated on its own (made once per kept page), in one allocation of
 * their exact size. zlib hands a small result back as a view of its 16 KB output chunk, and a kept page is
 * counted against its budget by its bytes: a dashboard's 17 pieces held 272 KB for the few KB counted.
 */
export function deflatePieces(pieces: readonly Buffer[]): Buffer[] {
	const deflated = pieces.map(deflatePiece)
	const all = Buffer.allocUnsafeSlow(deflated.reduce((n, d) => n + d.length, 0))
	let at = 0
	return deflated.map((d) => {
		d.copy(all, at)
		at += d.length
		return all.subarray(at - d.length, at)
	})
}

/**
 * The gzip of the page `pieces` joined with `nonce` (what `joinWithNonce` gives, compressed), from the
 * pieces deflated by `deflatePieces`.
 */
export function gzipWithNonce(pieces: readonly Buffer[], deflated: readonly Buffer[], nonce: string): Buffer<ArrayBuffer> {
	const nonceBytes = Buffer.from(nonce)
	const nonceBlock = storedBlock(nonceBytes)
	let crc = 0
	let size = 0
	const parts: Buffer[] = [HEADER]
	for (let i = 0; i < pieces.length; i++) {
		if (i) {
			crc = crc32(nonceBytes, crc)
			size += nonceBytes.length
			parts.push(nonceBlock)
		}
		crc = crc32(pieces[i]!, crc)
		size += pieces[i]!.length
		parts.push(deflated[i]!)
	}
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size >>> 0, 4)
	parts.push(FINAL, trailer)
	return Buffer.concat(parts) as Buffer<ArrayBuffer>
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or `*`) without `q=0` (RFC 9110, section 12.5.3).
 * A header that names gzip with q=0 refuses it even when `*` would allow it.
 */
export function acceptsGzip(header: string | null): boolean {
	if (!header) return false
	let star = false
	for (const part of header.split(',')) {
		const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
		const q = params.find((p) => p.startsWith('q='))
		const allowed = q === undefined || Number(q.slice(2)) > 0
		if (name === 'gzip' || name === 'x-gzip') return allowed
		if (name === '*') star = allowed
	}
	return star
}
