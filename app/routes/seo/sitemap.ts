import { languages } from '~/features/i18n/config.ts'
import { publicPages } from '~/features/marketing/seo.server.ts'
import { getEnv } from '~/lib/env.server.ts'

// Both languages share each URL (the app_language cookie picks one), so every alternate
// points at the same address; see features/marketing/seo.ts.
export function loader() {
	const { APP_URL } = getEnv()
	const urls = publicPages.map(({ path }) => {
		const loc = `${APP_URL}${path}`
		const alternates = ['x-default', ...languages].map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${loc}"/>`).join('\n')
		return `  <url>\n    <loc>${loc}</loc>\n${alternates}\n    <changefreq>weekly</changefreq>\n    <priority>${path === '/' ? '1.0' : '0.8'}</priority>\n  </url>`
	})
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
