/**
 * Better Auth endpoints refused over HTTP (/api/auth/...). Our own actions own them (zod, the
 * common-password check, the rate limits in rate_limits, answers that never tell whether an email is
 * registered) and reach them through auth.api.*, which this list does not affect; over HTTP they would
 * be a way around all of that. The rest (OAuth callbacks, the verification and reset links, the
 * session, plugins' endpoints) stays open.
 */
export const DISABLED_AUTH_PATHS = [
	'/sign-in/email',
	'/sign-up/email',
	'/request-password-reset',
	'/reset-password',
	'/change-password',
	'/set-password',
	'/change-email',
	'/update-user',
	'/send-verification-email',
	'/verify-password',
	'/delete-user',
]
