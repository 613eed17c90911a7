import { describe, expect, it } from 'vitest'
import { isTheme, readTheme, themeClass, themeCookie } from './config.ts'

describe('theme choice', () => {
	it('reads a stored choice from the cookie header', () => {
		expect(readTheme('a=1; app_theme=dark; b=2')).toBe('dark')
		expect(readTheme('app_theme=light')).toBe('light')
		// As the browser sent it, percent-encoding included: the public-page cache keys pages by this very reading.
		expect(readTheme('app_theme=%64ark')).toBe('dark')
		expect(readTheme('my_app_theme=dark')).toBe('system')
	})

	it('follows the system without a cookie or with a value it does not know', () => {
		expect(readTheme(null)).toBe('system')
		expect(readTheme('app_theme=purple')).toBe('system')
		expect(readTheme('app_theme=')).toBe('system')
	})

	it('accepts only the three choices', () => {
		expect(isTheme('system')).toBe(true)
		expect(isTheme('DARK')).toBe(false)
		expect(isTheme(null)).toBe(false)
	})

	it('puts a class on <html> only for an explicit choice', () => {
		expect(themeClass('dark')).toBe('dark')
		expect(themeClass('light')).toBe('light')
		expect(themeClass('system')).toBeUndefined()
	})

	it('keeps the cookie for a year, site-wide, Secure over https', () => {
		expect(themeCookie('dark', false)).toBe('app_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax')
		expect(themeCookie('light', true)).toMatch(/; Secure$/)
	})
})
