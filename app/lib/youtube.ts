const ID = /^[A-Za-z0-9_-]{11}$/

/**
 * The 11-character video id of a YouTube link in its watch, embed, short-link, shorts, live or
 * mobile form; null for anything else.
 */
export function youtubeId(input: string | null | undefined): string | null {
	if (!input) return null
	let url: URL
	try {
		url = new URL(input.trim())
	} catch {
		return null
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
	const host = url.hostname.toLowerCase().replace(/^www\./, '')
	let candidate: string | null | undefined = null
	if (host === 'youtu.be') {
		candidate = url.pathname.split('/')[1]
	} else if (['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com'].includes(host)) {
		const [, first, second] = url.pathname.split('/')
		if (first === 'watch') candidate = url.searchParams.get('v')
		else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') candidate = second
	}
	return candidate && ID.test(candidate) ? candidate : null
}
