import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { assertPortFree } from './processes.ts'

describe('assertPortFree', () => {
	it('refuses a port another server listens on, naming it and the way out', async () => {
		const other = http.createServer((_req, res) => res.end('ok'))
		await new Promise<void>((resolve) => other.listen(0, resolve))
		const { port } = other.address() as AddressInfo
		try {
			await expect(assertPortFree(port)).rejects.toThrow(`port ${port} is in use (another bench running?): pass --port=`)
		} finally {
			await new Promise<void>((resolve) => other.close(() => resolve()))
		}
		// Free again: accepted, and the probe does not keep it.
		await assertPortFree(port)
		await assertPortFree(port)
	})
})
