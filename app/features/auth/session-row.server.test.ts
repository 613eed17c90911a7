import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifiedToken } from './session-row.server.ts'

const SECRET = 'a-secret-of-the-right-length-for-tests-0001'
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`

describe('verifiedToken', () => {
	it('gives the token of a value signed with the secret, as better-call signs it', () => {
		expect(verifiedToken(sign('tok.en-1'), SECRET)).toBe('tok.en-1')
	})
	it('refuses another secret, a changed token or signature, and malformed values', () => {
		expect(verifiedToken(sign('token', 'another-secret'), SECRET)).toBeNull()
		expect(verifiedToken(sign('token').replace(/^t/, 'T'), SECRET)).toBeNull()
		const signed = sign('token')
		expect(verifiedToken(`${signed.slice(0, -2)}A=`, SECRET)).toBeNull()
		expect(verifiedToken('token', SECRET)).toBeNull()
		expect(verifiedToken(`.${sign('x').split('.')[1]}`, SECRET)).toBeNull()
		expect(verifiedToken(`token.${'A'.repeat(43)}`, SECRET)).toBeNull()
		expect(verifiedToken(`token.${'A'.repeat(45)}=`, SECRET)).toBeNull()
	})
})
