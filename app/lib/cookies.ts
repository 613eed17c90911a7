/**
 * One cookie's value from a Cookie header, read as Better Auth's endpoint reads its session cookie (better-call's
 * parser), so the session lookup of our own (features/auth/session-row.server.ts) sees the cookie Better Auth
 * would: the first cookie of that name wins, surrounding quotes go, and a value with % is URI-decoded, left as
 * it is when that fails (a malformed value is the sender's problem, never a 500).
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
	if (!header) return undefined
	let index = 0
	while (index < header.length) {
		const eq = header.indexOf('=', index)
		if (eq === -1) return undefined
		let end = header.indexOf(';', index)
		if (end === -1) end = header.length
		else if (end < eq) {
			index = header.lastIndexOf(';', eq - 1) + 1
			continue
		}
		if (header.slice(index, eq).trim() === name) {
			let value = header.slice(eq + 1, end).trim()
			if (value.codePointAt(0) === 34) value = value.slice(1, -1)
			try {
				return value.includes('%') ? decodeURIComponent(value) : value
			} catch {
				return value
			}
		}
		index = end + 1
	}
	return undefined
}
