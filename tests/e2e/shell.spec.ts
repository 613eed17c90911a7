import type { Browser, BrowserContext, Page } from '@playwright/test'
import { createLearner, demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { pathLessons } from '#tests/support/lessons.ts'
import { startPrivateServer, type PrivateServer } from '#tests/support/private-server.ts'

// Issue 19, the shell: one toast at a time, change password, sign-out that always ends the visit, the
// pending-navigation messages, nothing typed lost before hydration, and the error screens' buttons.

const text = {
	'en-US': {
		saved: 'Profile updated successfully!',
		fixErrors: 'Please fix the errors before saving.',
		fullName: 'Full Name',
		country: 'Country',
		countryName: 'Brazil',
		submitAnswer: 'Submit answer',
		verdict: /Correct!|Not quite/,
		save: 'Save',
		accountMenu: 'Account menu',
		dashboard: 'Dashboard',
		scoreboard: 'Scoreboard',
		achievements: 'Achievements',
		changePassword: 'Change password',
		signOut: 'Sign out',
		newPassword: 'New Password',
		confirmNewPassword: 'Confirm New Password',
		update: 'Update password',
		mismatch: 'Passwords do not match',
		common: 'This password is too common. Please choose another one.',
		updated: 'Password updated successfully! Redirecting to login...',
		signIn: 'Sign in',
		loadingDashboard: 'Loading dashboard...',
		checkingAdmin: 'Checking admin permissions...',
		viewAllPaths: 'View all paths',
		admin: 'Admin',
		authError: 'Authentication Error',
		tryAgain: 'Try Again',
		resetHome: 'Reset & Go Home',
		renderError: 'Render Error',
		renderIntro: 'Error rendering the application:',
	},
	'pt-BR': {
		saved: 'Perfil atualizado com sucesso!',
		fixErrors: 'Corrija os erros antes de salvar.',
		fullName: 'Nome completo',
		country: 'País',
		countryName: 'Brasil',
		submitAnswer: 'Enviar resposta',
		verdict: /Correto!|Não exatamente/,
		save: 'Salvar',
		accountMenu: 'Menu da conta',
		dashboard: 'Painel',
		scoreboard: 'Classificação',
		achievements: 'Conquistas',
		changePassword: 'Alterar senha',
		signOut: 'Sair',
		newPassword: 'Nova senha',
		confirmNewPassword: 'Confirmar nova senha',
		update: 'Atualizar senha',
		mismatch: 'As senhas não coincidem',
		common: 'Esta senha é muito comum. Escolha outra.',
		updated: 'Senha atualizada com sucesso! Redirecionando para o login...',
		signIn: 'Entrar',
		loadingDashboard: 'Carregando painel...',
		checkingAdmin: 'Verificando permissões de administrador...',
		viewAllPaths: 'Ver todas as trilhas',
		admin: 'Administração',
		authError: 'Erro de autenticação',
		tryAgain: 'Tentar novamente',
		resetHome: 'Limpar e ir ao início',
		renderError: 'Erro de renderização',
		renderIntro: 'Erro ao renderizar a aplicação:',
	},
} as const
type Lang = keyof typeof text
const langs = Object.keys(text) as Lang[]

async function useLanguage(context: BrowserContext, baseURL: string, lang: Lang) {
	await context.addCookies([{ name: 'app_language', value: lang, url: baseURL }])
}

/** A tab whose JavaScript waits until `release()`: the page is server HTML only until then. */
async function holdScripts(page: Page) {
	let release!: () => void
	const released = new Promise<void>((r) => (release = r))
	await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
		await released
		await route.continue()
	})
	return release
}

