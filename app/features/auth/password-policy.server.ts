import list from './common-passwords.txt?raw'

// Server-only: the list is 80 KB, too much to ship to the sign-up page for a check the action repeats anyway.
const common = new Set(
	list
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#')),
)

/**
 * Whether a new password is one of the most common ones, ignoring case, or one of them with digits or
 * symbols tacked on the end ('Sunshine2026!', 'monkey123'): the first guesses of any attacker.
 */
export function isCommonPassword(password: string): boolean {
	const p = password.normalize('NFKC').toLowerCase()
	if (common.has(p)) return true
	const base = p.replace(/[^\p{L}]+$/u, '')
	return base.length >= 4 && base !== p && common.has(base)
}
