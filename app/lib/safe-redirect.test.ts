import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_REDIRECT_LENGTH, safeRedirect } from './safe-redirect.ts'

/** Where a browser on a page of this site goes when told `Location: <target>`. */
const landsOn = (target: string) => new URL(target, 'http://same.site/dashboard/explore')

// Pieces of known open-redirect bypasses (dot segments, backslashes, encoded slashes and backslashes,
// tabs and newlines, scheme tricks), to be strung together in any order.
const pieces = [
	'/',
	'\\',
	'.',
	'..',
	'%2F',
	'%2f',
	'%5C',
	'%5c',
	'%2e',
	'%252F',
	'%09',
	'%0a',
	'\t',
	'\n',
	'\r',
	' ',
	'@',
	':',
	'//',
	'/./',
	'/../',
	'evil.example',
	'http:',
	'https:',
	'javascript:',
	'//evil.example',
	'\\evil.example',
]

describe('safeRedirect', () => {
	it('keeps same-site paths with query and hash', () => {
		expect(safeRedirect('/dashboard/explore?x=1#a')).toBe('/dashboard/explore?x=1#a')
		expect(safeRedirect('/dashboard/./learn/../explore')).toBe('/dashboard/explore')
		expect(safeRedirect('/dashboard?next=//evil.example')).toBe('/dashboard?next=//evil.example')
	})

	it.each([
		'https://evil.example',
		'//evil.example',
		'/\\evil.example',
		'/.//evil.example',
		'/./\\evil.example',
		'/..//evil.example',
		'/%2F%2Fevil.example',
		'/%2f/evil.example',
		'/%5Cevil.example',
		'/%5C%5Cevil.example',
		'/%252F%252Fevil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/%09/evil.example',
		'/%0a/evil.example',
		'\t//evil.example',
		' //evil.example',
		'/%2e%2e//evil.example',
		'HTTPS://evil.example',
		'javascript:alert(1)',
		'http:evil.example',
		'',
		null,
		'dashboard',
		'/x\r\nSet-Cookie: a=b',
	])('refuses %j', (input) => {
		expect(safeRedirect(input)).toBe('/dashboard')
	})

	it('refuses a target longer than any link the app makes, before and after normalising', () => {
		const long = (n: number) => `/dashboard/scoreboard?q=${'a'.repeat(n - '/dashboard/scoreboard?q='.length)}`
		expect(safeRedirect(long(MAX_REDIRECT_LENGTH))).toBe(long(MAX_REDIRECT_LENGTH))
		expect(safeRedirect(long(MAX_REDIRECT_LENGTH + 1))).toBe('/dashboard')
		// Short as written, long once the emoji are percent-encoded the way a browser sends them.
		expect(safeRedirect(`/dashboard?q=${'💻'.repeat(400)}`)).toBe('/dashboard')
	})

	it('never sends a browser off the site, whatever the target is made of', () => {
		const target = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''))
		fc.assert(
			fc.property(
				fc.oneof(
					target,
					fc.string(),
					target.map((t) => `/${t}`),
				),
				(input) => {
					const out = safeRedirect(input)
					expect(out.startsWith('/') && !out.startsWith('//')).toBe(true)
					expect(out).not.toMatch(/[\u0000-\u001f\\]/)
					expect(landsOn(out).origin).toBe('http://same.site')
					// Decoded (as some later step might), it is still a path of this site. Each %XX becomes its byte, as a
					// lenient decoder does: decodeURIComponent threw on a byte that is not UTF-8 (/%A0, a random run found).
					let decoded = out
					for (let i = 0; i < 3; i++) decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
					const path = decoded
						.split(/[?#]/)[0]!
						.replace(/[\t\n\r]/g, '')
						.replace(/\\/g, '/')
					expect(path.startsWith('//')).toBe(false)
					expect(landsOn(path).origin).toBe('http://same.site')
				},
			),
			{ numRuns: 2000 },
		)
	})
})
