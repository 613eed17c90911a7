import http from 'node:http'
import zlib from 'node:zlib'
import type { BrowserContext, Response } from '@playwright/test'
import { demo, expect, loginAs, nonceOf, test } from '../support/fixtures'

// The marketing pages as most visitors see them, motion on (the suite's default is reduced motion); the
// block 'motion and small screens' asks for reduced motion itself.
test.use({ reducedMotion: 'no-preference' })

async function useLanguage(context: BrowserContext, baseURL: string | undefined, lang: 'en-US' | 'pt-BR') {
	await context.addCookies([{ name: 'app_language', value: lang, url: baseURL ?? 'http://localhost' }])
}

// Figures come from app/lib/program.ts, formatted per language (pt-BR uses "US$ 6 mil", "abril de 2026").
const landings = {
	'en-US': [
		{ path: '/', h1: 'Get Paid to Learn', figures: ['6', '$6K', '95%'], text: ['Next cohort · April 2026 · 10 seats', 'April 2026 cohort', 'Only 10 seats'] },
		{ path: '/old/hidden/index', h1: 'Get Paid to Learn', figures: ['6', '$6K', '95%'], text: ['$6,000'] },
		{
			path: '/companies',
			h1: 'Hire Web3-Ready Talents',
			figures: ['10', '95%', '6', '3'],
			text: ['Start Here', 'Most Popular', 'Full Access', 'Project Partner', 'Curriculum Sponsor', 'Ecosystem Partner'],
		},
		{
			path: '/investors',
			h1: "Invest in People's Future",
			figures: ['8-12%', '3-5', '92%'],
			text: [
				'$1.2T',
				'3.7M',
				'$140K',
				'$10,000 USDC/USDT',
				'7 years, with extension options',
				'Quarterly',
				'2% annual management fee + 20% performance fee',
				'Capped at 10% of annual income',
				'$2M target round',
				'Fund Launch',
				'Performance Data',
				'Secondary Market',
			],
		},
	],
	'pt-BR': [
		{
			path: '/',
			h1: 'Seja pago para aprender',
			figures: ['6', 'US$ 6 mil', '95%'],
			text: ['Próxima turma · abril de 2026 · 10 vagas', 'Turma de abril de 2026'],
		},
		{ path: '/old/hidden/index', h1: 'Seja pago para aprender', figures: ['6', 'US$ 6 mil', '95%'], text: ['US$ 6.000'] },
		{ path: '/companies', h1: 'Contrate talentos prontos para Web3', figures: ['10', '95%', '6', '3'], text: ['Comece aqui', 'Mais popular', 'Acesso total'] },
		{
			path: '/investors',
			h1: 'Invista no futuro das pessoas',
			figures: ['8-12%', '3-5', '92%'],
			text: [
				'US$ 1,2 tri',
				'3,7 mi',
				'US$ 140 mil',
				'US$ 10.000 em USDC/USDT',
				'Trimestrais',
				'Rodada com meta de US$ 2 mi',
				'Lançamento do fundo',
				'Mercado secundário',
			],
		},
	],
} as const

for (const lang of ['en-US', 'pt-BR'] as const) {
	test.describe(`landings in ${lang}`, () => {
		for (const p of landings[lang]) {
			test(`${p.path} renders its hero and figures`, async ({ page, context, baseURL }) => {
				await useLanguage(context, baseURL, lang)
				const res = await page.goto(p.path)
				expect(res?.status()).toBe(200)
				await expect(page.locator('html')).toHaveAttribute('lang', lang)
				await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1)
				const figures = page.getByTestId('figure').locator('dd')
				await expect(figures).toHaveText([...p.figures])
				for (const text of p.text) await expect(page.getByText(text, { exact: false }).first()).toBeVisible()
				// Every call to action is a link into the application modal.
				expect(await page.locator('main a[data-apply]').count()).toBeGreaterThanOrEqual(3)
			})
		}
	})
}

