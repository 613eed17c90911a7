import { z } from 'zod'
import { readTextFields } from '~/lib/forms.server.ts'

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

export type FieldErrors = Partial<Record<string, string>>

/** First message per field, as i18n keys. */
export function fieldErrors(error: z.ZodError): FieldErrors {
	const out: FieldErrors = {}
	for (const issue of error.issues) {
		const key = String(issue.path[0] ?? 'form')
		out[key] ??= issue.message
	}
	return out
}

export function formObject(form: FormData) {
	const out: Record<string, string> = {}
	for (const [k, v] of form) if (typeof v === 'string') out[k] = v
	return out
}

/**
 * The text fields of a posted form, read with the forms module's cap. A body that is no form at all (JSON,
 * garbage, a wrong or missing content type) reads as empty, so the action's validation answers 400 instead
 * of the parser's 500; one past the cap never gets here (the server answers 413 first).
 */
export async function readFormObject(request: Request): Promise<Record<string, string>> {
	return readTextFields(request).catch(() => ({}))
}
