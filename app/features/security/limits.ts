import type { Settings } from '~/lib/env.server.ts'

/** At most `max` in any fixed window of `windowSeconds`, counted per `per`. */
export type Limit = { max: number; windowSeconds: number; per: string }

/**
 * Every rate limit of the app, by name, with its numbers (docs/security.md explains each). Counted in the
 * `rate_limits` table, so all processes share them (decision 3); the key of a count is `<name>:<subject>`.
 * A refused request is answered 429 with `Retry-After` set to the end of the window.
 */
export function namedLimits(
	env: Pick<
		Settings,
		'SIGNUP_RATE_LIMIT' | 'TUTOR_RATE_LIMIT' | 'TUTOR_RATE_WINDOW_SECONDS' | 'TUTOR_DAILY_TOKENS' | 'CHALLENGE_RATE_LIMIT' | 'CHALLENGE_RATE_WINDOW_SECONDS'
	>,
) {
	return {
		/** Wrong passwords for one account from one address: guessing one password from one place. */
		loginAccountAddress: { max: 5, windowSeconds: 10 * 60, per: 'account and client address' },
		/** Wrong passwords from one address, any account: spraying many accounts, yet an office behind one address still signs in. */
		loginAddress: { max: 50, windowSeconds: 10 * 60, per: 'client address' },
		/**
		 * Wrong passwords for one account from any address: guessing from many addresses. A rate, not a lockout:
		 * a stranger can hold an account back for five minutes at most after stopping, and a browser that has
		 * signed in to the account before is not counted here at all (features/auth/known-device.server.ts).
		 */
		loginAccount: { max: 10, windowSeconds: 5 * 60, per: 'account, browsers it never signed in from' },
		signup: { max: env.SIGNUP_RATE_LIMIT, windowSeconds: 60 * 60, per: 'client address' },
		passwordReset: { max: 5, windowSeconds: 60 * 60, per: 'client address' },
		/** Generous for a shared office network, useless for a spam bot. */
		applications: { max: 10, windowSeconds: 60 * 60, per: 'client address' },
		tutorMessages: { max: env.TUTOR_RATE_LIMIT, windowSeconds: env.TUTOR_RATE_WINDOW_SECONDS, per: 'learner' },
		/** Provider tokens, not requests: summed from `tutor_messages` since UTC midnight (features/tutor). */
		tutorDailyTokens: { max: env.TUTOR_DAILY_TOKENS, windowSeconds: 24 * 60 * 60, per: 'learner, UTC day' },
		/** Code-challenge test runs: each one compiles and runs learner code on our workers. */
		challengeRuns: { max: env.CHALLENGE_RATE_LIMIT, windowSeconds: env.CHALLENGE_RATE_WINDOW_SECONDS, per: 'learner' },
		/** Sign-In with Ethereum nonces cost a row each. */
		walletNonce: { max: 30, windowSeconds: 10 * 60, per: 'client address' },
		/** Bad or replayed wallet signatures, like wrong passwords. */
		walletFailures: { max: 10, windowSeconds: 10 * 60, per: 'client address' },
		/** Better Auth's own limiter on /api/auth/* (OAuth callbacks, e-mail links): in memory, per process. */
		authEndpoints: { max: 100, windowSeconds: 60, per: 'client address and path, per process' },
	} satisfies Record<string, Limit>
}

export type LimitName = keyof ReturnType<typeof namedLimits>

/**
 * Rows of `rate_limits` whose window started longer ago than this are past every window above (the longest
 * is a day: TUTOR_RATE_WINDOW_SECONDS is capped there, and the tutor's per-day keys name their day), and are
 * deleted by features/security/purge.server.ts.
 */
export const PURGE_AFTER_SECONDS = 2 * 24 * 60 * 60
