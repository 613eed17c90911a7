import fs from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import { demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { contrastViolations, reportViolations } from '#tests/support/axe.ts'
import { landingPages, otherPages } from '#tests/support/a11y-pages.ts'
import { demoPath } from '#tests/support/demo.ts'
import { pathLessons } from '#tests/support/lessons.ts'

// The page background of each theme (app/app.css tokens), as the browser computes it.
const LIGHT = 'oklch(1 0 0)'
const DARK = 'oklch(0.145 0.01 277)'

const locales = {
	'en-US': JSON.parse(fs.readFileSync(new URL('../../app/locales/en-US.json', import.meta.url), 'utf8')),
	'pt-BR': JSON.parse(fs.readFileSync(new URL('../../app/locales/pt-BR.json', import.meta.url), 'utf8')),
} as const

async function useLanguage(context: BrowserContext, lang: string, baseURL: string | undefined) {
	await context.addCookies([{ name: 'app_language', value: lang, url: baseURL ?? 'http://localhost' }])
}

const background = (page: Page) => expect(page.locator('body'))

for (const lang of ['en-US', 'pt-BR'] as const) {
	const theme = locales[lang].theme as Record<'label' | 'system' | 'light' | 'dark', string>

	test.describe(`dark mode in ${lang}`, () => {
		test('the public header switches the theme without JavaScript, and the choice survives a reload', async ({ page, context, baseURL }) => {
			await useLanguage(context, lang, baseURL)
			await page.setViewportSize({ width: 1280, height: 800 })
			await page.emulateMedia({ colorScheme: 'light' })
			await page.goto('/')
			const switcher = page.getByRole('banner').getByRole('form', { name: theme.label })
			await expect(switcher.getByRole('button', { name: theme.system })).toHaveAttribute('aria-pressed', 'true')
			await background(page).toHaveCSS('background-color', LIGHT)

			await switcher.getByRole('button', { name: theme.dark }).click()
			await expect(page.locator('html')).toHaveClass('dark')
			await background(page).toHaveCSS('background-color', DARK)
			await expect(page).toHaveURL(/\/$/)
			await page.reload()
			await expect(page.locator('html')).toHaveClass('dark')
			await expect(switcher.getByRole('button', { name: theme.dark })).toHaveAttribute('aria-pressed', 'true')

			// An explicit light choice wins over a dark system setting, on the sign-in pages too.
			await page.emulateMedia({ colorScheme: 'dark' })
			await page.goto('/login')
			await page.getByRole('banner').getByRole('button', { name: theme.light }).click()
			await expect(page).toHaveURL(/\/login$/)
			await expect(page.locator('html')).toHaveClass('light')
			await background(page).toHaveCSS('background-color', LIGHT)

			// Back to following the system, which is dark here.
			await page.getByRole('banner').getByRole('button', { name: theme.system }).click()
			await expect(page.locator('html')).not.toHaveClass(/light|dark/)
			await background(page).toHaveCSS('background-color', DARK)
			await page.emulateMedia({ colorScheme: 'light' })
			await background(page).toHaveCSS('background-color', LIGHT)
		})

		test('the public path page, the certificate checker and the 404 page offer the switcher too', async ({ page, context, baseURL, browser }) => {
			// A published path's id, read by a learner in another browser: the visitor here has no session.
			const reader = await browser.newContext({ baseURL })
			const learner = await reader.newPage()
			await loginAs(learner, demo.learner)
			const pathId = demoPath('Blockchain & Web3 Foundations').id
			await reader.close()

			await useLanguage(context, lang, baseURL)
			await page.emulateMedia({ colorScheme: 'light' })
			for (const path of [`/paths/${pathId}`, '/certificates/verify', '/no-such-page', '/paths/00000000-0000-4000-8000-000000000000']) {
				await page.goto(path)
				// A page that loads scripts hydrates, the root error page of a missing path included (the fixture's goto
				// would otherwise wait 10 s on it, and a click might land before React does).
				if (await page.locator('script[type="module"]').count()) await expect(page.locator('html'), path).toHaveAttribute('data-hydrated', 'true')
				const switcher = page.getByRole('banner').getByRole('form', { name: theme.label })
				await switcher.getByRole('button', { name: theme.dark }).click()
				await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
				await expect(page.locator('html'), path).toHaveClass('dark')
				await background(page).toHaveCSS('background-color', DARK)
				await expect(switcher.getByRole('button', { name: theme.dark })).toHaveAttribute('aria-pressed', 'true')
				await switcher.getByRole('button', { name: theme.system }).click()
				await expect(page.locator('html'), path).not.toHaveClass(/light|dark/)
				await background(page).toHaveCSS('background-color', LIGHT)
			}
		})

		test('the phone menu offers the theme too', async ({ page, context, baseURL }) => {
			await useLanguage(context, lang, baseURL)
			await page.setViewportSize({ width: 360, height: 740 })
			await page.goto('/companies')
			await page.getByRole('banner').locator('summary').click()
			await page.getByRole('banner').getByRole('button', { name: theme.dark }).click()
			await expect(page).toHaveURL(/\/companies$/)
			await expect(page.locator('html')).toHaveClass('dark')
			const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
			expect(overflow).toBeLessThanOrEqual(0)
		})

		test('the account menu switches the theme in place, and it persists', async ({ page, context, baseURL }) => {
			await useLanguage(context, lang, baseURL)
			await loginAs(page, demo.learner)
			await page.emulateMedia({ colorScheme: 'light' })
			await page.goto('/dashboard')
			await background(page).toHaveCSS('background-color', LIGHT)
			await page.getByRole('button', { name: locales[lang].nav.accountMenu }).click()
			await page.getByRole('menuitemradio', { name: theme.dark }).click()
			await expect(page.locator('html')).toHaveClass('dark')
			await background(page).toHaveCSS('background-color', DARK)
			await expect(page.getByRole('menuitemradio', { name: theme.dark })).toHaveAttribute('aria-checked', 'true')
			// The cookie is stored once the post returns; the reload then comes back dark from the server.
			await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'app_theme')?.value).toBe('dark')
			await page.reload()
			await expect(page.locator('html')).toHaveClass('dark')

			await page.keyboard.press('Escape')
			await page.getByRole('button', { name: locales[lang].nav.accountMenu }).click()
			await page.getByRole('menuitemradio', { name: theme.system }).click()
			await expect(page.locator('html')).not.toHaveClass(/light|dark/)
			await background(page).toHaveCSS('background-color', LIGHT)
			await page.emulateMedia({ colorScheme: 'dark' })
			await background(page).toHaveCSS('background-color', DARK)
		})
	})
}

