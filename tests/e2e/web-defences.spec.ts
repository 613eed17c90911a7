import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser } from '@playwright/test'
import { DISABLED_AUTH_PATHS } from '../../app/features/auth/endpoints.ts'
import { demoCurriculum } from '#tests/support/demo.ts'
import { createLearner, demo, expect, loginAs, nonceOf, test, uniqueEmail } from '#tests/support/fixtures.ts'
import { startPrivateServer, type PrivateServer } from '#tests/support/private-server.ts'
import { routeTable } from '#tests/support/route-table.ts'

/**
 * Web defences of issue 10 (point 3) over the whole route table: headers on every page, cookies,
 * cross-site writes, redirect targets, the library's raw credential endpoints, answers that do not tell
 * whether an email is registered, the common-password check, and what production over HTTPS adds.
 */

const evilTargets = [
	'https://evil.example/x',
	'//evil.example/x',
	'/\\evil.example/x',
	' //evil.example',
	'\t/\\evil.example',
	'javascript:alert(1)',
	'http:evil.example',
	'/x\r\nSet-Cookie: a=b',
	// Dot segments and encodings that normalise into another host (issue 16, point 3).
	'/.//evil.example',
	'/./\\evil.example',
	'/%2F%2Fevil.example',
]

async function signedIn(browser: Browser, baseURL: string, creds?: { email: string; password: string }) {
	const context = await browser.newContext({ baseURL })
	const page = await context.newPage()
	await loginAs(page, creds ?? (await createLearner(page)))
	return { context, request: page.request }
}

/** Routes with a real path and course (from the demo seeding's manifest) in their parameters, unknown ids elsewhere. */
function samplePaths() {
	const path = demoCurriculum().paths[0]!
	const [pathId, courseId] = [path.id, path.courses[0]!.id]
	return (route: string) => route.replace(':pathId', pathId).replace(':courseId', courseId).replace(/:\w+/g, randomUUID()).replace(/\*$/, 'no-such-page')
}

test('every HTML page, for every role, carries a fresh nonce-based CSP and the other defence headers', async ({ browser, baseURL }) => {
	test.setTimeout(120_000)
	const roles: [string, APIRequestContext][] = [
		['anonymous', (await browser.newContext({ baseURL })).request],
		['learner', (await signedIn(browser, baseURL!, demo.learner)).request],
		['admin', (await signedIn(browser, baseURL!, demo.admin)).request],
	]
	const concrete = samplePaths()
	const pages = routeTable().filter((r) => r.page && !r.path.startsWith('/api/'))
	expect(pages.length).toBeGreaterThan(20)
	for (const [role, request] of roles) {
		for (const route of pages) {
			const url = concrete(route.path)
			// Twice: an answer served from a cache must still get a nonce of its own.
			const [first, second] = [await request.get(url), await request.get(url)]
			const label = `${role} GET ${url} (${first.status()})`
			if (!(first.headers()['content-type'] ?? '').includes('text/html')) continue
			const nonces = []
			for (const res of [first, second]) {
				const h = res.headers()
				const csp = h['content-security-policy'] ?? ''
				expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/)
				expect(csp, label).toContain("frame-ancestors 'none'")
				expect(csp, label).toContain("object-src 'none'")
				expect(csp, label).toContain("base-uri 'self'")
				expect(csp, label).not.toContain('unsafe-eval')
				expect(h['x-content-type-options'], label).toBe('nosniff')
				expect(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin')
				expect(h['x-frame-options'], label).toBe('DENY')
				// Over plain HTTP there is no HSTS (it would be meaningless and could lock out a local setup).
				expect(h['strict-transport-security'], label).toBeUndefined()
				const nonce = nonceOf(csp)
				nonces.push(nonce)
				const html = await res.text()
				for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, label).toContain(`nonce="${nonce}"`)
			}
			expect(nonces[0], `${label}: the same nonce twice`).not.toBe(nonces[1])
		}
	}
})

