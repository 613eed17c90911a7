import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './password-policy.server.ts'

describe('common password check', () => {
	it('refuses the most common passwords whatever their case', () => {
		for (const p of ['password', 'Password', '12345678', 'qwertyuiop', '1qaz2wsx', 'iloveyou', 'TRUSTNO1', 'learnchain'])
			expect(isCommonPassword(p), p).toBe(true)
	})
	it('refuses a common word with digits or symbols tacked on', () => {
		for (const p of ['Password123', 'sunshine2026!', 'monkey123', 'Dragon@@99', 'football#1']) expect(isCommonPassword(p), p).toBe(true)
	})
	it('accepts passwords that are not on the list', () => {
		for (const p of ['blue-anchor-77', 'correct horse battery staple', 'pw-5f1c0e7d-9a2b', 'Zaubertrank#Mond', 'açaí-na-tigela-42'])
			expect(isCommonPassword(p), p).toBe(false)
	})
	it('ships a list of thousands of passwords, not a handful', async () => {
		const { default: list } = await import('./common-passwords.txt?raw')
		const entries = list.split('\n').filter((l) => l && !l.startsWith('#'))
		expect(entries.length).toBeGreaterThanOrEqual(10_000)
		expect(entries.every((e) => e === e.toLowerCase())).toBe(true)
	})
})
