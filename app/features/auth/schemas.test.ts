import { describe, expect, it } from 'vitest'
import { fieldErrors } from '~/lib/field-errors.ts'
import { loginSchema, signupSchema, updatePasswordSchema } from './schemas.ts'

describe('auth schemas', () => {
	it('trims the login email and requires both fields', () => {
		expect(loginSchema.parse({ email: '  a@b.io ', password: 'x' }).email).toBe('a@b.io')
		const r = loginSchema.safeParse({ email: '', password: '' })
		expect(r.success).toBe(false)
		expect(fieldErrors(r.error!)).toEqual({ email: 'auth.errors.emailRequired', password: 'auth.errors.passwordRequired' })
	})
	it('rejects an invalid email', () => {
		const r = loginSchema.safeParse({ email: 'not-an-email', password: 'x' })
		expect(fieldErrors(r.error!).email).toBe('auth.errors.emailInvalid')
	})
	it("says 'Passwords do not match' on the confirmation field", () => {
		const r = signupSchema.safeParse({ email: 'a@b.io', password: 'correct-horse-1', confirmPassword: 'other-horse-1' })
		expect(fieldErrors(r.error!).confirmPassword).toBe('auth.errors.passwordsDoNotMatch')
	})
	it('requires 8 characters (common passwords are refused by the server, see password-policy.server.ts)', () => {
		expect(fieldErrors(signupSchema.safeParse({ email: 'a@b.io', password: 'short', confirmPassword: 'short' }).error!).password).toBe(
			'auth.errors.passwordTooShort',
		)
		expect(signupSchema.safeParse({ email: 'a@b.io', password: 'blue-anchor-77', confirmPassword: 'blue-anchor-77' }).success).toBe(true)
	})
	it('needs a reset token to update a password', () => {
		const r = updatePasswordSchema.safeParse({ token: '', password: 'blue-anchor-77', confirmPassword: 'blue-anchor-77' })
		expect(fieldErrors(r.error!).token).toBe('auth.errors.resetLinkInvalid')
	})
})
