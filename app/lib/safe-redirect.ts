/** Only same-site absolute paths are allowed as redirect targets; anything else becomes `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/dashboard') {
	if (!to || typeof to !== 'string') return fallback
	const value = to.trim()
	if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
	if (/[\u0000-\u001f]/.test(value)) return fallback
	try {
		const url = new URL(value, 'http://same.site')
		if (url.origin !== 'http://same.site') return fallback
		return url.pathname + url.search + url.hash
	} catch {
		return fallback
	}
}
