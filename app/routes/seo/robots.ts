import { getEnv } from '~/lib/env.server.ts'

// Crawlers may index the public site; the signed-in app, the admin area and tooling stay out.
export function loader() {
	const { APP_URL } = getEnv()
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /dashboard',
		'Disallow: /dashboard/admin',
		'Disallow: /api/',
		'Disallow: /resources/',
		'Disallow: /dev/',
		'Disallow: /auth/',
		'',
		`Sitemap: ${APP_URL}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
