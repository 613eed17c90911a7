import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { createLearner, expect, loginAs, navigationWaitsForHydration, nonceOf, test } from '#tests/support/fixtures.ts'
import { completeLesson, dashboardXP, pathLessons } from '#tests/support/lessons.ts'

// Issue 21: a page asked again with nothing changed is answered from memory (app/lib/kept-renders.server.ts,
// docs/decisions/0013). These tests hold it to its promise: the kept page is the page a fresh render gives,
// with its own nonce, and anything the page shows that changes makes a new page.

async function get(request: APIRequestContext, path: string, fresh = false, headers: Record<string, string> = {}) {
	// Asked as a browser asks: compressed (the body below is the page unzipped).
	const res = await request.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(fresh ? { 'cache-control': 'no-cache' } : {}) } })
	expect(res.status(), path).toBe(200)
	const nonce = nonceOf(res.headers()['content-security-policy'])
	const body = await res.text()
	const { 'x-render': render, 'content-encoding': encoding, 'content-length': length, 'transfer-encoding': framing } = res.headers()
	return { render, encoding, length, framing, nonce, body, page: body.replaceAll(nonce, 'NONCE') }
}

type Answer = Awaited<ReturnType<typeof get>>

/**
 * The state React Router embeds in a page for hydration (every loader's data): the page's data. A landing
 * embeds none (it is HTML and an island): its whole page stands for its data, so a landing whose render
 * varied would never settle below.
 */
const stateOf = (answer: Answer) => [...answer.body.matchAll(/streamController\.enqueue\(([\s\S]*?)\);?<\/script>/g)].map((m) => m[1]).join('\n') || answer.page

/**
 * Two fresh renders, then the page as it is kept, asked as a browser asks and by a client that takes no gzip,
 * all four of the same data. Other tests run beside this one and change what some pages show (other learners'
 * XP on the scoreboard): a round in which the data moved is asked again.
 */
async function answersOfOneState(request: APIRequestContext, path: string) {
	for (let round = 0; round < 20; round++) {
		const first = await get(request, path, true)
		const second = await get(request, path, true)
		const kept = await get(request, path)
		const plain = await get(request, path, false, { 'accept-encoding': 'identity' })
		const state = stateOf(first)
		if ([second, kept, plain].every((answer) => stateOf(answer) === state)) return { first, second, kept, plain }
		// Spread the rounds over a few seconds: other tests change the boards in bursts.
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	throw new Error(`${path}: its data (a landing: its page) changed in every round`)
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
		// A landing as a signed-in visitor sees it (with a Dashboard link): rendered, not the anonymous HTML cache.
		'/companies',
	]) {
		// The player records the first view: after that the learner's data stays put.
		if (path.includes('/learn/')) await get(page.request, path)
		// Two fresh renders of the same data are the same page: the render reads nothing the key leaves out
		// (a clock, a random number, a header).
		const { first, second, kept, plain } = await answersOfOneState(page.request, path)
		expect(first.render, path).toBe('rendered')
		expect(second.render, path).toBe('rendered')
		expect(second.page, `${path}: two renders of the same data`).toBe(first.page)
		// The second render was kept: the same data is now answered from memory, the same page, gzipped from
		// pieces deflated once (a fresh render goes through the server's compression, brotli first).
		expect(kept.render, path).toBe('kept')
		expect(kept.page, `${path}: the kept page`).toBe(first.page)
		expect(kept.encoding, path).toBe('gzip')
		expect(first.encoding, path).toBe('br')
		// A client that takes no gzip gets the same page from memory, plain.
		expect(plain.render, path).toBe('kept')
		expect(plain.encoding, path).toBeUndefined()
		expect(plain.page, `${path}: the kept page, plain`).toBe(first.page)
		// A kept page is whole: sent with its length, in one piece, never chunked.
		expect(Number(plain.length), path).toBe(Buffer.byteLength(plain.body))
		expect(Number(kept.length), path).toBeGreaterThan(0)
		expect([kept.framing, plain.framing], path).toEqual([undefined, undefined])
		// So is a fresh render of a page with nothing deferred: React's pieces are gathered and sent in one write.
		const freshPlain = await get(page.request, path, true, { 'accept-encoding': 'identity' })
		expect(freshPlain.render, path).toBe('rendered')
		expect(Number(freshPlain.length), path).toBe(Buffer.byteLength(freshPlain.body))
		expect(freshPlain.framing, path).toBeUndefined()
		// Rendered in one pass (lib/whole-render.server.ts): a hydrated page's data leaves in one script, closed at
		// once (a landing carries none), and nothing was streamed in after the shell (none of React's scripts that
		// move streamed parts into place).
		if (freshPlain.body.includes('window.__reactRouterContext'))
			expect(freshPlain.body, path).toMatch(
				/streamController\.enqueue\([^<]*\);<\/script><script nonce="[^"]+">window\.__reactRouterContext\.streamController\.close\(\);<\/script>/,
			)
		expect(freshPlain.body, path).not.toMatch(/\$RC\(|<template id="B:/)
		// Each answer carries the nonce of its own Content-Security-Policy, in every script.
		expect(new Set([first.nonce, second.nonce, kept.nonce, plain.nonce]).size).toBe(4)
		expect(kept.body).toContain(`nonce="${kept.nonce}"`)
		expect(kept.body).not.toContain(first.nonce)
	}
})

