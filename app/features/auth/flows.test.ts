import { describe, expect, it } from 'vitest'
import { loginErrorKey } from './flows.server.ts'

describe('login error mapping (spec section 8)', () => {
	it.each([
		['INVALID_EMAIL_OR_PASSWORD', 'auth.errors.invalidCredentials'],
		['EMAIL_NOT_VERIFIED', 'auth.errors.emailNotConfirmed'],
		['TOO_MANY_REQUESTS', 'auth.errors.tooManyAttempts'],
		['SOMETHING_ELSE', 'auth.errors.unexpected'],
	])('%s -> %s', (code, key) => {
		expect(loginErrorKey(code)).toBe(key)
	})
})
