import { isIP } from 'node:net'

/** Whether a client or socket address is this machine's own (127.0.0.0/8, ::1, or either mapped into IPv6). */
export function isLoopbackAddress(address: string | null | undefined): boolean {
	if (!address) return false
	const a = address
		.trim()
		.toLowerCase()
		.replace(/^\[|\]$/g, '')
	const v4 = a.startsWith('::ffff:') ? a.slice(7) : a
	if (isIP(v4) === 4) return v4.startsWith('127.')
	return isIP(a) === 6 && /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(a)
}

/** Whether a URL's host names this machine only (localhost, *.localhost, a loopback address). */
export function isLoopbackUrl(url: string): boolean {
	let host: string
	try {
		host = new URL(url).hostname.toLowerCase()
	} catch {
		return false
	}
	return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host)
}
