import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { precompressDir } from '../vite/precompress.ts'
import { builtFiles } from './production.ts'

describe('builtFiles: the client build, precompressed at build time', () => {
	let dir: string
	let server: http.Server
	let base: string
	const js = `export const words = ${JSON.stringify('learn chain '.repeat(500))}\n`
	const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>\n`

	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-'))
		const assets = path.join(dir, 'client/assets')
		fs.mkdirSync(assets, { recursive: true })
		fs.writeFileSync(path.join(assets, 'entry-abc123.js'), js)
		fs.writeFileSync(path.join(assets, 'tiny-abc123.js'), 'export {}\n')
		fs.writeFileSync(path.join(assets, 'logo-abc123.webp'), Buffer.alloc(4096, 1))
		fs.writeFileSync(path.join(dir, 'client/og-image.svg'), svg)
		await precompressDir(path.join(dir, 'client'))
		const app = express()
		app.use(builtFiles(dir))
		app.use((_req, res) => void res.status(404).send('page'))
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server.once('listening', r))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
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
		const br = await get(`${base}/assets/entry-abc123.js`, 'gzip, deflate, br, zstd')
		expect(br.status).toBe(200)
		expect(br.headers['content-encoding']).toBe('br')
		expect(br.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i)
		expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
		expect(br.headers.vary).toBe('Accept-Encoding')
		expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js)
		expect(br.body.length).toBeLessThan(js.length / 10)

		const gz = await get(`${base}/assets/entry-abc123.js`, 'gzip')
		expect(gz.headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(gz.body).toString()).toBe(js)
		expect((await get(`${base}/assets/entry-abc123.js`, 'br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip')
	})

	it('answers the root files compressed too, cached for an hour', async () => {
		const res = await get(`${base}/og-image.svg`, 'br')
		expect(res.headers['content-encoding']).toBe('br')
		expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
		expect(res.headers['cache-control']).toBe('public, max-age=3600')
		expect(zlib.brotliDecompressSync(res.body).toString()).toBe(svg)
	})

	it('sends small files, images and clients without compression the file as it is, and pages on to the app', async () => {
		const plain = await get(`${base}/assets/entry-abc123.js`)
		expect(plain.headers['content-encoding']).toBeUndefined()
		expect(plain.body.toString()).toBe(js)
		expect((await get(`${base}/assets/entry-abc123.js`, 'identity')).headers['content-encoding']).toBeUndefined()
		expect((await get(`${base}/assets/tiny-abc123.js`, 'br')).headers['content-encoding']).toBeUndefined()
		expect((await get(`${base}/assets/logo-abc123.webp`, 'br')).headers['content-encoding']).toBeUndefined()
		expect((await get(`${base}/dashboard`, 'br')).body.toString()).toBe('page')
	})

	it('looks on disk only for the names the root holds: a page’s data (/dashboard.data) goes to the app without a stat', async () => {
		const stat = vi.spyOn(fs, 'stat')
		try {
			const data = await get(`${base}/dashboard.data`, 'br')
			expect(data.body.toString()).toBe('page')
			expect((await get(`${base}/dashboard/learn/course/abc.data?lesson=1`)).body.toString()).toBe('page')
			expect(stat).not.toHaveBeenCalled()
			// A root file, by its escaped name too, is still looked up and served.
			expect((await get(`${base}/og%2Dimage.svg`)).body.toString()).toBe(svg)
			expect(stat).toHaveBeenCalled()
		} finally {
			stat.mockRestore()
		}
		// A malformed escape is no root name: on to the app, not a 500.
		expect((await get(`${base}/%E0%A4%A.svg`)).body.toString()).toBe('page')
	})

	it('answers unknown and malformed names without a 500', async () => {
		expect((await get(`${base}/assets/missing-abc123.js`, 'br')).status).toBe(404)
		expect((await get(`${base}/assets/%E0%A4%A.js`, 'br')).status).toBe(400)
		expect((await get(`${base}/assets/..%2F..%2Fpackage.json`, 'br')).status).toBe(404)
	})
})
