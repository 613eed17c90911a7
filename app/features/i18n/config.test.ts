import { describe, expect, it } from 'vitest'
import { detectLanguage, languageCookie } from './config.ts'

describe('detectLanguage', () => {
	it('prefers the app_language cookie', () => {
		expect(detectLanguage('a=1; app_language=pt-BR', 'en-US')).toBe('pt-BR')
		expect(detectLanguage('app_language=en-US', 'pt-BR,pt')).toBe('en-US')
	})
	it('ignores unknown cookie values and falls back to the browser, then en-US', () => {
		expect(detectLanguage('app_language=fr-FR', 'pt-PT')).toBe('pt-BR')
		expect(detectLanguage('app_language=<script>', null)).toBe('en-US')
		expect(detectLanguage(null, 'de-DE,de')).toBe('en-US')
	})
	it('writes a one-year, path-wide, SameSite=Lax cookie', () => {
		expect(languageCookie('pt-BR', false)).toBe('app_language=pt-BR; Path=/; Max-Age=31536000; SameSite=Lax')
		expect(languageCookie('en-US', true)).toContain('; Secure')
	})
})
