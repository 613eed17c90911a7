import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { strToU8, zipSync, type Zippable } from 'fflate'
import type { ContentIssue } from '~/features/catalog/content-files.server.ts'
import type { BundleFile } from './bundle-export.server.ts'

const inflateRaw = promisify(zlib.inflateRaw)

/**
 * Limits for uploaded bundles, on the bytes that come out, never on the sizes an archive declares (those
 * are the archive's own word): entries listed, bytes per file and in all, and how much bigger than its
 * compressed form a file may grow (a zip bomb inflates a few KB into gigabytes). Files up to `ratioFreeBytes`
 * may grow as they like: small files compress very well and can do no harm.
 */
export const BUNDLE_LIMITS = {
	maxEntries: 10_000,
	maxFileBytes: 5 * 1024 * 1024,
	maxTotalBytes: 100 * 1024 * 1024,
	maxRatio: 100,
	ratioFreeBytes: 1024 * 1024,
}

export class BundleError extends Error {
	constructor(
		readonly code: 'notZip' | 'unsafe' | 'tooLarge' | 'empty' | 'invalid',
		readonly detail = '',
		// 'invalid': every problem found, each naming its file, field and rule (shown translated).
		readonly issues: ContentIssue[] = [],
	) {
		super(detail || code)
	}
}

const SEGMENT = /^[\w.\- ]+$/
const junk = (name: string) => name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name) || /(^|\/)Thumbs\.db$/.test(name)

/** Pack files into a .zip (fixed timestamps, so the same curriculum gives the same bytes). */
export function packZip(files: BundleFile[]): Uint8Array {
	const entries: Zippable = {}
	for (const f of files) entries[f.path] = [strToU8(f.text), { mtime: new Date('2026-01-01T00:00:00Z') }]
	return zipSync(entries, { level: 6 })
}

type Entry = { name: string; method: number; flags: number; compressedSize: number; localOffset: number }

/** The central directory: where each entry's data is and how it is stored. Refuses ZIP64 and anything malformed. */
function listEntries(bytes: Uint8Array): Entry[] {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let end = -1
	for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
		if (view.getUint32(i, true) === 0x06054b50) {
			end = i
			break
		}
	}
	if (end < 0) throw new BundleError('notZip')
	const count = view.getUint16(end + 10, true)
	const dirOffset = view.getUint32(end + 16, true)
	if (count === 0xffff || dirOffset === 0xffffffff) throw new BundleError('tooLarge')
	if (count > BUNDLE_LIMITS.maxEntries) throw new BundleError('tooLarge')
	const entries: Entry[] = []
	const names = new TextDecoder()
	for (let i = 0, at = dirOffset; i < count; i++) {
		if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new BundleError('notZip')
		const nameLength = view.getUint16(at + 28, true)
		const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
		if (at + 46 + nameLength > bytes.length) throw new BundleError('notZip')
		entries.push({
			flags: view.getUint16(at + 8, true),
			method: view.getUint16(at + 10, true),
			compressedSize: view.getUint32(at + 20, true),
			localOffset: view.getUint32(at + 42, true),
			name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
		})
		at += 46 + skip
	}
	return entries
}

/** The stored bytes of one entry, as the local header says where they start. */
function dataOf(bytes: Uint8Array, entry: Entry): Uint8Array {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const at = entry.localOffset
	if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw new BundleError('notZip')
	const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
	if (start + entry.compressedSize > bytes.length) throw new BundleError('notZip')
	return bytes.subarray(start, start + entry.compressedSize)
}

/**
 * Unpack a .zip's Markdown files, refusing unsafe names (absolute, '..', odd characters) and archives
 * past the limits above. Inflating runs in Node's thread pool, one file at a time, each stopped as soon
 * as it passes what it may still grow to, so the event loop keeps serving requests whatever the archive
 * holds; `signal` stops between files (the admin who uploaded it went away).
 */
export async function unpackZip(bytes: Uint8Array, { signal }: { signal?: AbortSignal } = {}): Promise<BundleFile[]> {
	const entries = listEntries(bytes)
	const files: BundleFile[] = []
	let total = 0
	for (const entry of entries) {
		if (entry.name.endsWith('/') || junk(entry.name)) continue
		const parts = entry.name.split('/')
		if (entry.name.includes('\\') || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..')) throw new BundleError('unsafe', entry.name)
		// Markdown, and the Solidity files of code challenges.
		if (!entry.name.endsWith('.md') && !entry.name.endsWith('.sol')) continue
		signal?.throwIfAborted()
		// Encrypted entries and methods other than stored and deflate are no bundle we wrote.
		if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw new BundleError('notZip')
		const stored = dataOf(bytes, entry)
		const allowed = Math.min(
			BUNDLE_LIMITS.maxFileBytes,
			BUNDLE_LIMITS.maxTotalBytes - total,
			Math.max(BUNDLE_LIMITS.ratioFreeBytes, stored.length * BUNDLE_LIMITS.maxRatio),
		)
		let data: Uint8Array
		if (entry.method === 0) data = stored
		else {
			try {
				data = await inflateRaw(stored, { maxOutputLength: allowed + 1 })
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BundleError('tooLarge')
				throw new BundleError('notZip')
			}
		}
		if (data.length > allowed) throw new BundleError('tooLarge')
		total += data.length
		files.push({ path: entry.name, text: new TextDecoder().decode(data) })
	}
	return files
}
