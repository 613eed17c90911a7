import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser } from '@playwright/test'
import { createLearner, demo, expect, loginAs, test, type Credentials } from '#tests/support/fixtures.ts'
import { demoPath } from '#tests/support/demo.ts'
import { dashboardXP, dataWith, pathLessons } from '#tests/support/lessons.ts'

/**
 * Integrity under concurrency (issue 10, point 4) through the real HTTP actions of the production build:
 * the same requests a double-clicking learner or two admins at work send, all at once.
 * (tests/integration/concurrency.test.ts does the same on the server functions, on PGlite and PostgreSQL.)
 */

async function session(browser: Browser, baseURL: string, creds?: Credentials) {
	const page = await (await browser.newContext({ baseURL })).newPage()
	const c = creds ?? (await createLearner(page))
	await loginAs(page, c)
	return { request: page.request, creds: c }
}

async function rowsOf(request: APIRequestContext, email: string) {
	const res = await request.get(`/dev/db-digest?user=${encodeURIComponent(email)}`)
	expect(res.status()).toBe(200)
	const digest = (await res.json()) as Record<string, { rows: number }>
	return (table: string) => digest[table]?.rows ?? 0
}

test("200 parallel 'complete' requests for one lesson award its XP once", async ({ browser, baseURL }) => {
	test.setTimeout(120_000)
	const me = await session(browser, baseURL!)
	const [lesson] = pathLessons('Blockchain & Web3 Foundations')
	// The lesson's ids come from the demo manifest: no page was opened, so no view was recorded either.
	const before = await rowsOf(me.request, me.creds.email)
	const replies = await Promise.all(
		Array.from({ length: 200 }, () =>
			me.request.post(`/dashboard/learn/course/${lesson!.courseId}.data`, { form: { intent: 'complete', lessonId: lesson!.lessonId } }),
		),
	)
	expect(replies.map((r) => r.status())).toEqual(Array(200).fill(200))
	const awarded = await Promise.all(replies.map(async (r) => Number((await r.text()).match(/"xpAwarded",(\d+)/)![1])))
	const paid = awarded.filter((xp) => xp > 0)
	expect(paid, 'exactly one request awarded the XP').toHaveLength(1)
	expect(await dashboardXP(me.request)).toBe(paid[0])
	const after = await rowsOf(me.request, me.creds.email)
	expect([before('xp_ledger'), before('user_progress'), before('user_enrollments')]).toEqual([0, 0, 0])
	expect([after('xp_ledger'), after('user_progress'), after('user_enrollments')]).toEqual([1, 1, 1])
})

test('200 parallel enrolls leave one enrollment', async ({ browser, baseURL }) => {
	test.setTimeout(120_000)
	const me = await session(browser, baseURL!)
	const pathId = demoPath('Blockchain & Web3 Foundations').id
	const replies = await Promise.all(Array.from({ length: 200 }, () => me.request.post('/dashboard/explore.data', { form: { intent: 'enroll', pathId } })))
	expect(replies.map((r) => r.status())).toEqual(Array(200).fill(200))
	expect((await rowsOf(me.request, me.creds.email))('user_enrollments')).toBe(1)
})

test('two admins re-ordering, editing and adding lessons of one module at once leave the order 1..n', async ({ browser, baseURL }) => {
	test.setTimeout(180_000)
	const first = await session(browser, baseURL!, demo.admin)
	// The second admin: a new account the first one promotes.
	const promotedPage = await (await browser.newContext({ baseURL })).newPage()
	const promoted = await createLearner(promotedPage)
	expect((await first.request.post('/dashboard/admin/users.data', { form: { intent: 'grant', email: promoted.email } })).status()).toBe(200)
	const second = await session(browser, baseURL!, promoted)
	const admins = [first.request, second.request]

	const id = randomUUID().slice(0, 6)
	const create = async (request: APIRequestContext, screen: string, form: Record<string, string>) => {
		const res = await request.post(`/dashboard/admin/${screen}.data`, { form: { intent: 'create', ...form } })
		const body = await res.text()
		expect(res.status(), body.slice(0, 200)).toBe(200)
		// The id the action answers with (its reply: { ok, intent, id }).
		return dataWith(body, 'intent')!.id as string
	}
	const path = await create(first.request, 'paths', { title: `Race path ${id}`, slug: `race-${id}` })
	const course = await create(first.request, 'courses', { path_id: path, title: 'Race course', slug: 'race-course', order: '1' })
	const mod = await create(first.request, 'modules', { course_id: course, title: 'Race module', slug: 'race-module', order: '1' })
	const lesson = (i: number, order: number) => ({
		module_id: mod,
		title: `Racer ${i}`,
		slug: `racer-${i}`,
		lesson_type: 'text',
		order: String(order),
		xp_value: '5',
		content: 'x',
	})
	const lessons: string[] = []
	for (let i = 1; i <= 6; i++) lessons.push(await create(first.request, 'lessons', lesson(i, i)))

	// 80 writes, alternating admins, all in flight together.
	const writes = Array.from({ length: 80 }, (_, k) => {
		const request = admins[k % 2]!
		const target = lessons[(k * 5) % lessons.length]!
		const i = lessons.indexOf(target) + 1
		const form: Record<string, string> =
			k % 4 === 0
				? { intent: 'move-up', id: target }
				: k % 4 === 1
					? { intent: 'move-down', id: target }
					: k % 4 === 2
						? { intent: 'update', id: target, ...lesson(i, ((k * 3) % 7) + 1), title: `Racer ${i} edit ${k}` }
						: { intent: 'create', ...lesson(100 + k, (k % 6) + 1) }
		return request.post('/dashboard/admin/lessons.data', { form })
	})
	const replies = await Promise.all(writes)
	// Under load a write may be refused as a conflict (409); nothing else.
	for (const r of replies) expect([200, 409], await r.text()).toContain(r.status())
	const created = replies.filter((r, k) => k % 4 === 3 && r.status() === 200).length

	// The list shows 25 lessons a page: read the second one when there is one.
	const listPage = async (page: number) => (await first.request.get(`/dashboard/admin/lessons?module=${mod}&page=${page}`)).text()
	let html = await listPage(1)
	if (Number(html.match(/Lessons 1–25 of (\d+)/)?.[1] ?? 0) > 25) html += await listPage(2)
	const orders = [...html.matchAll(/#(\d+) · Racer /g)].map((m) => Number(m[1])).sort((a, b) => a - b)
	expect(orders).toEqual(Array.from({ length: 6 + created }, (_, i) => i + 1))

	// Tidy up: the race path goes, the second admin is a learner again.
	expect((await first.request.post('/dashboard/admin/paths.data', { form: { intent: 'delete', id: path } })).status()).toBe(200)
	expect((await first.request.post('/dashboard/admin/users.data', { form: { intent: 'revoke', email: promoted.email } })).status()).toBe(200)
})
