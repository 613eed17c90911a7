import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BUNDLE_LIMITS, BundleError, unpackZip } from './bundle-zip.server.ts'

/** A .zip written byte by byte, so an entry can declare whatever size it likes (as a hostile one would). */
function rawZip(entries: { name: string; content: Buffer; declared?: number }[]): Uint8Array {
	const locals: Buffer[] = []
	const central: Buffer[] = []
	let offset = 0
	for (const e of entries) {
		const name = Buffer.from(e.name)
		const data = zlib.deflateRawSync(e.content)
		const crc = zlib.crc32(e.content)
		const size = e.declared ?? e.content.length
		const local = Buffer.alloc(30)
		local.writeUInt32LE(0x04034b50, 0)
		local.writeUInt16LE(20, 4)
		local.writeUInt16LE(8, 8)
		local.writeUInt32LE(crc, 14)
		local.writeUInt32LE(data.length, 18)
		local.writeUInt32LE(size, 22)
		local.writeUInt16LE(name.length, 26)
		const dir = Buffer.alloc(46)
		dir.writeUInt32LE(0x02014b50, 0)
		dir.writeUInt16LE(20, 4)
		dir.writeUInt16LE(20, 6)
		dir.writeUInt16LE(8, 10)
		dir.writeUInt32LE(crc, 16)
		dir.writeUInt32LE(data.length, 20)
		dir.writeUInt32LE(size, 24)
		dir.writeUInt16LE(name.length, 28)
		dir.writeUInt32LE(offset, 42)
		locals.push(local, name, data)
		central.push(dir, name)
		offset += local.length + name.length + data.length
	}
	const dir = Buffer.concat(central)
	const end = Buffer.alloc(22)
	end.writeUInt32LE(0x06054b50, 0)
	end.writeUInt16LE(entries.length, 8)
	end.writeUInt16LE(entries.length, 10)
	end.writeUInt32LE(dir.length, 12)
	end.writeUInt32LE(offset, 16)
	return new Uint8Array(Buffer.concat([...locals, dir, end]))
}

async function refusal(promise: Promise<unknown>) {
	try {
		await promise
		return 'accepted'
	} catch (e) {
		return e instanceof BundleError ? e.code : String(e)
	}
}

describe('content pack limits (issue 16, point 5)', () => {
	it('measures what comes out, not what the archive declares: a bomb declaring 100 bytes is refused', async () => {
		// 64 MB of one character compresses to about 64 KB.
		const bomb = rawZip([{ name: 'paths/_path.md', content: Buffer.alloc(64 * 1024 * 1024, 'a'), declared: 100 }])
		expect(bomb.length).toBeLessThan(128 * 1024)
		expect(await refusal(unpackZip(bomb))).toBe('tooLarge')
	})

	it('refuses a file that grows too far past its compressed size, and archives with too many entries', async () => {
		const swollen = rawZip([{ name: 'p/lesson.md', content: Buffer.alloc(BUNDLE_LIMITS.ratioFreeBytes * 3, 'b') }])
		expect(await refusal(unpackZip(swollen))).toBe('tooLarge')
		const crowded = rawZip(Array.from({ length: BUNDLE_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `p/f${i}.txt`, content: Buffer.from('x') })))
		expect(await refusal(unpackZip(crowded))).toBe('tooLarge')
		expect(await refusal(unpackZip(new Uint8Array(Buffer.from('PK\u0005\u0006 truncated'))))).toBe('notZip')
	})

	it('inflates off the event loop: other work goes on while a large, legitimate pack is unpacked', async () => {
		// 40 files of 1 MB each: within every limit, and a few hundred milliseconds of inflating.
		const pack = rawZip(
			Array.from({ length: 40 }, (_, i) => ({ name: `p/c/m/lesson-${i}.md`, content: Buffer.alloc(BUNDLE_LIMITS.ratioFreeBytes, `${i % 10}`) })),
		)
		let turns = 0
		let done = false
		const spin = () => {
			if (done) return
			turns++
			setImmediate(spin)
		}
		setImmediate(spin)
		const files = await unpackZip(pack)
		done = true
		expect(files).toHaveLength(40)
		expect(files[3]!.text.length).toBe(BUNDLE_LIMITS.ratioFreeBytes)
		// The event loop kept turning while the files were inflated (a synchronous unzip allows none).
		expect(turns).toBeGreaterThan(40)
	})

	it('stops when asked to', async () => {
		const pack = rawZip([{ name: 'p/_path.md', content: Buffer.from('---\ntitle: x\n---\n') }])
		const controller = new AbortController()
		controller.abort()
		await expect(unpackZip(pack, { signal: controller.signal })).rejects.toThrow(/abort/i)
	})
})
