import { describe, expect, it } from 'vitest'
import { addressKey, normalizeAddress, resolveClientAddress, trustedProxies } from './client-address.ts'

describe('client address', () => {
	it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
		expect(resolveClientAddress('::ffff:203.0.113.9', '1.2.3.4', false)).toBe('203.0.113.9')
	})

	it('behind N proxies, is the entry N from the right: never the left end, which the client writes', () => {
		// The client forged "6.6.6.6"; our one proxy appended the address it really saw.
		expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7')
		expect(resolveClientAddress('10.0.0.2', ['6.6.6.6', '203.0.113.7, 10.0.0.9'], 2)).toBe('203.0.113.7')
		// Fewer entries than hops (a proxy that did not append): the furthest one known.
		expect(resolveClientAddress('10.0.0.2', '203.0.113.7', 3)).toBe('203.0.113.7')
		expect(resolveClientAddress('10.0.0.2', undefined, 1)).toBe('10.0.0.2')
	})

	it('behind listed proxies, skips every address of ours from the right', () => {
		const trust = ['loopback', '10.0.0.0/8']
		expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', trust)).toBe('203.0.113.7')
		// A request that did not come through our proxy: its header is not read at all.
		expect(resolveClientAddress('198.51.100.4', '6.6.6.6', trust)).toBe('198.51.100.4')
		expect(resolveClientAddress('127.0.0.1', 'fd00::1, 2001:db8::5', ['loopback', 'fc00::/7'])).toBe('2001:db8::5')
	})

	it('stops at a malformed entry instead of trusting what lies beyond it', () => {
		expect(resolveClientAddress('10.0.0.2', '6.6.6.6, not-an-ip', 1)).toBe('10.0.0.2')
		expect(resolveClientAddress('10.0.0.2', '6.6.6.6, <script>, 203.0.113.7', 2)).toBe('203.0.113.7')
	})

	it('normalizes mapped and bracketed forms and refuses anything else', () => {
		expect(normalizeAddress('::FFFF:192.0.2.1')).toBe('192.0.2.1')
		expect(normalizeAddress('[2001:DB8::1]')).toBe('2001:db8::1')
		expect(normalizeAddress('203.0.113.7:443')).toBeNull()
		expect(normalizeAddress('')).toBeNull()
	})

	it('counts IPv6 clients per /64 network and IPv4 per address', () => {
		expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
		expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
		expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(addressKey('::ffff:198.51.100.3')).toBe('198.51.100.3')
		expect(addressKey(undefined)).toBe('unknown')
	})

	it('matches proxy names and subnets', () => {
		const ours = trustedProxies(['uniquelocal', '198.51.100.0/24'])
		expect(['10.9.9.9', '192.168.1.1', 'fd12::1', '198.51.100.200', '::ffff:172.16.0.1'].every(ours)).toBe(true)
		expect(['8.8.8.8', '198.51.101.1', '2001:db8::1', '127.0.0.1'].some(ours)).toBe(false)
	})
})
