import fs from 'node:fs'
import { demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { reportViolations, wcagViolations } from '#tests/support/axe.ts'
import { landingPages, otherPages } from '#tests/support/a11y-pages.ts'

// Lighthouse's mobile preset (412 px wide), and a desktop where the landing shows its scroll-tracked code.
const viewports = [
	{ name: 'mobile', width: 412, height: 823 },
	{ name: 'desktop', width: 1280, height: 800 },
]

for (const lang of ['en-US', 'pt-BR'] as const) {
	test.describe(`accessibility in ${lang}`, () => {
		for (const path of landingPages) {
			test(`${path} has no WCAG 2.1 A/AA violations (contrast, links in text) on mobile and desktop, with and without motion where it moves`, async ({
				page,
				context,
				baseURL,
			}) => {
				await context.addCookies([{ name: 'app_language', value: lang, url: baseURL ?? 'http://localhost' }])
				await page.setViewportSize(viewports[0]!)
				await page.goto(path)
				await expect(page.locator('html')).toHaveAttribute('lang', lang)
				// With reduced motion the marquees stop and become rows the keyboard has to scroll: a page with one is
				// checked both ways. Elsewhere reduced motion only shortens transitions, and the check runs once.
				const motions = (await page.locator('.marquee').count()) ? (['no-preference', 'reduce'] as const) : (['no-preference'] as const)
				for (const reducedMotion of motions) {
					await page.emulateMedia({ reducedMotion })
					for (const viewport of viewports) {
						await page.setViewportSize(viewport)
						const violations = await wcagViolations(page)
						expect(violations, `${lang} ${path} ${viewport.name}, reduced motion: ${reducedMotion}\n${reportViolations(violations)}`).toEqual([])
					}
				}
			})
		}
	})
}

// Pages outside the landings: the public path outline, the certificate checker, a 404, and every profile tab.
const sizes = [
	{ width: 390, height: 844 },
	{ width: 1440, height: 900 },
]

for (const lang of ['en-US', 'pt-BR'] as const) {
	// Their contrast in dark mode is checked by dark-mode.spec.ts; here every rule, in the default theme.
	test(`the path outline, the certificate checker, a 404 and every profile tab have no WCAG 2.1 A/AA violations in ${lang}`, async ({
		page,
		context,
		baseURL,
	}) => {
		test.setTimeout(180_000)
		await context.addCookies([{ name: 'app_language', value: lang, url: baseURL ?? 'http://localhost' }])
		await loginAs(page, demo.learner)
		for (const path of otherPages()) {
			await page.goto(path)
			await expect(page.locator('html')).toHaveAttribute('lang', lang)
			for (const size of sizes) {
				await page.setViewportSize(size)
				const violations = await wcagViolations(page)
				expect(violations, `${lang} ${path} ${size.width}px\n${reportViolations(violations)}`).toEqual([])
			}
		}
	})
}

const locales = {
	'en-US': JSON.parse(fs.readFileSync(new URL('../../app/locales/en-US.json', import.meta.url), 'utf8')),
	'pt-BR': JSON.parse(fs.readFileSync(new URL('../../app/locales/pt-BR.json', import.meta.url), 'utf8')),
} as const

// Lighthouse's SEO audit fails a page without a meta description; the sign-in pages have one in each language.
for (const [path, key] of [
	['/login', 'login'],
	['/signup', 'signup'],
	['/forgot-password', 'forgot'],
] as const) {
	test(`${path} has a meta description in both languages`, async ({ request }) => {
		const seen = new Set<string>()
		for (const lang of ['en-US', 'pt-BR'] as const) {
			const html = await (await request.get(path, { headers: { cookie: `app_language=${lang}` } })).text()
			const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1]
			const expected = (locales[lang].seo[key].description as string).replace('{{app}}', 'Learnchain')
			expect(description, `${lang} ${path}`).toBe(expected)
			seen.add(description!)
		}
		expect(seen.size, 'each language has its own description').toBe(2)
	})
}
