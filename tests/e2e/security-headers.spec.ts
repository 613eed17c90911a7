import { demo, expect, loginAs, nonceOf, test } from '#tests/support/fixtures.ts'

test('HTML pages carry a nonce-based CSP and the usual defences; scripts run only with the nonce', async ({ page }) => {
	const res = await page.goto('/login')
	const headers = res!.headers()
	const csp = headers['content-security-policy']!
	const nonce = nonceOf(csp)
	expect(csp).toContain("frame-ancestors 'none'")
	expect(headers['x-content-type-options']).toBe('nosniff')
	expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(headers['x-frame-options']).toBe('DENY')
	const html = await (await page.request.get('/login')).text()
	const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
	expect(scripts.length).toBeGreaterThan(0)
	for (const tag of scripts) expect(tag).toMatch(/nonce="[^"]+"/)
	// Each response has its own nonce.
	expect(html).not.toContain(nonce)
	// The page still hydrates under the policy (a violation would log a console error and fail this test).
	await expect(page.locator('html[data-hydrated]')).toBeAttached()
})

test('cross-site form posts are refused before they reach the app', async ({ page, request, baseURL }) => {
	const evil = await request.post('/login', {
		form: { email: demo.learner.email, password: demo.learner.password },
		headers: { Origin: 'https://evil.example' },
		maxRedirects: 0,
	})
	expect(evil.status()).toBe(403)
	const fetchSite = await request.post('/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 })
	expect(fetchSite.status()).toBe(403)
	// The same post from our own origin works.
	await loginAs(page, demo.learner)
	const own = await page.request.post('/dashboard/explore', {
		form: { intent: 'enroll', pathId: '00000000-0000-4000-8000-000000000000' },
		headers: { Origin: new URL(baseURL!).origin },
	})
	expect(own.status()).toBe(404) // reached the app: no such path
})
