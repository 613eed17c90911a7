import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin } from 'better-auth/plugins/admin'
import { walletSession } from './wallet-session.server.ts'
import * as schema from '#db/schema.ts'
import { DISABLED_AUTH_PATHS } from './endpoints.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { namedLimits } from '~/features/security/limits.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { actionMail } from '~/features/mail/templates.server.ts'
import { sendMail } from '~/features/mail/mailer.server.ts'
import type { Db } from '#db/client.server.ts'
import { databaseTroubled, getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { isConnectionFault } from '#db/faults.ts'
// One rule for the forms (zod, both sides) and for Better Auth's own check.
import { MIN_PASSWORD_LENGTH } from './schemas.ts'

function tFor(request?: Request) {
	return getT(request ? getLanguage(request) : 'en-US')
}

function buildAuth(db: Db) {
	const env = getEnv()
	const authLimit = namedLimits(env).authEndpoints
	const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {}
	if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
		socialProviders.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
	}
	if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) {
		socialProviders.github = { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
	}
	return betterAuth({
		appName: env.APP_NAME,
		baseURL: env.APP_URL,
		basePath: '/api/auth',
		secret: env.AUTH_SECRET,
		trustedOrigins: [env.APP_URL],
		disabledPaths: DISABLED_AUTH_PATHS,
		database: drizzleAdapter(db, { provider: 'pg', schema, transaction: true }),
		emailAndPassword: {
			enabled: true,
			requireEmailVerification: true,
			minPasswordLength: MIN_PASSWORD_LENGTH,
			maxPasswordLength: 128,
			revokeSessionsOnPasswordReset: true,
			resetPasswordTokenExpiresIn: 60 * 60,
			sendResetPassword: async ({ user, url }, request) => {
				await sendMail(actionMail(tFor(request), user.email, 'reset', url))
			},
			onExistingUserSignUp: async ({ user }, request) => {
				// The sign-up reply looks the same either way; the owner learns about the attempt.
				await sendMail(actionMail(tFor(request), user.email, 'alreadyRegistered', `${env.APP_URL}/login`))
			},
		},
		emailVerification: {
			sendOnSignUp: true,
			sendOnSignIn: true,
			autoSignInAfterVerification: true,
			expiresIn: 60 * 60 * 24,
			sendVerificationEmail: async ({ user, url }, request) => {
				await sendMail(actionMail(tFor(request), user.email, 'verify', url))
			},
		},
		socialProviders,
		// Signing in with a provider joins an existing account of the same e-mail only when the provider says
		// it verified that address (GitHub reports it per address; an unverified one could be anyone's).
		// Google only issues verified addresses for its accounts.
		account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
		session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
		advanced: {
			useSecureCookies: env.NODE_ENV === 'production' && env.APP_URL.startsWith('https://'),
			database: { generateId: 'uuid' },
			// The client address the HTTP server worked out (server/client-address.ts), the same one our own
			// limits count: never X-Forwarded-For as the client wrote it, and never one bucket shared by all.
			ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
		},
		// Our own actions carry their own limits (features/security/limits.ts); the raw /api/auth endpoints
		// keep Better Auth's limiter, counted in memory per process.
		rateLimit: { enabled: env.NODE_ENV === 'production', window: authLimit.windowSeconds, max: authLimit.max },
		plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] }), walletSession()],
		logger: {
			level: 'warn',
			// Into our JSON log lines rather than console, so nothing secret is pretty-printed by accident.
			// A database fault reaches the route's 503 and the health monitor's one warning; not a line per request.
			log: (level, message, ...args: unknown[]) => {
				if (args.some(isConnectionFault) || databaseTroubled()) return
				;(level === 'error' ? log.error : log.warn)(`better-auth: ${message}`)
			},
		},
		telemetry: { enabled: false },
	})
}

export type Auth = ReturnType<typeof buildAuth>

const g = globalThis as unknown as { __auth?: Promise<Auth> }

export function getAuth(): Promise<Auth> {
	g.__auth ??= getDb().then(buildAuth)
	return g.__auth
}

/** Tests rebuild auth after swapping the database. */
export function resetAuthForTests() {
	g.__auth = undefined
}
