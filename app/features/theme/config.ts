import { readCookie } from '~/lib/cookies.ts'

/** `system` follows prefers-color-scheme; `light` and `dark` override it. */
export const themes = ['system', 'light', 'dark'] as const
export type Theme = (typeof themes)[number]
const themeCookieName = 'app_theme'
const themeCookieMaxAge = 60 * 60 * 24 * 365

export function isTheme(value: unknown): value is Theme {
	return typeof value === 'string' && (themes as readonly string[]).includes(value)
}

/** The stored choice; anything else (no cookie, a tampered value) means following the system. */
export function readTheme(cookieHeader: string | null | undefined): Theme {
	const value = readCookie(cookieHeader, themeCookieName)
	return isTheme(value) ? value : 'system'
}

export function themeCookie(theme: Theme, secure: boolean) {
	return `${themeCookieName}=${theme}; Path=/; Max-Age=${themeCookieMaxAge}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * The class <html> is served with. The server knows an explicit choice, so the first paint is already right;
 * `system` gets no class and app.css follows the media query, so no script has to run before paint.
 */
export function themeClass(theme: Theme): 'light' | 'dark' | undefined {
	return theme === 'system' ? undefined : theme
}
