import { describe, expect, it } from 'vitest'
import { cutAtNonce, joinWithNonce, newNonce } from './nonces.server.ts'

const page = (html: string) => Buffer.from(html)

describe('nonce pieces', () => {
	it('swap every occurrence of the old nonce, at the edges too, and leave every other byte as it was', () => {
		const html = 'OLD<script nonce="OLD">olá 🦊</script><p>OL D</p><script nonce="OLD">b</script>OLD'
		const pieces = cutAtNonce(page(html), 'OLD')
		expect(pieces).toHaveLength(5)
		expect(joinWithNonce(pieces, 'n3w+/=').toString()).toBe(html.replaceAll('OLD', 'n3w+/='))
		expect(joinWithNonce(pieces, 'OLD').toString()).toBe(html)
	})

	it('keep a page without the nonce whole, and give each answer bytes of its own', () => {
		const kept = page('<p>no scripts</p>')
		const pieces = cutAtNonce(kept, 'OLD')
		expect(pieces).toHaveLength(1)
		const answer = joinWithNonce(pieces, 'NEW')
		expect(answer.toString()).toBe('<p>no scripts</p>')
		answer[0] = 0
		expect(kept.toString()).toBe('<p>no scripts</p>')
	})

	it('hand out 16 random bytes per nonce, never the same twice, across refills of the pool', () => {
		const nonces = Array.from({ length: 1000 }, newNonce)
		expect(new Set(nonces).size).toBe(1000)
		for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16)
	})
})