for (const lang of langs) {
	const s = text[lang]

	test.describe(`${lang}`, () => {
		test.beforeEach(async ({ context, baseURL }) => {
			await useLanguage(context, baseURL!, lang)
		})

		test('a new toast replaces the one on screen', async ({ page }) => {
			await createLearner(page).then((creds) => loginAs(page, creds))
			await page.goto('/dashboard/profile')
			await page.getByLabel(s.fullName).fill('Toast Tester')
			await page.getByRole('combobox', { name: s.country }).click()
			await page.getByRole('option', { name: s.countryName }).click()
			await page.getByRole('button', { name: s.save, exact: true }).click()
			const toasts = page.locator('[data-sonner-toast]')
			await expect(toasts.filter({ hasText: s.saved })).toBeVisible()
			// A second message while the first is still up (toasts stay for seconds): it takes its place.
			await page.getByLabel(s.fullName).fill(' ')
			await page.getByRole('button', { name: s.save, exact: true }).click()
			await expect(toasts.filter({ hasText: s.fixErrors })).toBeVisible()
			await expect(toasts).toHaveCount(1)
			await expect(toasts.filter({ hasText: s.saved })).toHaveCount(0)
		})

		test('change password from the account menu: the rules, the message, the other session ends, the new password signs in', async ({
			page,
			browser,
			baseURL,
		}) => {
			const creds = await createLearner(page)
			await loginAs(page, creds)
			// Another browser signed in to the same account.
			const other = await browser.newContext({ baseURL })
			await loginAs(await other.newPage(), creds)
			expect((await other.request.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)

			await page.goto('/dashboard')
			await page.getByRole('button', { name: s.accountMenu }).click()
			await page.getByRole('menuitem', { name: s.changePassword }).click()
			await expect(page).toHaveURL(/\/update-password$/)
			const newPassword = `river-lantern-${Date.now()}`
			await page.getByLabel(s.newPassword, { exact: true }).fill(newPassword)
			await page.getByLabel(s.confirmNewPassword).fill(`${newPassword}x`)
			await page.getByRole('button', { name: s.update }).click()
			await expect(page.getByText(s.mismatch)).toBeVisible()
			await page.getByLabel(s.newPassword, { exact: true }).fill('Password123!')
			await page.getByLabel(s.confirmNewPassword).fill('Password123!')
			await page.getByRole('button', { name: s.update }).click()
			await expect(page.getByText(s.common)).toBeVisible()
			// Nothing changed so far: the old password still signs in.
			expect((await other.request.post('/login', { form: creds, maxRedirects: 0 })).status()).toBe(302)

			await page.getByLabel(s.newPassword, { exact: true }).fill(newPassword)
			await page.getByLabel(s.confirmNewPassword).fill(newPassword)
			await page.getByRole('button', { name: s.update }).click()
			await expect(page.getByText(s.updated)).toBeVisible()
			// Then on to sign in (after 3 s), signed out.
			await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 })
			await expect(page.getByRole('heading', { name: s.signIn })).toBeVisible()

			// The other browser's sessions are over.
			const stale = await other.request.get('/dashboard', { maxRedirects: 0 })
			expect(stale.status()).toBe(302)
			expect(stale.headers().location).toMatch(/\/login/)
			await other.close()

			// The old password no longer signs in; the new one does.
			expect((await page.request.post('/login', { form: creds, maxRedirects: 0 })).status()).toBe(400)
			await page.getByLabel(s.signIn === 'Sign in' ? 'Email' : 'E-mail').fill(creds.email)
			await page.getByLabel(lang === 'en-US' ? 'Password' : 'Senha', { exact: true }).fill(newPassword)
			await page.locator('form').getByRole('button', { name: s.signIn }).click()
			await expect(page).toHaveURL(/\/dashboard$/)
		})

		// (The server-side sign-out failing outright, a database away, is tests/integration/shell-auth.test.ts.)
		test('sign-out clears the cookie and goes home even for a session the server no longer accepts', async ({ page, context, baseURL }) => {
			await loginAs(page, await createLearner(page))
			await page.goto('/dashboard')
			await page.evaluate(() => localStorage.setItem('left-behind', '1'))
			// The session cookie no longer matches its signature: there is no session to end, the cookie still goes.
			const session = (await context.cookies()).find((c) => c.name.endsWith('better-auth.session_token'))!
			await context.addCookies([{ ...session, value: 'not-a-signed-token' }])
			await page.getByRole('button', { name: s.accountMenu }).click()
			await page.getByRole('menuitem', { name: s.signOut }).click()
			await expect(page).toHaveURL(`${baseURL}/`)
			expect((await context.cookies()).filter((c) => c.name.includes('better-auth.session'))).toEqual([])
			expect(await page.evaluate(() => localStorage.length)).toBe(0)
		})

		test('sign-out goes home with the browser state cleared when the request fails on the way', async ({ context, baseURL }) => {
			// Its own tab: the failed request is logged by the browser, which the page fixture counts as an error.
			const tab = await context.newPage()
			await loginAs(tab, await createLearner(tab))
			await tab.goto('/dashboard')
			await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
			await tab.evaluate(() => {
				localStorage.setItem('left-behind', '1')
				sessionStorage.setItem('left-behind', '1')
			})
			await tab.route('**/logout', (route) => route.abort('connectionfailed'))
			await tab.getByRole('button', { name: s.accountMenu }).click()
			await tab.getByRole('menuitem', { name: s.signOut }).click()
			await expect(tab).toHaveURL(`${baseURL}/`)
			// (React Router keeps its scroll positions in session storage as the page unloads.)
			expect(await tab.evaluate(() => [localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')])).toEqual([null, null])
			await tab.close()
		})

		test("navigations into the dashboard say 'Loading dashboard...', into the admin area 'Checking admin permissions...'", async ({ page }) => {
			await loginAs(page, demo.admin)
			await page.goto('/dashboard')
			const pending = page.getByTestId('pending-navigation')
			const hold = async (path: string) => {
				let release!: () => void
				const released = new Promise<void>((r) => (release = r))
				await page.route(`**${path}.data*`, async (route) => {
					await released
					await route.continue()
				})
				return release
			}
			let release = await hold('/dashboard/explore')
			await page.getByRole('link', { name: s.viewAllPaths }).first().click()
			await expect(pending).toHaveText(s.loadingDashboard)
			release()
			await expect(page).toHaveURL(/\/dashboard\/explore$/)
			await expect(pending).toHaveCount(0)

			release = await hold('/dashboard/admin')
			await page.getByRole('button', { name: s.accountMenu }).click()
			await page.getByRole('menuitem', { name: s.admin }).click()
			await expect(pending).toHaveText(s.checkingAdmin)
			release()
			await expect(page).toHaveURL(/\/dashboard\/admin$/)
			await expect(pending).toHaveCount(0)
		})

		test('moving between sections asks only for their data: the routes come with the app, not page by page', async ({ page }) => {
			await loginAs(page, demo.learner)
			const asked: string[] = []
			page.on('request', (r) => asked.push(new URL(r.url()).pathname))
			const res = await page.goto('/dashboard')
			// React Router's lazy route discovery inlined the matched routes into each page and asked the server
			// for the rest (/__manifest) on the way to each new section (react-router.config.ts).
			expect(await res!.text()).not.toContain('__reactRouterManifest')
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			for (const [name, url] of [
				[s.scoreboard, /\/dashboard\/scoreboard$/],
				[s.achievements, /\/dashboard\/achievements$/],
			] as const) {
				await page.getByRole('link', { name, exact: true }).first().click()
				await expect(page).toHaveURL(url)
			}
			// The sidebar's and the breadcrumbs' links are plain anchors the layout hands to the router
			// (app/hooks/use-router-clicks.ts): a click asks for data, never for the document.
			await expect(page.getByRole('link', { name: s.achievements, exact: true }).first()).toHaveAttribute('aria-current', 'page')
			await expect(page.getByRole('link', { name: s.scoreboard, exact: true }).first()).not.toHaveAttribute('aria-current')
			await page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: s.dashboard }).click()
			await expect(page).toHaveURL(/\/dashboard$/)
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
			expect(asked.filter((p) => p.startsWith('/__manifest'))).toEqual([])
			expect(asked).toContain('/dashboard/scoreboard.data')
			expect(asked).toContain('/dashboard.data')
			expect(asked.filter((p) => p.startsWith('/dashboard') && !p.endsWith('.data'))).toEqual(['/dashboard'])
		})

		test('a quiz option chosen before the scripts run is kept, and can be submitted', async ({ context }) => {
			const tab = await context.newPage()
			await createLearner(tab).then((creds) => loginAs(tab, creds))
			const quiz = pathLessons('Blockchain & Web3 Foundations', { quizzes: true }).find((l) => l.type === 'quiz')!
			const release = await holdScripts(tab)
			await tab.goto(`/dashboard/learn/course/${quiz.courseId}?lesson=${quiz.lessonId}`, { waitUntil: 'commit' })
			const option = tab.getByRole('radio').first()
			await option.check()
			await expect(tab.locator('html[data-hydrated]')).toHaveCount(0)
			release()
			await expect(tab.locator('html[data-hydrated]')).toHaveCount(1)
			await expect(option).toBeChecked()
			// React took the choice: the answer can be sent at once, and is judged.
			await tab.getByRole('button', { name: s.submitAnswer }).click()
			await expect(tab.getByRole('status').filter({ hasText: s.verdict })).toBeVisible()
			await tab.close()
		})

		test('a name typed into the profile before the scripts run is kept, and saved', async ({ context, baseURL }) => {
			const tab = await context.newPage()
			await createLearner(tab).then((creds) => loginAs(tab, creds))
			const release = await holdScripts(tab)
			await tab.goto('/dashboard/profile', { waitUntil: 'commit' })
			const name = tab.getByLabel(s.fullName)
			await name.pressSequentially('Typed Early', { delay: 10 })
			await expect(tab.locator('html[data-hydrated]')).toHaveCount(0)
			// Until React runs, Enter cannot send the form natively (its Save button is disabled).
			await expect(tab.getByRole('button', { name: s.save, exact: true })).toBeDisabled()
			await name.press('Enter')
			await expect(tab).toHaveURL(/\/dashboard\/profile$/)
			release()
			await expect(tab.locator('html[data-hydrated]')).toHaveCount(1)
			await expect(name).toHaveValue('Typed Early')
			await tab.getByRole('combobox', { name: s.country }).click()
			await tab.getByRole('option', { name: s.countryName }).click()
			await expect(name).toHaveValue('Typed Early')
			await tab.getByRole('button', { name: s.save, exact: true }).click()
			await expect(tab.locator('[data-sonner-toast]').filter({ hasText: s.saved })).toBeVisible()
			// What was stored is what was on screen.
			const fresh = await context.newPage()
			await fresh.goto(`${baseURL}/dashboard/profile`)
			await expect(fresh.getByLabel(s.fullName)).toHaveValue('Typed Early')
			await fresh.close()
			await tab.close()
		})
	})
}

