import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProxyTrust } from '../app/features/security/client-address.ts'
import { clientAddress, requestProtocol } from './client-address.ts'

describe('client address middleware', () => {
	let server: http.Server | undefined
	afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

	async function seen(trust: ProxyTrust, headers: Record<string, string>) {
		const app = express()
		app.use(clientAddress(trust))
		app.use((req, res) => void res.json({ ip: req.headers['x-learnchain-ip'], peer: req.headers['x-learnchain-peer'], protocol: requestProtocol(req) }))
		server = app.listen(0, '127.0.0.1')
		await new Promise((r) => server!.once('listening', r))
		const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers })
		return res.json()
	}

	it("replaces whatever the client put in the app's own address headers", async () => {
		expect(
			await seen(false, { 'x-learnchain-ip': '6.6.6.6', 'x-learnchain-peer': '6.6.6.6', 'x-forwarded-for': '7.7.7.7', 'x-forwarded-proto': 'https' }),
		).toEqual({
			ip: '127.0.0.1',
			peer: '127.0.0.1',
			protocol: 'http',
		})
	})

	it('behind one trusted proxy takes the right-most forwarded entry, and the proxy says the scheme', async () => {
		expect(await seen(1, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https' })).toEqual({
			ip: '203.0.113.7',
			peer: '127.0.0.1',
			protocol: 'https',
		})
	})

	it('believes forwarded headers only from listed proxies', async () => {
		expect(await seen(['10.0.0.0/8'], { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' })).toEqual({
			ip: '127.0.0.1',
			peer: '127.0.0.1',
			protocol: 'http',
		})
		expect(await seen(['loopback'], { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' })).toEqual({
			ip: '203.0.113.7',
			peer: '127.0.0.1',
			protocol: 'https',
		})
	})
})
