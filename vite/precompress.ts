import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text files worth compressing; images and fonts are compressed formats already. */
const TEXT = new Set(['.js', '.css', '.svg', '.json'])
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024

/**
 * Brotli (`.br`, quality 11) and gzip (`.gz`, level 9) copies of the client build's text files, written
 * beside them once the client build, islands included (vite/islands.ts builds them in writeBundle), is
 * done. The server sends these files as they are (express-static-gzip in server/production.ts), so no
 * request pays for compression and no process holds compressed copies in memory
 * (docs/decisions/0010-chunking-gate-html-cache-compression.md).
 */
export function precompress(): Plugin {
	let config: ResolvedConfig
	return {
		name: 'learnchain-precompress',
		apply: 'build',
		configResolved(c) {
			config = c
		},
		async closeBundle() {
			const envName = (this as { environment?: { name: string } }).environment?.name
			if (envName ? envName !== 'client' : config.build.ssr) return
			await precompressDir(config.build.outDir)
		},
	}
}

/** Writes `.br` and `.gz` beside every text file of `dir` (recursively) of MIN_BYTES or more; returns how many files it compressed. */
export async function precompressDir(dir: string) {
	const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
		.filter((f) => f.isFile() && TEXT.has(path.extname(f.name)))
		.map((f) => path.join(f.parentPath, f.name))
	let compressed = 0
	for (const file of files) {
		const body = await fs.readFile(file)
		if (body.length < MIN_BYTES) continue
		const [br, gz] = await Promise.all([
			brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
			gzip(body, { level: 9 }),
		])
		// A client that takes either encoding is sent the smaller; one that gets no gain gets the file.
		if (br.length < body.length) await fs.writeFile(`${file}.br`, br)
		if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz)
		compressed++
	}
	return compressed
}