test('the session cookie is HttpOnly and SameSite=Lax; the language cookie is SameSite=Lax', async ({ page }) => {
	const res = await page.request.post('/login', { form: demo.learner, maxRedirects: 0 })
	expect(res.status()).toBe(302)
	const cookies = res
		.headersArray()
		.filter((h) => h.name.toLowerCase() === 'set-cookie')
		.map((h) => h.value)
	const session = cookies.find((c) => /session_token=/.test(c))
	expect(session).toBeDefined()
	expect(session).toMatch(/;\s*HttpOnly/i)
	expect(session).toMatch(/;\s*SameSite=Lax/i)
	expect(session).toMatch(/;\s*Path=\//i)
	const lang = await page.request.post('/resources/language', { form: { lang: 'pt-BR' } })
	expect(lang.headers()['set-cookie']).toMatch(/app_language=pt-BR;.*SameSite=Lax/i)
})

test('cross-site writes are refused on every route with an action, before they reach it', async ({ page, baseURL }) => {
	await loginAs(page, demo.learner)
	const actions = routeTable().filter((r) => r.action)
	expect(actions.length).toBeGreaterThan(15)
	const own = new URL(baseURL!).origin
	for (const route of actions) {
		const url = route.path.replace(/:\w+/g, randomUUID()).replace(/\*$/, 'sign-out')
		const foreign: Record<string, string>[] = [
			{ Origin: 'https://evil.example' },
			{ Origin: 'null' },
			{ 'Sec-Fetch-Site': 'cross-site' },
			{ Origin: `${own}.evil.example` },
		]
		for (const headers of foreign) {
			const res = await page.request.post(url, { form: { intent: 'enroll' }, headers, maxRedirects: 0 })
			expect(res.status(), `${url} with ${JSON.stringify(headers)}`).toBe(403)
			expect(await res.text()).toContain('Cross-site request refused')
		}
	}
	// The learner is still signed in: the refused /logout and /api/auth/sign-out never reached the app.
	expect((await page.request.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)
	// A same-site request with the same body reaches the app (here: a validation answer, not the 403).
	const same = await page.request.post('/dashboard/explore', { form: { intent: 'enroll' }, headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } })
	expect(same.status()).toBe(400)
})

test('redirect targets from the client are followed only to paths on this site', async ({ browser, baseURL, page }) => {
	for (const target of evilTargets) {
		const context = await browser.newContext({ baseURL })
		const login = await context.request.post('/login', { form: { ...demo.learner, redirectTo: target }, maxRedirects: 0 })
		expect(login.status(), target).toBe(302)
		expect(login.headers().location, target).toBe('/dashboard')
		const lang = await context.request.post('/resources/language', { form: { lang: 'en-US', redirectTo: target }, maxRedirects: 0 })
		expect(lang.status(), target).toBe(302)
		expect(lang.headers().location, target).toBe('/')
		// Signed in, the sign-in page sends the visitor on, to the same safe place.
		const skip = await context.request.get(`/login?redirectTo=${encodeURIComponent(target)}`, { maxRedirects: 0 })
		expect(skip.headers().location, target).toBe('/dashboard')
		await context.close()
	}
	// A same-site path is kept, query and all; an encoded line break stays encoded, a path on this site.
	const ok = await page.request.post('/login', { form: { ...demo.learner, redirectTo: '/dashboard/scoreboard?tab=path' }, maxRedirects: 0 })
	expect(ok.headers().location).toBe('/dashboard/scoreboard?tab=path')
	const encoded = await page.request.post('/login', { form: { ...demo.learner, redirectTo: '/%0d%0aLocation:%20https://evil.example' }, maxRedirects: 0 })
	expect(encoded.headers().location).toMatch(/^\/%0d%0aLocation/)
	// The OAuth landing page navigates in the browser: there too, only to this site.
	await page.goto(`/auth/callback?redirectTo=${encodeURIComponent('//evil.example/x')}`)
	await expect(page).toHaveURL(/\/dashboard$/)
})

test("the auth library's own credential endpoints are closed: no way around our validation and limits", async ({ request }) => {
	const email = uniqueEmail('raw')
	for (const path of DISABLED_AUTH_PATHS) {
		const res = await request.post(`/api/auth${path}`, { data: { email, password: 'password', newPassword: 'password', name: 'x', token: 'x' } })
		expect(res.status(), path).toBe(404)
	}
	// Nothing was created or sent: the address is as unknown as before.
	const all = (await (await request.get('/dev/mailbox.json')).json()) as { to: string }[]
	expect(all.some((m) => m.to === email)).toBe(false)
	// What the app needs from it still answers: the session, and the links in its emails (checked in auth.spec.ts).
	expect((await request.get('/api/auth/get-session')).status()).toBe(200)
})

// Sign-up, login and reset answering the same for registered and unknown emails: tests/integration/auth-defences.test.ts
// (per-address limits would make the shared e2e server's reset budget run out).

test('common passwords are refused at sign-up, in both languages', async ({ page, browser, baseURL }) => {
	await page.goto('/signup')
	await page.getByLabel('Email').fill(uniqueEmail())
	await page.getByLabel('Password', { exact: true }).fill('Password123')
	await page.getByLabel('Confirm password').fill('Password123')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible()

	const pt = await (await browser.newContext({ baseURL, locale: 'pt-BR', extraHTTPHeaders: { 'Accept-Language': 'pt-BR' } })).newPage()
	await pt.goto('/signup')
	await pt.locator('input[name=email]').fill(uniqueEmail())
	await pt.locator('input[name=password]').fill('iloveyou2026')
	await pt.locator('input[name=confirmPassword]').fill('iloveyou2026')
	await pt.getByRole('button', { name: 'Criar conta' }).click()
	await expect(pt.getByText('Esta senha é muito comum. Escolha outra.')).toBeVisible()
	await pt.context().close()

	// Reset: checked on the action itself (tests/integration/auth-defences.test.ts); here it would spend the
	// shared e2e server's per-address reset budget.
})

test.describe('in production over HTTPS', () => {
	test.describe.configure({ mode: 'default' })
	let server: PrivateServer
	test.beforeAll(async () => {
		test.setTimeout(120_000)
		server = await startPrivateServer({ APP_URL: 'https://learnchain.example', TEST_ERROR_ROUTE: 'true' })
	})
	test.afterAll(async () => {
		await server?.stop()
	})

	test('HSTS on every answer, Secure session and language cookies', async ({ browser }) => {
		const context = await browser.newContext({ baseURL: server.baseURL })
		for (const path of ['/', '/login', '/healthz', '/no/such/page']) {
			const res = await context.request.get(path)
			expect(res.headers()['strict-transport-security'], path).toMatch(/max-age=\d{7,}; includeSubDomains/)
		}
		const login = await context.request.post('/login', { form: demo.learner, maxRedirects: 0 })
		expect(login.status()).toBe(302)
		const session = login
			.headersArray()
			.filter((h) => h.name.toLowerCase() === 'set-cookie')
			.map((h) => h.value)
			.find((c) => /session_token=/.test(c))
		expect(session).toMatch(/^__Secure-/)
		expect(session).toMatch(/;\s*Secure/i)
		expect(session).toMatch(/;\s*HttpOnly/i)
		expect(session).toMatch(/;\s*SameSite=Lax/i)
		// Behind the TLS proxy (X-Forwarded-Proto), the language cookie is Secure too.
		const lang = await context.request.post('/resources/language', { form: { lang: 'pt-BR' }, headers: { 'X-Forwarded-Proto': 'https' } })
		expect(lang.headers()['set-cookie']).toMatch(/;\s*Secure/i)
		await context.close()
	})

	test('a server error shows a plain apology: no message, stack or SQL, as a page, as data or to a form post', async ({ browser }) => {
		const context = await browser.newContext({ baseURL: server.baseURL })
		const secret = /secret_table|secret-module|SELECT password|relation "|\bat query\b|\.server\.ts/
		const page = await (await context.request.get('/dev/error')).text()
		const answers = [
			{ what: 'page', res: await context.request.get('/dev/error') },
			{ what: 'data', res: await context.request.get('/dev/error.data') },
			{ what: 'form post', res: await context.request.post('/dev/error', { form: { x: '1' } }) },
		]
		for (const { what, res } of answers) {
			expect(res.status(), what).toBe(500)
			expect(await res.text(), what).not.toMatch(secret)
		}
		expect(page).toContain('Something went wrong')
		// In a browser, too: the error page, in the visitor's language, with nothing but a way back.
		const tab = await context.newPage()
		await tab.goto('/dev/error')
		await expect(tab.getByRole('alert')).toContainText('Something went wrong')
		await expect(tab.locator('body')).not.toContainText('secret_table')
		// The operators still get the whole error, in the server's log.
		expect(server.log()).toContain('secret_table')
		await context.close()
	})
})
