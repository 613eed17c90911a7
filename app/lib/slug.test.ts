import { describe, expect, it } from 'vitest'
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from './slug.ts'

describe('slugify', () => {
	it('lowercases and turns runs of other characters into one hyphen', () => {
		expect(slugify('Hello World')).toBe('hello-world')
		expect(slugify('DeFi: AMMs & Lending (2026)')).toBe('defi-amms-lending-2026')
		expect(slugify('a -- b__c')).toBe('a-b-c')
	})
	it('trims hyphens at both ends', () => {
		expect(slugify('  --Solidity 101!--  ')).toBe('solidity-101')
		expect(slugify('!!!')).toBe('')
	})
	it('drops accents instead of cutting words', () => {
		expect(slugify('Introdução às Finanças')).toBe('introducao-as-financas')
	})
	it('keeps at most 80 characters and never ends on a hyphen', () => {
		const long = slugify('word '.repeat(40))
		expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH)
		expect(long.endsWith('-')).toBe(false)
		expect(slugify('x'.repeat(200))).toHaveLength(80)
	})
	it('produces slugs the validation pattern accepts', () => {
		for (const s of ['Hello World', 'A/B testing', 'ERC-20 Tokens', 'ação']) expect(slugify(s)).toMatch(SLUG_PATTERN)
	})
})