test('what a kept page shows changing makes a new page: XP, language, another learner', async ({ page, browser, baseURL }) => {
	await loginAs(page, await createLearner(page))
	// A page is kept from its second render on (asked until it is: other tests may change what the dashboard
	// shows in between).
	const xp = await dashboardXP(page.request)
	await expect.poll(async () => (await get(page.request, '/dashboard')).render).toBe('kept')

	const lesson = pathLessons('Blockchain & Web3 Foundations')[0]!
	await page.request.get(`/dashboard/learn/course/${lesson.courseId}?lesson=${lesson.lessonId}`)
	await completeLesson(page.request, lesson)
	const after = await get(page.request, '/dashboard')
	expect(after.render).toBe('rendered')
	expect(await dashboardXP(page.request)).toBeGreaterThan(xp)

	// The language is read from a cookie by the render itself.
	await page.context().addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const portuguese = await get(page.request, '/dashboard')
	expect(portuguese.render).toBe('rendered')
	expect(portuguese.body).toContain('<html lang="pt-BR"')

	// Another learner on the same path never gets this learner's page.
	const other = await browser.newContext()
	const otherPage = await other.newPage()
	await loginAs(otherPage, await createLearner(otherPage))
	const theirs = await get(otherPage.request, '/dashboard')
	expect(theirs.render).toBe('rendered')
	expect(theirs.page).not.toBe(after.page)
	await other.close()
})

test('the browser reads a kept page sent gzipped and it comes alive', async ({ page, browser, baseURL }) => {
	await loginAs(page, await createLearner(page))
	// A context without the fixture's request interception: with it, Chromium asks every page with
	// Cache-Control: no-cache (a hard reload, always rendered), as no browser does on a plain visit.
	const context = await browser.newContext({ baseURL, storageState: await page.context().storageState() })
	const tab = await context.newPage()
	const errors: string[] = []
	tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
	tab.on('pageerror', (e) => errors.push(e.message))
	// Loaded until it is answered from memory (kept from its second render).
	let res = await tab.goto('/dashboard/achievements')
	for (let i = 0; i < 5 && res?.headers()['x-render'] !== 'kept'; i++) res = await tab.goto('/dashboard/achievements')
	expect(res?.headers()['x-render']).toBe('kept')
	expect(res?.headers()['content-encoding']).toBe('gzip')
	// Unzipped by Chromium, whole, and hydrated: a link is followed inside the app.
	await expect(tab.getByRole('heading', { level: 1 })).toBeVisible()
	await tab.getByRole('link', { name: 'Scoreboard' }).first().click()
	await expect(tab).toHaveURL(/\/dashboard\/scoreboard/)
	await expect(tab.getByRole('heading', { level: 1 })).toBeVisible()
	expect(errors).toEqual([])
	await context.close()
})

