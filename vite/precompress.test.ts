import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompressDir } from './precompress.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('precompressDir (vite/precompress.ts)', () => {
	it('writes Brotli and gzip copies of text files of 1 KB or more, in every folder, and nothing else', async () => {
		const css = `.a { color: red }\n`.repeat(200)
		fs.mkdirSync(path.join(dir, 'assets'))
		fs.writeFileSync(path.join(dir, 'assets/app-1.css'), css)
		fs.writeFileSync(path.join(dir, 'assets/tiny-1.js'), 'export {}\n')
		fs.writeFileSync(path.join(dir, 'assets/photo-1.png'), Buffer.alloc(4096, 7))
		fs.writeFileSync(path.join(dir, 'card.svg'), `<svg>${'<g/>'.repeat(400)}</svg>`)

		expect(await precompressDir(dir)).toBe(2)
		expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/app-1.css.br'))).toString()).toBe(css)
		expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets/app-1.css.gz'))).toString()).toBe(css)
		expect(fs.existsSync(path.join(dir, 'card.svg.br'))).toBe(true)
		expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['app-1.css', 'app-1.css.br', 'app-1.css.gz', 'photo-1.png', 'tiny-1.js'])
	})
})
