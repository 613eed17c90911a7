import type { APIRequestContext } from '@playwright/test'
import { createLearner, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { completeLesson, dashboardXP, pathLessons } from '#tests/support/lessons.ts'

// Issue 21: a page asked again with nothing changed is answered from memory (app/lib/kept-renders.server.ts,
// docs/decisions/0013). These tests hold it to its promise: the kept page is the page a fresh render gives,
// with its own nonce, and anything the page shows that changes makes a new page.

const nonceOf = (csp: string | undefined) => csp?.match(/'nonce-([^']+)'/)?.[1] ?? ''

async function get(request: APIRequestContext, path: string, fresh = false) {
	const res = await request.get(path, { headers: fresh ? { 'cache-control': 'no-cache' } : {} })
	expect(res.status(), path).toBe(200)
	const nonce = nonceOf(res.headers()['content-security-policy'])
	const body = await res.text()
	return { cache: res.headers()['x-cache'], nonce, body, page: body.replaceAll(nonce, 'NONCE') }
}

test('a signed-in page asked again is the page a fresh render gives, with a nonce of its own', async ({ page }) => {
	test.setTimeout(90_000)
	await loginAs(page, await createLearner(page))
	const lesson = pathLessons('Blockchain & Web3 Foundations')[0]!
	for (const path of [
		'/dashboard',
		'/dashboard/scoreboard',
		'/dashboard/scoreboard?period=week',
		'/dashboard/achievements',
		'/dashboard/profile',
		'/dashboard/explore',
		`/dashboard/learn/course/${lesson.courseId}?lesson=${lesson.lessonId}`,
	]) {
		// The player records the first view: after that the learner's data stays put.
		if (path.includes('/learn/')) await get(page.request, path)
		// Two fresh renders of the same data are the same page: the render reads nothing the key leaves out
		// (a clock, a random number, a header).
		const first = await get(page.request, path, true)
		const second = await get(page.request, path, true)
		expect(first.cache, path).toBe('MISS')
		expect(second.cache, path).toBe('MISS')
		expect(second.page, `${path}: two renders of the same data`).toBe(first.page)
		const kept = await get(page.request, path)
		expect(kept.cache, path).toBe('HIT')
		expect(kept.page, `${path}: the kept page`).toBe(first.page)
		// Each answer carries the nonce of its own Content-Security-Policy, in every script.
		expect(new Set([first.nonce, second.nonce, kept.nonce]).size).toBe(3)
		expect(kept.body).toContain(`nonce="${kept.nonce}"`)
		expect(kept.body).not.toContain(first.nonce)
	}
})

test('what a kept page shows changing makes a new page: XP, language, another learner', async ({ page, browser, baseURL }) => {
	await loginAs(page, await createLearner(page))
	// A page is kept from its second render on.
	const xp = await dashboardXP(page.request)
	expect((await get(page.request, '/dashboard')).cache).toBe('MISS')
	expect((await get(page.request, '/dashboard')).cache).toBe('HIT')

	const lesson = pathLessons('Blockchain & Web3 Foundations')[0]!
	await page.request.get(`/dashboard/learn/course/${lesson.courseId}?lesson=${lesson.lessonId}`)
	await completeLesson(page.request, lesson)
	const after = await get(page.request, '/dashboard')
	expect(after.cache).toBe('MISS')
	expect(await dashboardXP(page.request)).toBeGreaterThan(xp)

	// The language is read from a cookie by the render itself.
	await page.context().addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const portuguese = await get(page.request, '/dashboard')
	expect(portuguese.cache).toBe('MISS')
	expect(portuguese.body).toContain('<html lang="pt-BR"')

	// Another learner on the same path never gets this learner's page.
	const other = await browser.newContext()
	const otherPage = await other.newPage()
	await loginAs(otherPage, await createLearner(otherPage))
	const theirs = await get(otherPage.request, '/dashboard')
	expect(theirs.cache).toBe('MISS')
	expect(theirs.page).not.toBe(after.page)
	await other.close()
})
