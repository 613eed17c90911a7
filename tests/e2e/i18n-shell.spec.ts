import { demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'

test('the language switch persists across reloads and is rendered by the server', async ({ page, context }) => {
	await page.goto('/login')
	await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
	await page.getByRole('button', { name: 'Português' }).click()
	await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
	await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')

	const cookie = (await context.cookies()).find((c) => c.name === 'app_language')
	expect(cookie?.value).toBe('pt-BR')
	expect(cookie?.sameSite).toBe('Lax')
	expect(cookie?.path).toBe('/')
	expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)

	// The HTML itself (no JavaScript) is Portuguese.
	const html = await (await page.request.get('/login')).text()
	expect(html).toContain('<html lang="pt-BR"')
	expect(html).toContain('Continuar com Google')

	await page.reload()
	await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()

	await loginAs(page, demo.learner)
	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: /Que bom ver você de novo, Demo Learner/ })).toBeVisible()
	await page.getByRole('button', { name: 'English' }).click()
	await expect(page.getByRole('heading', { name: /Welcome back Demo Learner/ })).toBeVisible()
	await page.reload()
	await expect(page.getByRole('heading', { name: /Welcome back Demo Learner/ })).toBeVisible()
})

test('not-found page in both languages', async ({ page, context }) => {
	const res = await page.goto('/no/such/page')
	expect(res?.status()).toBe(404)
	await expect(page.getByText('404')).toBeVisible()
	await expect(page.getByText('Oops! Page not found')).toBeVisible()
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: page.url() }])
	await page.reload()
	await expect(page.getByText('Ops! Página não encontrada')).toBeVisible()
	await page.getByRole('link', { name: 'Voltar ao início' }).click()
	await expect(page).toHaveURL(/\/$/)
})

test('sidebar: starts collapsed, toggles with Ctrl+B, remembers the choice for 7 days', async ({ page, context }) => {
	await loginAs(page, demo.learner)
	await page.goto('/dashboard')
	const sidebar = page.locator('[data-slot="sidebar"][data-state]')
	await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
	await page.keyboard.press('Control+b')
	await expect(sidebar).toHaveAttribute('data-state', 'expanded')
	const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')
	expect(cookie?.value).toBe('true')
	expect(Math.round((cookie!.expires - Date.now() / 1000) / 3600)).toBe(7 * 24)
	await page.reload()
	await expect(sidebar).toHaveAttribute('data-state', 'expanded')
	await expect(page.getByRole('link', { name: 'Scoreboard' })).toBeVisible()
	await page.getByTestId('real-world-project').hover()
	await expect(page.getByRole('tooltip').getByText('Coming soon!')).toBeVisible()
})

test('collapsed sidebar: each item shows its label beside it on hover and on keyboard focus, and describes itself by it', async ({ page }) => {
	await loginAs(page, demo.learner)
	await page.goto('/dashboard/explore')
	await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute('data-state', 'collapsed')
	const scoreboard = page.getByRole('link', { name: 'Scoreboard' })
	const hint = page.getByRole('tooltip')
	await expect(hint).toHaveCount(0)

	await scoreboard.hover()
	await expect(hint).toHaveText('Scoreboard')
	// Beside the item, to its right, and the item is described by it while it shows.
	const [item, label] = [(await scoreboard.boundingBox())!, (await hint.boundingBox())!]
	expect(label.x).toBeGreaterThanOrEqual(item.x + item.width)
	expect(Math.abs(label.y + label.height / 2 - (item.y + item.height / 2))).toBeLessThan(4)
	await expect(scoreboard).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!)
	await page.mouse.move(600, 400)
	await expect(hint).toHaveCount(0)
	await expect(scoreboard).not.toHaveAttribute('aria-describedby')

	// Keyboard: focus shows it, Escape dismisses it; the next item shows its own.
	await scoreboard.focus()
	await page.keyboard.press('Tab')
	await expect(hint).toHaveText('Achievements')
	await page.keyboard.press('Escape')
	await expect(hint).toHaveCount(0)
	await page.keyboard.press('Tab')
	await expect(hint).toHaveText('Coming soon!')

	// Expanded, the items' labels are on screen: no hint, except "coming soon".
	await page.keyboard.press('Control+b')
	await page.getByRole('link', { name: 'Scoreboard' }).hover()
	await expect(hint).toHaveCount(0)
})

test('mobile: the sidebar opens as a slide-in sheet from the menu button', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 375, height: 740 } })
	const page = navigationWaitsForHydration(await context.newPage())
	await loginAs(page, demo.learner)
	await page.goto('/dashboard')
	await expect(page.getByRole('link', { name: 'Scoreboard' })).toHaveCount(0)
	await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click()
	const sheet = page.getByRole('dialog')
	await expect(sheet).toBeVisible()
	await sheet.getByRole('link', { name: 'Scoreboard' }).click()
	await expect(page).toHaveURL(/\/dashboard\/scoreboard$/)
	await context.close()
})

test('breadcrumbs follow the path', async ({ page }) => {
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin/lessons')
	const crumbs = page.getByRole('navigation', { name: 'breadcrumb' })
	await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible()
	await expect(crumbs.getByRole('link', { name: 'Admin' })).toBeVisible()
	await expect(crumbs.getByText('Lessons')).toBeVisible()
})

test('health endpoints', async ({ request }) => {
	expect((await (await request.get('/healthz')).json()).status).toBe('ok')
	const ready = await (await request.get('/readyz')).json()
	expect(ready).toEqual({ status: 'ready', database: 'pglite' })
})

test('icons are drawn as SVG shapes, in the server HTML and after a navigation inside the app (ADR 0014)', async ({ page }) => {
	await loginAs(page, demo.learner)
	await page.goto('/dashboard')
	// Every lucide icon on screen holds shapes in the SVG namespace that take up room: markup set as inner HTML
	// in the wrong namespace would still be in the DOM, but draw nothing (and have no geometry to ask for).
	// Icons inside something hidden (a closed menu, a breakpoint's other layout) have no box to measure.
	const drawn = () =>
		page.locator('svg.lucide').evaluateAll((icons) =>
			icons
				.filter((svg) => svg.checkVisibility())
				.map((svg) => {
					const shapes = [...svg.children] as SVGGraphicsElement[]
					const inSvg = shapes.length > 0 && shapes.every((s) => s.namespaceURI === 'http://www.w3.org/2000/svg')
					const box = (s: SVGGraphicsElement) => s.getBBox()
					return { icon: svg.getAttribute('class'), drawnAsSvg: inSvg && shapes.some((s) => box(s).width > 0 || box(s).height > 0) }
				}),
		)
	const served = await drawn()
	expect(served.length).toBeGreaterThan(5)
	expect(served.filter((i) => !i.drawnAsSvg)).toEqual([])

	// A page React draws in the browser, not hydrates.
	await page.getByRole('link', { name: 'Achievements' }).click()
	await expect(page).toHaveURL(/\/dashboard\/achievements$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	const rendered = await drawn()
	expect(rendered.length).toBeGreaterThan(5)
	expect(rendered.filter((i) => !i.drawnAsSvg)).toEqual([])
})