test('the student landing shows every section of the spec', async ({ page }) => {
	await page.goto('/')
	for (const name of [
		'Learn the stack Web3 teams use every day',
		'Program in numbers',
		'Write real contracts from week one',
		'Everything you need to get hired',
		'What our graduates say',
		'April 2026 cohort',
		'Ready to get paid to learn?',
	]) {
		await expect(page.getByRole('region', { name }).or(page.getByRole('heading', { name })).first()).toBeVisible()
	}
	await expect(page.getByTestId('cohort-card')).toContainText('$36,000')
	// The code showcase follows the scroll: the last step lights up when it reaches the middle.
	await page.setViewportSize({ width: 1440, height: 900 })
	const last = page.locator('#how-it-works li[data-step="3"]')
	await last.scrollIntoViewIfNeeded()
	await last.evaluate((el) => el.scrollIntoView({ block: 'center' }))
	await expect(last).toHaveAttribute('aria-current', 'step')
})

test('the company tiers feature the Curriculum Sponsor and open the company form', async ({ page }) => {
	await page.goto('/companies')
	await expect(page.getByTestId('tier-curriculum')).toContainText('Most Popular')
	await expect(page.getByTestId('tier-project')).toContainText('Start Here')
	await expect(page.getByTestId('tier-ecosystem')).toContainText('Full Access')
	await expect(page.getByTestId('tier-curriculum').locator('a[data-apply="company"]')).toBeVisible()
	await expect(page.locator('a[data-apply]:not([data-apply="company"])')).toHaveCount(0)
})

test('the investment structure lists every investor term', async ({ page }) => {
	await page.goto('/investors')
	const card = page.getByTestId('investment-structure')
	for (const term of ['Minimum investment', 'Fund life', 'Distributions', 'Fees', 'Target IRR', 'Payback period', 'Graduate repayment', 'Round target']) {
		await expect(card.getByText(term, { exact: true })).toBeVisible()
	}
	await expect(card).toContainText('8-12%')
	await expect(card).toContainText('3-5 years')
	await expect(card).toContainText('$2M')
})

test('signed-in visitors see the student landing with a Dashboard link', async ({ page }) => {
	await loginAs(page, demo.learner)
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get Paid to Learn')
	await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first()).toBeAttached()
})

test('each page has its own SEO tags in the visitor language', async ({ page, context, baseURL }) => {
	await page.goto('/companies')
	await expect(page).toHaveTitle(/Hire Web3-Ready Talents/)
	const head = page.locator('head')
	await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/companies`)
	for (const lang of ['x-default', 'en-US', 'pt-BR'])
		await expect(head.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', `${baseURL}/companies`)
	await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /pre-vetted Web3 developers/)
	await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /Hire Web3-Ready Talents/)
	await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og-image.png`)
	await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_US')
	await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')

	// The alias of the student landing points search engines at /.
	await page.goto('/old/hidden/index')
	await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)

	await useLanguage(context, baseURL, 'pt-BR')
	await page.goto('/investors')
	await expect(page).toHaveTitle(/Invista no futuro das pessoas/)
	await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'pt_BR')
	await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /TIR-alvo de 8-12%/)

	const image = await page.request.get('/og-image.png')
	expect(image.status()).toBe(200)
	expect(image.headers()['content-type']).toContain('image/png')
})

test('robots.txt keeps crawlers out of the app and sitemap.xml lists the public pages', async ({ request, baseURL }) => {
	const robots = await request.get('/robots.txt')
	expect(robots.status()).toBe(200)
	expect(robots.headers()['content-type']).toContain('text/plain')
	const text = await robots.text()
	expect(text).toContain('Disallow: /dashboard')
	expect(text).toContain('Disallow: /dashboard/admin')
	expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

	const sitemap = await request.get('/sitemap.xml')
	expect(sitemap.status()).toBe(200)
	expect(sitemap.headers()['content-type']).toContain('xml')
	const xml = await sitemap.text()
	for (const path of ['/', '/companies', '/investors']) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
	expect(xml).toContain('hreflang="pt-BR"')
	expect(xml).not.toContain('/dashboard')
})

