// Content-Security-Policy for HTML documents: scripts only with this response's nonce (and what they
// load, via 'strict-dynamic'); styles may be inline (Tailwind's style attributes, sonner's runtime sheet).
export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }) {
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
		'style-src': ["'self'", "'unsafe-inline'"],
		'img-src': ["'self'", 'data:', 'https://i.ytimg.com', 'https://avatars.githubusercontent.com', 'https://lh3.googleusercontent.com'],
		'font-src': ["'self'"],
		'connect-src': ["'self'", 'https:', 'wss:'],
		'frame-src': ['https://www.youtube-nocookie.com'],
		'frame-ancestors': ["'none'"],
		'base-uri': ["'self'"],
		// OAuth starts with a form POST answered by a redirect to the provider; form-action covers that hop.
		'form-action': ["'self'", 'https://github.com', 'https://accounts.google.com'],
		'object-src': ["'none'"],
	}
	// Vite's dev server injects inline scripts and a websocket; only production is strict.
	if (opts.dev) {
		directives['script-src'] = ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
		directives['connect-src'] = ['*', 'ws:', 'wss:']
	}
	return Object.entries(directives)
		.map(([k, v]) => `${k} ${v.join(' ')}`)
		.join('; ')
}
