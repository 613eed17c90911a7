import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/support/fixtures.ts'

// axe-core is the engine Lighthouse's accessibility score runs on. It is evaluated in the page
// (not added as a <script>): the CSP only runs scripts that carry the response's nonce.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

async function axeViolations(page: Page): Promise<Violation[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
	return page.evaluate(async () => {
		const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
		const result = await axe.run(document, {
			runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
			// Named so that a future axe release that retags them cannot silently drop them.
			rules: { 'color-contrast': { enabled: true }, 'link-in-text-block': { enabled: true } },
			resultTypes: ['violations'],
		})
		return result.violations.map((v) => ({
			id: v.id,
			help: v.help,
			nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
		}))
	})
}

const report = (violations: Violation[]) =>
	violations
		.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`)
		.join('\n')

// The pages Lighthouse scores, plus the other sign-in pages that share their layout.
const pages = ['/', '/companies', '/investors', '/login', '/signup', '/forgot-password']
// Lighthouse's mobile preset (412 px wide), and a desktop where the landing shows its scroll-tracked code.
const viewports = [
	{ name: 'mobile', width: 412, height: 823 },
	{ name: 'desktop', width: 1280, height: 800 },
]

for (const lang of ['en-US', 'pt-BR'] as const) {
	test.describe(`accessibility in ${lang}`, () => {
		for (const path of pages) {
			test(`${path} has no WCAG 2.1 A/AA violations (contrast, links in text) on mobile and desktop, with and without motion`, async ({ page, context, baseURL }) => {
				await context.addCookies([{ name: 'app_language', value: lang, url: baseURL ?? 'http://localhost' }])
				await page.setViewportSize(viewports[0]!)
				await page.goto(path)
				await expect(page.locator('html')).toHaveAttribute('lang', lang)
				for (const reducedMotion of ['no-preference', 'reduce'] as const) {
					// With reduced motion the marquees stop and become rows the keyboard has to scroll.
					await page.emulateMedia({ reducedMotion })
					for (const viewport of viewports) {
						await page.setViewportSize(viewport)
						const violations = await axeViolations(page)
						expect(violations, `${lang} ${path} ${viewport.name}, reduced motion: ${reducedMotion}\n${report(violations)}`).toEqual([])
					}
				}
			})
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