test.describe('motion and small screens', () => {
	test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' })

	test('marquees stand still with reduced motion and no landing overflows a phone', async ({ page }) => {
		for (const path of ['/', '/companies', '/investors']) {
			await page.goto(path)
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
			expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0)
		}
		await page.goto('/')
		const animation = await page
			.locator('.marquee-track')
			.first()
			.evaluate((el) => getComputedStyle(el).animationName)
		expect(animation).toBe('none')
		await expect(page.locator('.marquee-track [data-duplicate]').first()).toBeHidden()
	})
})

test.describe('lean landings', () => {
	// Measured over the wire (compressed bytes as sent), not from the build: what a visitor downloads.
	test('each public page loads at most 120 KB of JavaScript and no React Router runtime before interaction', async ({ page }) => {
		for (const path of ['/', '/old/hidden/index', '/companies', '/investors', '/login', '/signup', '/forgot-password']) {
			const scripts: { url: string; bytes: Promise<number> }[] = []
			const onResponse = (res: Response) => {
				if (res.request().resourceType() === 'script')
					scripts.push({
						url: res.url(),
						bytes: res
							.request()
							.sizes()
							.then((s) => s.responseBodySize),
					})
			}
			page.on('response', onResponse)
			await page.goto(path)
			await page.waitForLoadState('networkidle')
			page.off('response', onResponse)
			const total = (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0)
			expect(scripts.length, `${path} loads its island`).toBeGreaterThan(0)
			expect(total, `${path} JavaScript bytes`).toBeLessThanOrEqual(120 * 1024)
			expect(
				scripts.map((s) => s.url).filter((u) => /entry\.client|manifest-|react-router/.test(u)),
				path,
			).toEqual([])
			// No hydration payload either: the page is HTML and CSS plus the island.
			expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
		}
	})

	test('anonymous landings come from the HTML cache per language, each with its own nonce', async ({ playwright, baseURL }) => {
		const api = await playwright.request.newContext({ baseURL })
		const get = async (path: string, lang?: string) => {
			// As a browser asks: compressed (the body below is unzipped).
			const res = await api.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br', ...(lang ? { cookie: `app_language=${lang}` } : {}) } })
			expect(res.status()).toBe(200)
			const body = await res.text()
			const nonce = nonceOf(res.headers()['content-security-policy'])
			const h = res.headers()
			return { cache: h['x-cache'], render: h['x-render'], etag: h['etag'], encoding: h['content-encoding'], body, nonce }
		}
		await get('/investors')
		const a = await get('/investors')
		const b = await get('/investors')
		expect(a.cache).toBe('HIT')
		expect(b.cache).toBe('HIT')
		// Gzipped from pieces deflated once per entry, not compressed per answer (lib/gzip-pieces.server.ts).
		expect(a.encoding).toBe('gzip')
		// How the app answered the render an entry was made from is not this answer's (ADR 0013's X-Render).
		expect(a.render).toBeUndefined()
		// A fresh nonce per answer, in the header and on the island's script tag alike.
		expect(a.nonce).not.toBe(b.nonce)
		expect(a.body).toContain(`nonce="${a.nonce}"`)
		expect(b.body).toContain(`nonce="${b.nonce}"`)
		expect(b.body).not.toContain(`nonce="${a.nonce}"`)
		// The same page otherwise, byte for byte, and no ETag: with a nonce of its own no answer could match one.
		expect(b.body.replaceAll(b.nonce, 'N')).toBe(a.body.replaceAll(a.nonce, 'N'))
		expect(a.etag).toBeUndefined()
		// The language is part of the key: Portuguese visitors never get the English copy.
		await get('/investors', 'pt-BR')
		const pt = await get('/investors', 'pt-BR')
		expect(pt.cache).toBe('HIT')
		expect(pt.body).toContain('Invista no futuro das pessoas')
		// A query string (a shared ?apply= link) is rendered, not served from memory.
		expect((await api.get('/investors?apply=investor')).headers()['x-cache']).toBeUndefined()
		await api.dispose()
	})

	test('hashed assets come compressed from memory: Brotli or gzip as the client asks, immutable', async ({ baseURL }) => {
		const html = await (await fetch(`${baseURL}/companies`)).text()
		// The page's largest script or stylesheet (files under 1 KB are not worth compressing and go out as they are).
		const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:css|js)/g))]
		const sizes = await Promise.all(assets.map(async (href) => (await (await fetch(`${baseURL}${href}`)).arrayBuffer()).byteLength))
		const asset = assets[sizes.indexOf(Math.max(...sizes))]
		expect(Math.max(...sizes), 'the landing loads an asset worth compressing').toBeGreaterThan(1024)
		// Raw HTTP: fetch and Playwright's request API decode the body and hide the encoding.
		const get = (encoding: string) =>
			new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
				http
					.get(`${baseURL}${asset}`, { headers: { 'accept-encoding': encoding } }, (res) => {
						const chunks: Buffer[] = []
						res.on('data', (c: Buffer) => chunks.push(c))
						res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
					})
					.on('error', reject)
			})
		for (const [asked, answered, decode] of [
			['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
			['gzip', 'gzip', zlib.gunzipSync],
		] as const) {
			const res = await get(asked)
			expect(res.status).toBe(200)
			expect(res.headers['content-encoding'], `asked for ${asked}`).toBe(answered)
			expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
			expect(res.headers.vary).toBe('Accept-Encoding')
			// Known up front because the compressed bytes are kept (the per-request compressor streams chunked).
			expect(Number(res.headers['content-length'])).toBe(res.body.length)
			expect(decode(res.body).length).toBe(Math.max(...sizes))
		}
	})

	test('a rendered page is compressed in one piece, public or signed in', async ({ page, baseURL }) => {
		// Each of React's 2 KB pieces used to be flushed through gzip on its own: a sync-flush marker
		// (00 00 FF FF) per piece, about twice the bytes and twice the server CPU of one compressed stream.
		const get = (path: string, cookie = '') =>
			new Promise<Buffer>((resolve, reject) => {
				http
					// Rendered, not kept: a page answered from memory is gzipped in pieces cut at its nonce (lib/gzip-pieces.server.ts).
					.get(`${baseURL}${path}`, { headers: { 'accept-encoding': 'gzip', 'cache-control': 'no-cache', cookie } }, (res) => {
						expect(res.headers['content-encoding']).toBe('gzip')
						const chunks: Buffer[] = []
						res.on('data', (c: Buffer) => chunks.push(c))
						res.on('end', () => resolve(Buffer.concat(chunks)))
					})
					.on('error', reject)
			})
		const flushes = (body: Buffer) => {
			let n = 0
			for (let i = body.indexOf('0000ffff', 0, 'hex'); i >= 0; i = body.indexOf('0000ffff', i + 1, 'hex')) n++
			return n
		}
		await loginAs(page, demo.learner)
		const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
		// A query string makes the landing rendered rather than served from the HTML cache.
		for (const [path, who] of [
			['/companies?from=test', ''],
			['/dashboard', cookie],
		] as const) {
			const body = await get(path, who)
			expect(zlib.gunzipSync(body).toString(), path).toContain('</html>')
			expect(flushes(body), path).toBeLessThanOrEqual(2)
		}
	})

	test('signed-in visitors bypass the HTML cache and keep their Dashboard link', async ({ page }) => {
		await page.request.get('/') // warm the anonymous entry
		await loginAs(page, demo.learner)
		const res = await page.request.get('/')
		expect(res.headers()['x-cache']).toBeUndefined()
		expect(await res.text()).toContain('href="/dashboard"')
	})

	test('without JavaScript the landing still reads, links and switches language', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
		const page = await context.newPage()
		await page.goto('/companies')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hire Web3-Ready Talents')
		await expect(page.locator('main a[data-apply="company"]').first()).toHaveAttribute('href', '?apply=company')
		await page.getByRole('button', { name: 'Português' }).first().click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contrate talentos prontos para Web3')
		await expect(page).toHaveURL(/\/companies$/)
		await context.close()
	})
})
