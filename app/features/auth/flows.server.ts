import { APIError } from 'better-auth/api'
import { runInBackground } from '~/lib/background.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { clientIp, hit, reserve } from '~/features/security/rate-limit.server.ts'
import type { LimitName } from '~/features/security/limits.ts'
import { mailDeliveryFailing } from '~/features/mail/mailer.server.ts'
import { forgetAllSessions } from './session-cache.server.ts'
import { getAuth } from './auth.server.ts'
import { isKnownDevice, knownDeviceCookie } from './known-device.server.ts'
import type { Provider } from './schemas.ts'
import { isConnectionFault, rethrowFault } from '#db/faults.ts'

/** Outcome of an auth call: headers to forward (cookies) or an i18n error key (with Retry-After seconds for a 429). */
export type AuthResult = { ok: true; headers: Headers; url?: string } | { ok: false; error: string; status: number; retryAfter?: number }

function cookieHeaders(from: Headers) {
	const headers = new Headers()
	for (const c of from.getSetCookie()) headers.append('Set-Cookie', c)
	return headers
}

function errorCode(err: unknown) {
	if (err instanceof APIError) return String((err.body as { code?: string } | undefined)?.code ?? err.status)
	return 'UNKNOWN'
}

/** Maps Better Auth's codes onto the spec's login messages (section 8). */
export function loginErrorKey(code: string) {
	switch (code) {
		case 'INVALID_EMAIL_OR_PASSWORD':
		case 'INVALID_EMAIL':
		case 'INVALID_PASSWORD':
		case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
			return 'auth.errors.invalidCredentials'
		case 'EMAIL_NOT_VERIFIED':
			return 'auth.errors.emailNotConfirmed'
		case 'TOO_MANY_REQUESTS':
		case '429':
			return 'auth.errors.tooManyAttempts'
		case 'BANNED_USER':
			return 'auth.errors.banned'
		default:
			return 'auth.errors.unexpected'
	}
}

/**
 * Email and password sign-in. Wrong passwords are counted per account and address, per address, and per
 * account from anywhere (except from browsers that signed in to it before), all before the password is
 * checked, so parallel guesses cannot slip past a limit; a sign-in that is not a wrong password takes its
 * counts back, so a learner who types the password right is never slowed down.
 */
export async function signIn(request: Request, email: string, password: string): Promise<AuthResult> {
	const address = clientIp(request)
	const account = email.toLowerCase()
	const counted: [LimitName, string][] = [
		['loginAccountAddress', `${account}|${address}`],
		['loginAddress', address],
	]
	if (!isKnownDevice(request, account)) counted.push(['loginAccount', account])
	const reservation = await reserve(counted)
	if (reservation.limited) return { ok: false, error: 'auth.errors.tooManyAttempts', status: 429, retryAfter: reservation.retryAfter }
	try {
		const auth = await getAuth()
		const { headers } = await auth.api.signInEmail({
			body: { email, password, callbackURL: '/dashboard' },
			headers: request.headers,
			returnHeaders: true,
		})
		await reservation.settle(false)
		const cookies = cookieHeaders(headers)
		cookies.append('Set-Cookie', knownDeviceCookie(account))
		return { ok: true, headers: cookies }
	} catch (err) {
		rethrowFault(err)
		const code = errorCode(err)
		await reservation.settle(code === 'INVALID_EMAIL_OR_PASSWORD')
		// Not an answer from Better Auth but a failure on the way: the spec's generic 'Login failed'.
		if (!(err instanceof APIError)) {
			log.error('sign-in failed', { error: String(err) })
			return { ok: false, error: 'auth.errors.loginFailed', status: 500 }
		}
		return { ok: false, error: loginErrorKey(code), status: code === 'EMAIL_NOT_VERIFIED' ? 403 : 400 }
	}
}

export async function signUp(request: Request, email: string, password: string): Promise<AuthResult> {
	const rate = await hit('signup', clientIp(request))
	if (rate.limited) return { ok: false, error: 'auth.errors.tooManyRequests', status: 429, retryAfter: rate.retryAfter }
	try {
		const auth = await getAuth()
		await auth.api.signUpEmail({
			body: { email, password, name: '', callbackURL: '/dashboard' },
			headers: request.headers,
		})
		return { ok: true, headers: new Headers() }
	} catch (err) {
		rethrowFault(err)
		const code = errorCode(err)
		// Never reveal that an address is registered: the owner gets an email instead.
		if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') return { ok: true, headers: new Headers() }
		if (code === 'PASSWORD_TOO_SHORT') return { ok: false, error: 'auth.errors.passwordTooShort', status: 400 }
		log.error('sign-up failed', { code })
		return { ok: false, error: 'auth.errors.signUpFailed', status: 400 }
	}
}

/**
 * The reply comes before any of the work: looking the account up, storing a token and sending the mail
 * happen after it, so the answer takes the same time whether or not the address has an account.
 */
