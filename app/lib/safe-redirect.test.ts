import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect.ts'

describe('safeRedirect', () => {
	it('keeps same-site paths with query and hash', () => {
		expect(safeRedirect('/dashboard/explore?x=1#a')).toBe('/dashboard/explore?x=1#a')
	})
	it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, 'dashboard', '/\n/evil'])(
		'refuses %s',
		(input) => {
			expect(safeRedirect(input)).toBe('/dashboard')
		},
	)
})
