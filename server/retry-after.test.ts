import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_AFTER_SECONDS, retryAfterOn429 } from './retry-after.ts'

describe('Retry-After on every 429', () => {
	let server: http.Server | undefined
	afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

	it('keeps a value the app set, takes X-Retry-After, else gives the default; other answers are left alone', async () => {
		const app = express()
		app.use(retryAfterOn429)
		app.get('/own', (_req, res) => void res.set('Retry-After', '17').status(429).end())
		app.get('/hinted', (_req, res) => void res.set('X-Retry-After', '3').status(429).end())
		app.get('/bare', (_req, res) => void res.status(429).end())
		app.get('/raw', (_req, res) => void res.writeHead(429, { 'retry-after': '5' }).end())
		app.get('/ok', (_req, res) => void res.status(200).end())
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		const header = async (path: string) => (await fetch(base + path)).headers.get('retry-after')
		expect(await header('/own')).toBe('17')
		expect(await header('/hinted')).toBe('3')
		expect(await header('/bare')).toBe(String(DEFAULT_RETRY_AFTER_SECONDS))
		expect(await header('/raw')).toBe('5')
		expect(await header('/ok')).toBeNull()
	})
})
