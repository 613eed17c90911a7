import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressedAssets, pickEncoding } from './compressed-assets.ts'

describe('pickEncoding', () => {
	it('prefers Brotli, then gzip, and honours q=0', () => {
		expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
		expect(pickEncoding('gzip')).toBe('gzip')
		expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
		expect(pickEncoding('*')).toBe('br')
		expect(pickEncoding('identity')).toBeNull()
		expect(pickEncoding(undefined)).toBeNull()
	})
})

describe('compressedAssets', () => {
	let dir: string
	let server: http.Server
	let base: string
	const js = `export const words = ${JSON.stringify('learn chain '.repeat(500))}\n`

	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'))
		fs.writeFileSync(path.join(dir, 'entry-abc123.js'), js)
		fs.writeFileSync(path.join(dir, 'tiny-abc123.js'), 'export {}\n')
		fs.writeFileSync(path.join(dir, 'logo-abc123.webp'), Buffer.alloc(4096, 1))
		const app = express()
		app.use('/assets', compressedAssets(dir))
		app.use('/assets', express.static(dir))
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server.once('listening', r))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`
	})
	afterAll(() => {
		server.close()
		fs.rmSync(dir, { recursive: true, force: true })
	})

	/** Raw GET (fetch would decode the body and hide the encoding). */
	const get = (url: string, encoding?: string) =>
		new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
			http
				.get(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
					const chunks: Buffer[] = []
					res.on('data', (c) => chunks.push(c))
					res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
				})
				.on('error', reject)
		})

	it('answers a text asset in Brotli or gzip, immutable, and the bytes decode to the file', async () => {
		const br = await get(`${base}/entry-abc123.js`, 'gzip, br')
		expect(br.status).toBe(200)
		expect(br.headers['content-encoding']).toBe('br')
		expect(br.headers['content-type']).toMatch(/^text\/javascript/)
		expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
		expect(br.headers.vary).toBe('Accept-Encoding')
		expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js)
		expect(br.body.length).toBeLessThan(js.length / 10)

		const gz = await get(`${base}/entry-abc123.js`, 'gzip')
		expect(gz.headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(gz.body).toString()).toBe(js)
	})

	it('leaves small files, images, clients without compression and unknown names to the static handler', async () => {
		const plain = await get(`${base}/entry-abc123.js`)
		expect(plain.headers['content-encoding']).toBeUndefined()
		expect(plain.body.toString()).toBe(js)
		expect((await get(`${base}/tiny-abc123.js`, 'br')).headers['content-encoding']).toBeUndefined()
		expect((await get(`${base}/logo-abc123.webp`, 'br')).headers['content-encoding']).toBeUndefined()
		expect((await get(`${base}/missing-abc123.js`, 'br')).status).toBe(404)
		expect((await get(`${base}/%E0%A4%A.js`, 'br')).status).toBe(404)
		expect((await get(`${base}/..%2Fpackage.json`, 'br')).status).toBe(404)
	})
})
