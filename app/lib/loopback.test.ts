import { describe, expect, it } from 'vitest'
import { isLoopbackAddress, isLoopbackUrl } from './loopback.ts'

describe('loopback', () => {
	it('knows the loopback addresses, mapped or not, and nothing else', () => {
		for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1', '[::1]']) expect(isLoopbackAddress(a), a).toBe(true)
		for (const a of ['10.0.0.1', '192.0.2.2', '::', '::2', 'fd00::1', '::ffff:10.0.0.1', '128.0.0.1', '', null, undefined, 'localhost', '127.0.0.1.evil'])
			expect(isLoopbackAddress(a), String(a)).toBe(false)
	})

	it('knows a public origin from a local one', () => {
		for (const u of ['http://localhost:3000', 'http://127.0.0.1', 'http://[::1]:3000', 'http://app.localhost']) expect(isLoopbackUrl(u), u).toBe(true)
		for (const u of ['https://learnchain.example', 'http://192.0.2.2:3000', 'http://localhost.evil.example', 'not a url'])
			expect(isLoopbackUrl(u), u).toBe(false)
	})
})
