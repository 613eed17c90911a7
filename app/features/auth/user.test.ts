import { describe, expect, it } from 'vitest'
import { avatarInitials, displayName, isAdmin } from './user.ts'

describe('display name and avatar fallbacks', () => {
	it('uses the name, then the email local part, then User', () => {
		expect(displayName({ name: 'Ada Lovelace', email: 'ada@x.io' })).toBe('Ada Lovelace')
		expect(displayName({ name: '  ', email: 'ada@x.io' })).toBe('ada')
		expect(displayName({ name: '', email: '' })).toBe('User')
		expect(displayName(null)).toBe('User')
	})
	it('takes two upper-case letters of the email, or U', () => {
		expect(avatarInitials('learner@example.com')).toBe('LE')
		expect(avatarInitials('')).toBe('U')
		expect(avatarInitials(undefined)).toBe('U')
	})
	it('recognises the admin role', () => {
		expect(isAdmin({ role: 'admin' })).toBe(true)
		expect(isAdmin({ role: 'user,admin' })).toBe(true)
		expect(isAdmin({ role: 'user' })).toBe(false)
	})
})
