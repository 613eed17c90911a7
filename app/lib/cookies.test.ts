import { describe, expect, it } from 'vitest'
import { detectLanguage } from '~/features/i18n/config.ts'
import { readCookie } from './cookies.ts'

describe('readCookie', () => {
	it('reads the first cookie of the name, unquoted and URI-decoded', () => {
		expect(readCookie('a=1; s=first; s=second', 's')).toBe('first')
		expect(readCookie('s="quoted"', 's')).toBe('quoted')
		expect(readCookie('s=a%2Bb%3D', 's')).toBe('a+b=')
		expect(readCookie('  s = spaced ;x=1', 's')).toBe('spaced')
		expect(readCookie('s=a=b', 's')).toBe('a=b')
	})
	it('leaves a value that is not valid %-encoding as it came, instead of throwing', () => {
		expect(readCookie('s=%E0%A4%A', 's')).toBe('%E0%A4%A')
		// The language cookie read this way threw, and every page answered 500 to it.
		expect(detectLanguage('app_language=%E0%A4%A', 'pt-BR')).toBe('pt-BR')
	})
	it('is undefined when the cookie is not there (a prefix or suffix of the name is another cookie)', () => {
		expect(readCookie(undefined, 's')).toBeUndefined()
		expect(readCookie('', 's')).toBeUndefined()
		expect(readCookie('__Secure-s=1; s2=2', 's')).toBeUndefined()
		expect(readCookie('junk; s', 's')).toBeUndefined()
	})
})
