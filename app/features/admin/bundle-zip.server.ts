import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import type { BundleFile } from './bundle-export.server.ts'

// Limits for uploaded bundles: a zip bomb or a million tiny files is refused before it is unpacked.
export const BUNDLE_LIMITS = { maxFiles: 10_000, maxFileBytes: 5 * 1024 * 1024, maxTotalBytes: 100 * 1024 * 1024 }

export class BundleError extends Error {
	constructor(
		readonly code: 'notZip' | 'unsafe' | 'tooLarge' | 'empty' | 'invalid',
		readonly detail = '',
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

/** Unpack a .zip's text files, refusing unsafe names (absolute, '..', odd characters) and oversized content. */
export function unpackZip(bytes: Uint8Array): BundleFile[] {
	let count = 0
	let total = 0
	let unsafe = ''
	let tooLarge = false
	let entries: Record<string, Uint8Array>
	try {
		entries = unzipSync(bytes, {
			filter: (file) => {
				if (file.name.endsWith('/') || junk(file.name)) return false
				const parts = file.name.split('/')
				if (file.name.includes('\\') || parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..')) {
					unsafe ||= file.name
					return false
				}
				count++
				total += file.originalSize
				if (count > BUNDLE_LIMITS.maxFiles || file.originalSize > BUNDLE_LIMITS.maxFileBytes || total > BUNDLE_LIMITS.maxTotalBytes) {
					tooLarge = true
					return false
				}
				// Markdown, and the Solidity files of code challenges.
				return file.name.endsWith('.md') || file.name.endsWith('.sol')
			},
		})
	} catch {
		throw new BundleError('notZip')
	}
	if (unsafe) throw new BundleError('unsafe', unsafe)
	if (tooLarge) throw new BundleError('tooLarge')
	return Object.entries(entries).map(([path, data]) => ({ path, text: strFromU8(data) }))
}