export async function requestPasswordReset(request: Request, email: string): Promise<AuthResult> {
	const rate = await hit('passwordReset', clientIp(request))
	if (rate.limited) return { ok: false, error: 'auth.errors.tooManyRequests', status: 429, retryAfter: rate.retryAfter }
	if (mailDeliveryFailing()) return { ok: false, error: 'auth.errors.resetFailed', status: 503 }
	const headers = new Headers(request.headers)
	runInBackground(
		(async () => {
			try {
				const auth = await getAuth()
				await auth.api.requestPasswordReset({ body: { email, redirectTo: `${getEnv().APP_URL}/update-password` }, headers })
			} catch (err) {
				// A database fault is logged once by the health monitor.
				if (!isConnectionFault(err)) log.warn('password reset request failed', { code: errorCode(err) })
			}
		})(),
	)
	return { ok: true, headers: new Headers() }
}

export async function resetPassword(token: string, newPassword: string): Promise<AuthResult> {
	try {
		const auth = await getAuth()
		await auth.api.resetPassword({ body: { token, newPassword } })
		// The reset revoked the account's sessions; the reader of the link is anonymous, so whose they were is
		// not known here: this process keeps none (session-cache.server.ts).
		forgetAllSessions()
		return { ok: true, headers: new Headers() }
	} catch (err) {
		rethrowFault(err)
		const code = errorCode(err)
		if (code === 'INVALID_TOKEN') return { ok: false, error: 'auth.errors.resetLinkInvalid', status: 400 }
		return { ok: false, error: 'auth.errors.updatePasswordFailed', status: 400 }
	}
}

/**
 * A signed-in user sets a new password ('Change password' in the account menu, /update-password without a
 * reset token). Every session of the account ends, this one included: the page then sends the user to sign
 * in with the new password, and a session someone else may hold is gone. An account that signed up with a
 * provider or a wallet gets an email-and-password sign-in this way.
 */
export async function changePassword(request: Request, userId: string, newPassword: string): Promise<AuthResult> {
	try {
		const ctx = await (await getAuth()).$context
		const hash = await ctx.password.hash(newPassword)
		if (await ctx.internalAdapter.findCredentialAccount(userId)) await ctx.internalAdapter.updatePassword(userId, hash)
		else await ctx.internalAdapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hash })
		await ctx.internalAdapter.deleteUserSessions(userId)
		return { ok: true, headers: clearSessionCookies(request) }
	} catch (err) {
		rethrowFault(err)
		log.error('password change failed', { code: errorCode(err) })
		return { ok: false, error: 'auth.errors.updatePasswordFailed', status: 500 }
	}
}

/**
 * Ends the session (its row is deleted) and clears the cookies. Signing out always ends the visit: when
 * the server-side part fails (the database is away), the session cookies are still cleared (spec section 4).
 */
export async function signOut(request: Request): Promise<Headers> {
	try {
		const auth = await getAuth()
		const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true })
		return cookieHeaders(headers)
	} catch (err) {
		log.warn('sign-out failed', { code: errorCode(err) })
		return clearSessionCookies(request)
	}
}

/** Set-Cookie headers that delete every Better Auth cookie the request carries. */
export function clearSessionCookies(request: Request): Headers {
	const headers = new Headers()
	for (const part of (request.headers.get('cookie') ?? '').split(';')) {
		const name = part.split('=')[0]?.trim() ?? ''
		if (!/^(?:__Secure-)?better-auth\.[\w.-]+$/.test(name)) continue
		// A __Secure- cookie can only be replaced by a Secure one.
		headers.append('Set-Cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`)
	}
	return headers
}

export function isProviderConfigured(provider: Provider) {
	const env = getEnv()
	return provider === 'google' ? Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) : Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET)
}

/** Starts the provider's OAuth flow; the browser is sent to `url`. */
export async function startSocialSignIn(request: Request, provider: Provider, redirectTo: string | null): Promise<AuthResult> {
	if (!isProviderConfigured(provider)) return { ok: false, error: `auth.errors.${provider}NotConfigured`, status: 400 }
	const target = safeRedirect(redirectTo)
	try {
		const auth = await getAuth()
		const { headers, response } = await auth.api.signInSocial({
			body: {
				provider,
				callbackURL: `/auth/callback?redirectTo=${encodeURIComponent(target)}`,
				errorCallbackURL: '/auth/callback?error=oauth',
				disableRedirect: true,
			},
			headers: request.headers,
			returnHeaders: true,
		})
		if (!response.url) return { ok: false, error: `auth.errors.${provider}Failed`, status: 502 }
		return { ok: true, headers: cookieHeaders(headers), url: response.url }
	} catch (err) {
		rethrowFault(err)
		log.error('social sign-in failed', { provider, code: errorCode(err) })
		return { ok: false, error: `auth.errors.${provider}Failed`, status: 502 }
	}
}
