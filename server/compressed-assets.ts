// Hashed build assets, compressed once and then answered from memory.
//
// Why: `compression()` gzips every asset response afresh (35-90 ms before the first byte of a large
// chunk on this machine, under Lighthouse's throttling added to every script of the page). A hashed file
// never changes, so its Brotli and gzip forms are made on its first request and kept for the life of
// the process: a few hundred KB for the whole client build.
import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { RequestHandler } from 'express'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json; charset=utf-8',
}
const MIN_BYTES = 1024

type Encoding = 'br' | 'gzip'
type Entry = { br: Buffer; gzip: Buffer; type: string }

/** The encoding to answer with, from an Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
	const accepted = new Map(
		String(header ?? '')
			.split(',')
			.map((part) => {
				const [name = '', ...params] = part.trim().toLowerCase().split(';')
				const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
				return [name, q ? Number(q.slice(2)) : 1] as const
			}),
	)
	const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
	if (ok('br')) return 'br'
	if (ok('gzip')) return 'gzip'
	return null
}

/**
 * Middleware for the directory of hashed assets (mounted at /assets). Text assets of 1 KB or more are
 * answered compressed from memory; anything else (images, fonts, small files, unknown paths, a client
 * that takes no compression) goes on to `next` (express.static).
 */
export function compressedAssets(dir: string, { maxAge = 31536000 } = {}): RequestHandler {
	const cache = new Map<string, Promise<Entry | null>>()
	// The build does not change under a running server: only its own file names are ever looked up, so
	// requests for made-up names cannot grow the cache.
	const names = new Set(fsSync.existsSync(dir) ? fsSync.readdirSync(dir) : [])

	const load = (name: string) => {
		let entry = cache.get(name)
		if (!entry) {
			entry = (async () => {
				const type = TYPES[path.extname(name)]
				if (!type) return null
				const body = await fs.readFile(path.join(dir, name)).catch(() => null)
				if (!body || body.length < MIN_BYTES) return null
				const [br, gz] = await Promise.all([
					brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
					gzip(body, { level: 9 }),
				])
				return { br, gzip: gz, type }
			})()
			cache.set(name, entry)
		}
		return entry
	}

	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const encoding = pickEncoding(req.headers['accept-encoding'])
		let name: string
		try {
			name = decodeURIComponent(req.path.replace(/^\//, ''))
		} catch {
			return next()
		}
		if (!encoding || !names.has(name)) return next()
		load(name).then(
			(entry) => {
				if (!entry) return next()
				const body = entry[encoding]
				res.setHeader('Content-Type', entry.type)
				res.setHeader('Content-Encoding', encoding)
				res.setHeader('Content-Length', body.length)
				res.setHeader('Vary', 'Accept-Encoding')
				res.setHeader('Cache-Control', `public, max-age=${maxAge}, immutable`)
				res.end(req.method === 'HEAD' ? undefined : body)
			},
			() => next(),
		)
	}
}
