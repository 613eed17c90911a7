const BASE = 'http://same.site'

/** A path as a browser might read it after decoding it (up to three times) and dropping tabs and newlines. */
function decodedForms(path: string): string[] {
	const forms = [path]
	let current = path
	for (let i = 0; i < 3; i++) {
		try {
			const next = decodeURIComponent(current)
			if (next === current) break
			forms.push((current = next))
		} catch {
			break
		}
	}
	return forms.map((f) => f.replace(/[\t\n\r]/g, '').replace(/\\/g, '/'))
}

// Longer than any link the app makes. A target of kilobytes (a hostile query), encoded once more into a
// Location header, outgrew what HTTP clients read of a header (16 KB in Node's): the answer failed to parse.
export const MAX_REDIRECT_LENGTH = 2000

/**
 * Only same-site absolute paths of at most MAX_REDIRECT_LENGTH characters are allowed as redirect targets;
 * anything else becomes `fallback`.
 * The target is normalised first, the way a browser resolves a Location (dot segments, backslashes,
 * tabs and newlines), and the result is checked: `/.//evil.example` normalises to `//evil.example`, which
 * a browser reads as another host. A path that would turn into one when decoded is refused as well.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard') {
	if (!to || typeof to !== 'string') return fallback
	const value = to.trim()
	if (value.length > MAX_REDIRECT_LENGTH) return fallback
	// Browsers drop tabs and newlines and read '\' as '/' anywhere in a URL: no honest path has them.
	if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback
	let url: URL
	try {
		url = new URL(value, BASE)
	} catch {
		return fallback
	}
	if (url.origin !== BASE) return fallback
	const path = url.pathname + url.search + url.hash
	if (decodedForms(url.pathname).some((p) => !p.startsWith('/') || p.startsWith('//'))) return fallback
	// Normalising percent-encodes what a browser would: the result is held to the same length.
	return path.length > MAX_REDIRECT_LENGTH ? fallback : path
}
