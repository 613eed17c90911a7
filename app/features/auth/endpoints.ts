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
	// The admin plugin's endpoints: roles, bans, impersonation, passwords and accounts of others. The app's
	// admin screens do these through their own actions (requireAdmin, the audit log, the password policy);
	// the plugin stays for its `role` column and ban checks. endpoints.test.ts keeps this list complete.
	'/admin/set-role',
	'/admin/get-user',
	'/admin/create-user',
	'/admin/update-user',
	'/admin/list-users',
	'/admin/list-user-sessions',
	'/admin/unban-user',
	'/admin/ban-user',
	'/admin/impersonate-user',
	'/admin/stop-impersonating',
	'/admin/revoke-user-session',
	'/admin/revoke-user-sessions',
	'/admin/remove-user',
	'/admin/set-user-password',
	'/admin/has-permission',
]
