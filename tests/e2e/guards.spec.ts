import { demo, expect, loginAs, test } from '#tests/support/fixtures.ts'

const dashboardPages = [
	'/dashboard',
	'/dashboard/explore',
	'/dashboard/profile',
	'/dashboard/scoreboard',
	'/dashboard/achievements',
	'/dashboard/learn/path/00000000-0000-4000-8000-000000000000',
	'/dashboard/learn/course/00000000-0000-4000-8000-000000000000',
]
const adminPages = ['/dashboard/admin', '/dashboard/admin/paths', '/dashboard/admin/courses', '/dashboard/admin/modules', '/dashboard/admin/lessons']

test('anonymous visitors of /dashboard/* are sent to /login, remembering where they were going', async ({ request }) => {
	for (const path of [...dashboardPages, ...adminPages]) {
		const res = await request.get(path, { maxRedirects: 0 })
		expect(res.status(), path).toBe(302)
		expect(res.headers().location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
	}
})

test("a click inside the app without a session (the page's data, /x.data) leads to sign-in and back to the page, not to its data", async ({ request }) => {
	// React Router answers a data request's redirect in the body (status 202), for the browser to follow.
	for (const path of ['/dashboard/scoreboard?period=week', '/dashboard']) {
		const [pathname, search = ''] = path.split('?')
		const res = await request.get(`${pathname}.data${search ? `?${search}&` : '?'}_routes=root,routes/dashboard/layout`, { maxRedirects: 0 })
		expect(res.status(), path).toBe(202)
		const body = await res.text()
		expect(body, path).toContain(`/login?redirectTo=${encodeURIComponent(path)}`)
		expect(body, path).not.toContain('.data')
		expect(body, path).not.toContain('_routes')
	}
})

test('a hostile query too long to remember is dropped from the way back, never sent back in a header no client can read', async ({ request }) => {
	const emoji = encodeURIComponent('👩‍💻🏳️‍🌈𝕏').repeat(40)
	const path = '/dashboard/scoreboard'
	const res = await request.get(`${path}?a=${emoji}&b=${emoji}&c=${emoji}`, { maxRedirects: 0 })
	expect(res.status()).toBe(302)
	expect(res.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
	// A query of ordinary length is remembered whole.
	const kept = await request.get(`${path}?period=week`, { maxRedirects: 0 })
	expect(kept.headers().location).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?period=week`)}`)
})

test('learners are redirected away from admin pages and get 403 from admin actions', async ({ page }) => {
	await loginAs(page, demo.learner)
	for (const path of adminPages) {
		const res = await page.request.get(path, { maxRedirects: 0 })
		expect(res.status(), path).toBe(302)
		expect(res.headers().location, path).toBe('/dashboard')
	}
	for (const path of adminPages) {
		// Screens with an action answer 403; screens without one refuse the method (405). Never 2xx.
		const res = await page.request.post(path, { form: { intent: 'anything' }, maxRedirects: 0 })
		expect([403, 405], path).toContain(res.status())
	}
	await page.goto('/dashboard/admin')
	await expect(page).toHaveURL(/\/dashboard$/)
	await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0)
})

test('admins see the admin entries and pages', async ({ page }) => {
	await loginAs(page, demo.admin)
	await page.goto('/dashboard')
	await page.getByRole('button', { name: 'Account menu' }).click()
	await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible()
	await page.keyboard.press('Escape')
	for (const path of adminPages) {
		const res = await page.request.get(path)
		expect(res.status(), path).toBe(200)
	}
})

test('signed-in users skip the login page', async ({ page }) => {
	await loginAs(page, demo.learner)
	await page.goto('/login')
	await expect(page).toHaveURL(/\/dashboard$/)
})

test('unknown and malformed ids are not found, not errors', async ({ page }) => {
	await loginAs(page, demo.learner)
	const res = await page.request.get('/dashboard/learn/path/not-a-uuid')
	expect(res.status()).toBe(404)
	await page.goto('/dashboard/learn/path/00000000-0000-4000-8000-000000000000')
	await expect(page.getByText('Learning path not found.')).toBeVisible()
})
