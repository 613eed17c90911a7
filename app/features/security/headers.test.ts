import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from './headers.server.ts'

describe('contentSecurityPolicy', () => {
	it('allows scripts only with the nonce in production', () => {
		const csp = contentSecurityPolicy('abc123', { dev: false })
		expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'")
		expect(csp).not.toContain('unsafe-eval')
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toContain("object-src 'none'")
	})
})