test.describe('error screens (test-only faults)', () => {
	test.describe.configure({ mode: 'default' })
	let server: PrivateServer
	test.beforeAll(async () => {
		test.setTimeout(120_000)
		server = await startPrivateServer({ TEST_ERROR_ROUTE: 'true' })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	async function contextIn(browser: Browser, lang: Lang) {
		const context = await browser.newContext({ baseURL: server.baseURL })
		await useLanguage(context, server.baseURL, lang)
		return context
	}

	for (const lang of langs) {
		const s = text[lang]

		test(`${lang}: the sign-in pages' Authentication Error screen: Try Again reloads, Reset & Go Home clears and goes home`, async ({ browser }) => {
			const context = await contextIn(browser, lang)
			const page = await context.newPage()
			const fault = { name: 'test_fault', value: 'auth', url: server.baseURL }
			await context.addCookies([fault])
			// (A query string: the anonymous HTML cache never serves these.)
			await page.goto('/login?from=test')
			await expect(page.getByRole('heading', { name: s.authError })).toBeVisible()
			// A static page: no React, only the sign-in island.
			expect(await page.evaluate(() => Boolean((window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext))).toBe(false)

			await context.clearCookies({ name: 'test_fault' })
			await page.getByRole('link', { name: s.tryAgain }).click()
			await expect(page.getByRole('heading', { name: s.signIn })).toBeVisible()

			await context.addCookies([fault, { name: 'left_behind', value: '1', url: server.baseURL }])
			await page.goto('/login?from=test')
			await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
			await page.evaluate(() => {
				localStorage.setItem('left-behind', '1')
				sessionStorage.setItem('left-behind', '1')
			})
			await page.getByRole('link', { name: s.resetHome }).click()
			await expect(page).toHaveURL(`${server.baseURL}/`)
			expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0)
			const names = (await context.cookies()).map((c) => c.name)
			expect(names).not.toContain('test_fault')
			expect(names).not.toContain('left_behind')
			await context.close()
		})

		test(`${lang}: a render failure in the browser shows the Render Error panel`, async ({ browser }) => {
			const context = await contextIn(browser, lang)
			const page = await context.newPage()
			await loginAs(page, demo.learner)
			await page.goto('/dashboard')
			await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
			// A component of the hydrated page fails to render (the test-only switch, app/root.tsx).
			await page.evaluate(() => window.dispatchEvent(new Event('learnchain:test-render-fault')))
			const panel = page.getByRole('alert')
			await expect(panel.getByRole('heading', { name: s.renderError })).toBeVisible()
			await expect(panel).toContainText(`${s.renderIntro} Test render fault`)
			await context.close()
		})
	}

	test('production refuses the faults without TEST_ERROR_ROUTE', async ({ page, context, baseURL }) => {
		await context.addCookies([{ name: 'test_fault', value: 'auth', url: baseURL! }])
		await page.goto('/login?from=test')
		await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	})
})
