import { describe, expect, it, vi } from 'vitest'
import { zodBrowserConfig } from './zod-csp.ts'

// In this order: the first test needs a process where zod is not loaded yet (vitest runs each file in its own).
describe('zod-csp', () => {
	it('makes zod jitless when it runs before zod is loaded', async () => {
		zodBrowserConfig()
		const { z } = await import('zod')
		expect(z.config().jitless).toBe(true)
		// An object schema built and used now must not probe for eval: `new Function` is refused under the CSP.
		const probe = vi.spyOn(globalThis, 'Function')
		expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
		expect(probe).not.toHaveBeenCalled()
	})

	it('also applies when zod is already loaded', async () => {
		const { z } = await import('zod')
		z.config({ jitless: false })
		zodBrowserConfig()
		expect(z.config().jitless).toBe(true)
	})
})
