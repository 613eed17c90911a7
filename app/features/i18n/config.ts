// Relative, not '~/': vite.config.ts loads this file (vite/locale-chunks.ts) before any alias exists.
import { readCookie } from '../../lib/cookies.ts'

export const languages = ['en-US', 'pt-BR'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'en-US'
const languageCookieName = 'app_language'
const languageCookieMaxAge = 60 * 60 * 24 * 365

export function isLanguage(value: unknown): value is Language {
	return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** The cookie wins; without one, a Portuguese browser gets pt-BR; otherwise en-US. */
export function detectLanguage(cookieHeader: string | null | undefined, acceptLanguage?: string | null): Language {
	const fromCookie = readCookie(cookieHeader, languageCookieName)
	if (isLanguage(fromCookie)) return fromCookie
	const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
	if (first.startsWith('pt')) return 'pt-BR'
	return defaultLanguage
}

export function languageCookie(lang: Language, secure: boolean) {
	return `${languageCookieName}=${lang}; Path=/; Max-Age=${languageCookieMaxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Sections of the locale files a public page needs; the signed-in area loads the rest on entry. */
// ('certificate': the public certificate pages, which anyone may open signed out.)
export const publicSections = ['nav', 'language', 'theme', 'landing', 'auth', 'errors', 'ui', 'applications', 'seo', 'mailbox', 'certificate']
/** Sections only the server uses (email bodies): never shipped to the browser. */
export const serverOnlySections = ['email']
