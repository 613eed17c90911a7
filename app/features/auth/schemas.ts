import { z } from 'zod'

// Messages are i18n keys; the form renders them with t().
const email = z
	.string({ error: 'auth.errors.emailRequired' })
	.trim()
	.min(1, 'auth.errors.emailRequired')
	.max(254, 'auth.errors.emailInvalid')
	.pipe(z.email('auth.errors.emailInvalid'))

const password = z.string({ error: 'auth.errors.passwordRequired' }).min(1, 'auth.errors.passwordRequired').max(128, 'auth.errors.passwordTooLong')

export const MIN_PASSWORD_LENGTH = 8

// The common-password check is server-only (password-policy.server.ts): its list is too big for the browser.
const newPassword = password.refine((v) => v.length >= MIN_PASSWORD_LENGTH, 'auth.errors.passwordTooShort')

export const loginSchema = z.object({ email, password, redirectTo: z.string().optional() })

export const signupSchema = z
	.object({
		email,
		password: newPassword,
		confirmPassword: z.string({ error: 'auth.errors.passwordRequired' }).min(1, 'auth.errors.passwordRequired'),
	})
	.refine((v) => v.password === v.confirmPassword, { message: 'auth.errors.passwordsDoNotMatch', path: ['confirmPassword'] })

export const forgotSchema = z.object({ email })

export const updatePasswordSchema = z
	.object({
		token: z.string().min(1, 'auth.errors.resetLinkInvalid').max(512, 'auth.errors.resetLinkInvalid'),
		password: newPassword,
		confirmPassword: z.string({ error: 'auth.errors.passwordRequired' }).min(1, 'auth.errors.passwordRequired'),
	})
	.refine((v) => v.password === v.confirmPassword, { message: 'auth.errors.passwordsDoNotMatch', path: ['confirmPassword'] })

/** 'Change password' while signed in: the same rules, without a reset token. */
export const changePasswordSchema = z
	.object({
		password: newPassword,
		confirmPassword: z.string({ error: 'auth.errors.passwordRequired' }).min(1, 'auth.errors.passwordRequired'),
	})
	.refine((v) => v.password === v.confirmPassword, { message: 'auth.errors.passwordsDoNotMatch', path: ['confirmPassword'] })

export const providerSchema = z.enum(['google', 'github'])
export type Provider = z.infer<typeof providerSchema>

/** The social sign-in button's form; a redirect that is no text is dropped, as any unsafe one is later. */
export const oauthFormSchema = z.object({ provider: providerSchema, redirectTo: z.string().optional().catch(undefined) })

/** The email as typed, for a refused form to show again (the auth pages are static: no client state). */
export function echoedEmail(values: Record<string, unknown>): string {
	return typeof values.email === 'string' ? values.email.slice(0, 254) : ''
}