// Kept fragments (components/kept-fragment.tsx, ADR 0028): a page that must render takes its sidebar, path cards
// and course outline from any earlier render that showed the same. The e2e server renders every such page again
// without them and answers 500 if the two differ (TEST_KEPT_FRAGMENTS_CHECK), so each page below is also checked
// byte for byte on the server; these tests make sure the pages really were made of parts another learner's
// render kept, in states where a key that left something out would show the wrong part.
const parts = (res: { headers(): Record<string, string> }) => {
	const [kept = 0, all = 0] = (res.headers()['x-kept-fragments'] ?? '').split(' of ').map(Number)
	return { kept, all }
}

test('a page made of parts another learner’s render kept shows this learner’s own state, and comes alive', async ({ page, browser, baseURL }) => {
	const lesson = pathLessons('Blockchain & Web3 Foundations')[0]!
	const run = randomUUID().slice(0, 8)
	// A query string of its own makes each page one never asked before: rendered, not a kept page.
	const player = (n: string) => `/dashboard/learn/course/${lesson.courseId}?lesson=${lesson.lessonId}&n=${run}-${n}`
	const completed = (html: string) => html.includes('aria-label="Completed"')
	// Learner A finishes the course's first lesson; its pages are rendered and their parts kept.
	await loginAs(page, await createLearner(page))
	await page.request.get(player('a0'))
	await completeLesson(page.request, lesson)
	for (const path of [`/dashboard?n=${run}-a`, `/dashboard/explore?n=${run}-a`, player('a')]) {
		const res = await page.request.get(path)
		expect(res.status(), path).toBe(200)
		expect(parts(res).all, path).toBeGreaterThan(0)
	}
	expect(completed(await (await page.request.get(player('a1'))).text())).toBe(true)

	// Learner B, nothing done yet: the sidebar comes from A's renders; the outline cannot, its lesson is not done here.
	const context = await browser.newContext({ baseURL })
	const tab = navigationWaitsForHydration(await context.newPage())
	await loginAs(tab, await createLearner(tab))
	await tab.request.get(player('b0'))
	const dashboard = await tab.request.get(`/dashboard?n=${run}-b`)
	expect(dashboard.status()).toBe(200)
	expect(parts(dashboard).kept, 'the sidebar kept from learner A’s render').toBeGreaterThan(0)
	const before = await tab.request.get(player('b'))
	expect(before.status()).toBe(200)
	expect(completed(await before.text()), 'learner A’s progress in learner B’s outline').toBe(false)

	// B finishes the same lesson: B's outline is now A's, every part of the player taken from what was kept.
	await completeLesson(tab.request, lesson)
	const after = await tab.request.get(player('c'))
	expect(after.status()).toBe(200)
	expect(parts(after).kept).toBe(parts(after).all)
	expect(completed(await after.text())).toBe(true)

	// The browser reads such a page and it comes alive (this context asks as a browser does, without the
	// fixture's hard reloads): no hydration error, the account menu opens, a sidebar link is followed in the app.
	const errors: string[] = []
	tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
	tab.on('pageerror', (e) => errors.push(e.message))
	const res = await tab.goto(`/dashboard?n=${run}-d`)
	expect(parts(res!).kept).toBeGreaterThan(0)
	await tab.getByRole('button', { name: 'Account menu' }).click()
	await expect(tab.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
	await tab.keyboard.press('Escape')
	await tab.getByRole('link', { name: 'Scoreboard' }).first().click()
	await expect(tab).toHaveURL(/\/dashboard\/scoreboard/)
	const lessonPage = await tab.goto(player('e'))
	expect(parts(lessonPage!).kept).toBe(parts(lessonPage!).all)
	await expect(tab.getByRole('navigation', { name: 'Course outline' })).toBeVisible()

	// Another language makes other parts: the page is all Portuguese.
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const portuguese = await tab.request.get(`/dashboard?n=${run}-f`)
	expect(portuguese.status()).toBe(200)
	expect(await portuguese.text()).toContain('>Menu da conta<')
	expect(errors).toEqual([])
	await context.close()
})