test.describe('no flash of the wrong theme', () => {
	// Without JavaScript the page shows what the server sent and the CSS made of it: the very first paint.
	test.use({ javaScriptEnabled: false })

	test('a dark system setting is followed before any script runs', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, colorScheme: 'dark', javaScriptEnabled: false })
		const page = await context.newPage()
		for (const path of ['/', '/login']) {
			await page.goto(path)
			await background(page).toHaveCSS('background-color', DARK)
		}
		await context.close()
	})

	test('a stored choice is rendered by the server', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ baseURL, colorScheme: 'light', javaScriptEnabled: false })
		await context.addCookies([{ name: 'app_theme', value: 'dark', url: baseURL ?? 'http://localhost' }])
		const page = await context.newPage()
		const html = await (await page.request.get('/')).text()
		expect(html).toMatch(/<html[^>]* class="dark"/)
		await page.goto('/')
		await background(page).toHaveCSS('background-color', DARK)
		// Paper stays white: printed in dark mode, light text on an unprinted background would vanish.
		await page.emulateMedia({ media: 'print' })
		await background(page).toHaveCSS('background-color', LIGHT)
		await context.close()
	})

	test('an unknown theme is refused and changes nothing', async ({ request }) => {
		const res = await request.post('/resources/theme', { form: { theme: 'sepia', redirectTo: '/' }, maxRedirects: 0 })
		expect(res.status()).toBe(400)
		expect(res.headers()['set-cookie']).toBeUndefined()
	})
})

// In light mode the contrast pass skips what a11y.spec.ts already checks with every rule in the default
// (light) theme: the suite is bound by two cores, and axe's contrast rule is its heaviest check.
const checkedByA11ySpec = (path: string) => landingPages.includes(path) || otherPages().includes(path)

// Each theme in one language: colours come from the theme, not the words, and running both languages
// doubled the spec's heaviest check (four 60 s tests on a two-core machine). Portuguese in the dark, where its
// longer labels meet the darker surfaces; English in light mode (a11y.spec.ts checks both in the light theme).
const contrastPasses = [
	{ mode: 'dark', lang: 'pt-BR' },
	{ mode: 'light', lang: 'en-US' },
] as const

test.describe('colour contrast', () => {
	for (const { mode, lang } of contrastPasses) {
		test(`${mode} mode in ${lang}: no contrast failures on the landing, sign-in, dashboard, a lesson, scoreboard, profile and admin`, async ({
			page,
			context,
			baseURL,
		}) => {
			test.setTimeout(120_000)
			await useLanguage(context, lang, baseURL)
			await context.addCookies([{ name: 'app_theme', value: mode, url: baseURL ?? 'http://localhost' }])
			const check = async (path: string) => {
				if (mode === 'light' && checkedByA11ySpec(path)) return
				await page.goto(path)
				await expect(page.locator('html')).toHaveClass(mode)
				const violations = await contrastViolations(page)
				expect(violations, `${mode} ${lang} ${path}\n${reportViolations(violations)}`).toEqual([])
			}
			for (const path of ['/', '/companies', '/investors', '/login', '/certificates/verify', '/no-such-page']) await check(path)

			await loginAs(page, demo.learner)
			// The public outline of a path, read with the session (it shows the same page and a way in).
			await check(`/paths/${demoPath('Blockchain & Web3 Foundations').id}`)
			const lessons = pathLessons('Smart Contract Development', { challenges: true, quizzes: true })
			const lesson = (type: string) => lessons.find((l) => l.type === type) ?? lessons[0]!
			for (const path of [
				'/dashboard',
				`/dashboard/learn/course/${lesson('text').courseId}?lesson=${lesson('text').lessonId}`,
				`/dashboard/learn/course/${lesson('challenge').courseId}?lesson=${lesson('challenge').lessonId}`,
				'/dashboard/explore',
				'/dashboard/scoreboard',
				'/dashboard/achievements',
				'/dashboard/profile?tab=personal',
				'/dashboard/profile?tab=professional',
				'/dashboard/profile?tab=wallet',
			])
				await check(path)

			await context.clearCookies({ name: /^(?!app_)/ })
			await loginAs(page, demo.admin)
			for (const path of ['/dashboard/admin', '/dashboard/admin/lessons']) await check(path)
		})
	}
})
