import { BlockList, isIP } from 'node:net'

// The client's address, worked out once by the HTTP server (server/client-address.ts) and handed to the app
// in headers the server always overwrites, so a client cannot set them. Every per-address limit (ours and
// Better Auth's) reads the same value.

/** The client's address: the socket's, or the first untrusted hop of X-Forwarded-For behind trusted proxies. */
export const CLIENT_ADDRESS_HEADER = 'x-learnchain-ip'
/** The socket's own address, whatever any proxy says: what "from this machine" is decided on. */
export const PEER_ADDRESS_HEADER = 'x-learnchain-peer'

/** Express's `trust proxy` forms: none, a number of proxy hops, or the proxies' addresses/subnets (and names). */
export type ProxyTrust = false | number | string[]

/** IPv4-mapped IPv6 as plain IPv4, lower case; anything that is no IP address gives null. */
export function normalizeAddress(value: string | null | undefined): string | null {
	if (!value) return null
	let a = value.trim().toLowerCase()
	if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1)
	if (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7)
	return isIP(a) ? a : null
}

const NAMED: Record<string, [string, number][]> = {
	loopback: [
		['127.0.0.0', 8],
		['::1', 128],
	],
	linklocal: [
		['169.254.0.0', 16],
		['fe80::', 10],
	],
	uniquelocal: [
		['10.0.0.0', 8],
		['172.16.0.0', 12],
		['192.168.0.0', 16],
		['fc00::', 7],
	],
}

/** A predicate for the addresses of our own proxies, from the TRUST_PROXY list. */
export function trustedProxies(entries: string[]): (address: string) => boolean {
	const list = new BlockList()
	for (const entry of entries) {
		for (const [net, bits] of NAMED[entry] ??
			[entry.split('/') as [string, string | undefined]].map(
				([ip, b]) => [ip, b === undefined ? (isIP(ip) === 4 ? 32 : 128) : Number(b)] as [string, number],
			)) {
			const family = isIP(net) === 4 ? 'ipv4' : 'ipv6'
			list.addSubnet(net, bits, family)
		}
	}
	return (address) => {
		const a = normalizeAddress(address)
		return a !== null && list.check(a, isIP(a) === 4 ? 'ipv4' : 'ipv6')
	}
}

/**
 * The client's address from the socket and X-Forwarded-For. Each proxy appends the address it got the
 * request from, so the list is read from the right: past `trust` hops (or past addresses of our own
 * proxies), the next entry is the client. The left end is whatever the client wrote, and is never read
 * unless every proxy in between is ours. A malformed entry stops the walk at the last proxy we trust.
 */
export function resolveClientAddress(
	socketAddress: string | undefined,
	forwardedFor: string | string[] | undefined,
	trust: ProxyTrust | ((address: string, hop: number) => boolean),
): string {
	const socket = normalizeAddress(socketAddress) ?? '0.0.0.0'
	if (trust === false || trust === 0) return socket
	const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
	const hops = header
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)
		.reverse()
	const isTrusted: (address: string, hop: number) => boolean =
		typeof trust === 'number' ? (_, hop) => hop < trust : typeof trust === 'function' ? trust : trustedProxies(trust)
	let current = socket
	for (let i = 0; i < hops.length; i++) {
		if (!isTrusted(current, i)) return current
		const next = normalizeAddress(hops[i])
		if (!next) return current
		current = next
	}
	return current
}

/**
 * The key a per-address limit counts under: an IPv4 address, or the /64 network of an IPv6 one (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function addressKey(address: string | null | undefined): string {
	const a = normalizeAddress(address)
	if (!a) return 'unknown'
	if (isIP(a) === 4) return a
	const [head = '', tail = ''] = a.split('::')
	const left = head ? head.split(':') : []
	const right = tail ? tail.split(':') : []
	const groups = a.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : a.split(':')
	return `${groups
		.slice(0, 4)
		.map((g) => g.replace(/^0+(?=.)/, ''))
		.join(':')}::/64`
}
