import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { getEnv } from '~/lib/env.server.ts'
import { readCookie } from '~/lib/cookies.ts'

// A browser that has signed in to an account before carries a signed cookie saying so. Wrong passwords
// for an account are limited across all addresses (features/security/limits.ts, `loginAccount`), which
// a stranger could use to hold the owner back; the owner's own browser is not counted there, so it is
// never held back by anyone else. Nothing is stored: the cookie is a random id signed with AUTH_SECRET
// together with the account's e-mail, so it cannot be made for another account or by anyone else.

export const KNOWN_DEVICE_COOKIE = 'learnchain_device'
const YEAR = 60 * 60 * 24 * 365

function sign(id: string, email: string) {
	return createHmac('sha256', getEnv().AUTH_SECRET).update(`known-device\0${id}\0${email.toLowerCase()}`).digest('base64url')
}

/** Whether this browser signed in to `email`'s account before. */
export function isKnownDevice(request: Request, email: string): boolean {
	const [id, mac] = (readCookie(request.headers.get('cookie'), KNOWN_DEVICE_COOKIE) ?? '').split('.')
	if (!id || !mac) return false
	const expected = Buffer.from(sign(id, email))
	const given = Buffer.from(mac)
	return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The Set-Cookie value that marks this browser as one `email`'s owner signs in from. */
export function knownDeviceCookie(email: string): string {
	const env = getEnv()
	const id = randomBytes(12).toString('base64url')
	const secure = env.NODE_ENV === 'production' && env.APP_URL.startsWith('https://')
	return `${KNOWN_DEVICE_COOKIE}=${id}.${sign(id, email)}; Path=/; Max-Age=${YEAR}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
