import { APIError } from 'better-auth/api'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { clientIp, hit, isLimited, limits } from '~/features/security/rate-limit.server.ts'
import { getAuth } from './auth.server.ts'
import type { Provider } from './schemas.ts'
import { rethrowFault } from '#db/faults.ts'

/** Outcome of an auth call: headers to forward (cookies) or an i18n error key. */
export type AuthResult = { ok: true; headers: Headers; url?: string } | { ok: false; error: string; status: number }

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

export async function signIn(request: Request, email: string, password: string): Promise<AuthResult> {
	const ipKey = `login:ip:${clientIp(request)}`
	const emailKey = `login:email:${clientIp(request)}:${email.toLowerCase()}`
	if ((await isLimited(ipKey, limits.loginFailuresPerIp)) || (await isLimited(emailKey, limits.loginFailures))) {
		return { ok: false, error: 'auth.errors.tooManyAttempts', status: 429 }
	}
	try {
		const auth = await getAuth()
		const { headers } = await auth.api.signInEmail({
			body: { email, password, callbackURL: '/dashboard' },
			headers: request.headers,
			returnHeaders: true,
		})
		return { ok: true, headers: cookieHeaders(headers) }
	} catch (err) {
		rethrowFault(err)
		const code = errorCode(err)
		if (!(err instanceof APIError)) log.error('sign-in failed', { error: String(err) })
		if (code === 'INVALID_EMAIL_OR_PASSWORD') {
			// Count failures only: a learner who types the password right is never slowed down.
			await Promise.all([hit(ipKey, limits.loginFailuresPerIp), hit(emailKey, limits.loginFailures)])
		}
		return { ok: false, error: loginErrorKey(code), status: code === 'EMAIL_NOT_VERIFIED' ? 403 : 400 }
	}
}

export async function signUp(request: Request, email: string, password: string): Promise<AuthResult> {
	const { limited } = await hit(`signup:ip:${clientIp(request)}`, { ...limits.signup, max: getEnv().SIGNUP_RATE_LIMIT })
	if (limited) return { ok: false, error: 'auth.errors.tooManyRequests', status: 429 }
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

export async function requestPasswordReset(request: Request, email: string): Promise<AuthResult> {
	const { limited } = await hit(`reset:ip:${clientIp(request)}`, limits.passwordReset)
	if (limited) return { ok: false, error: 'auth.errors.tooManyRequests', status: 429 }
	try {
		const auth = await getAuth()
		await auth.api.requestPasswordReset({
			body: { email, redirectTo: `${getEnv().APP_URL}/update-password` },
			headers: request.headers,
		})
	} catch (err) {
		// A database that is away is the same for every address: 'try again' reveals nothing.
		rethrowFault(err)
		// Same reply whatever happened, so the form cannot be used to probe for accounts.
		log.warn('password reset request failed', { code: errorCode(err) })
	}
	return { ok: true, headers: new Headers() }
}

export async function resetPassword(token: string, newPassword: string): Promise<AuthResult> {
	try {
		const auth = await getAuth()
		await auth.api.resetPassword({ body: { token, newPassword } })
		return { ok: true, headers: new Headers() }
	} catch (err) {
		rethrowFault(err)
		const code = errorCode(err)
		if (code === 'INVALID_TOKEN') return { ok: false, error: 'auth.errors.resetLinkInvalid', status: 400 }
		return { ok: false, error: 'auth.errors.updatePasswordFailed', status: 400 }
	}
}

export async function signOut(request: Request): Promise<Headers> {
	try {
		const auth = await getAuth()
		const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true })
		return cookieHeaders(headers)
	} catch (err) {
		log.warn('sign-out failed', { code: errorCode(err) })
		return new Headers()
	}
}

export function isProviderConfigured(provider: Provider) {
	const env = getEnv()
	return provider === 'google'
		? Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
		: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET)
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
