import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Browser } from '@playwright/test'
import { createLearner, expect, loginAs, test, type Credentials } from '#tests/support/fixtures.ts'
import { demoCurriculum } from '#tests/support/demo.ts'
import { completeLesson, pathLessons } from '#tests/support/lessons.ts'
import { routeTable } from '#tests/support/route-table.ts'

/**
 * The 'another learner' column of the authorization matrix: learners read and write only their own
 * progress, enrollments, profile, conversations, claims, wallets and certificates. Learner A fills every
 * kind of personal data; learner B then calls every route of app/routes.ts (read and write) with A's ids
 * and A's user id wherever an id can go. A's rows, compared row by row (/dev/db-digest?user=), must be
 * exactly as before, and nothing B is shown may contain A's private data.
 */

type Learner = { creds: Credentials; request: APIRequestContext; id: string }

async function signedIn(browser: Browser, baseURL: string): Promise<Learner> {
	const page = await (await browser.newContext({ baseURL })).newPage()
	const creds = await createLearner(page)
	await loginAs(page, creds)
	// The user id, as the session endpoint of the auth library reports it to its owner.
	const session = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }
	return { creds, request: page.request, id: session.user.id }
}

async function digestOf(request: APIRequestContext, email: string) {
	const res = await request.get(`/dev/db-digest?user=${encodeURIComponent(email)}`)
	expect(res.status()).toBe(200)
	return (await res.json()) as Record<string, { rows: number; hash: string }>
}

test("another learner can neither read nor change a learner's own data", async ({ browser, baseURL }) => {
	test.setTimeout(180_000)
	const a = await signedIn(browser, baseURL!)
	const b = await signedIn(browser, baseURL!)
	const secret = randomUUID().slice(0, 8)
	const markers = { city: `Cidade${secret}`, company: `Secret Works ${secret}`, question: `what is my secret ${secret}?` }

	// A's own data, of every kind: progress and XP, an enrollment, a profile, a tutor conversation, a claim.
	const [first, second] = pathLessons('Blockchain & Web3 Foundations')
	await completeLesson(a.request, first!)
	const pathIds = demoCurriculum().paths.map((p) => p.id)
	expect((await a.request.post('/dashboard/explore', { form: { intent: 'enroll', pathId: pathIds.at(-1)! } })).status()).toBe(200)
	const profile = await a.request.post('/dashboard/profile', {
		data: { fullName: 'Alice Owner', country: 'PT', city: markers.city, positionCompany: markers.company, stacks: ['Solidity'] },
	})
	expect(profile.status()).toBe(200)
	const chat = await a.request.post('/api/ai-chat', {
		data: { mode: 'chat', lessonId: first!.lessonId, messages: [{ role: 'user', content: markers.question }] },
	})
	expect(chat.status()).toBe(200)
	expect((await a.request.post('/dashboard/achievements', { form: { intent: 'claim', taskId: 'verify-email' } })).status()).toBe(200)

	const before = await digestOf(a.request, a.creds.email)
	for (const table of ['user', 'user_progress', 'xp_ledger', 'user_enrollments', 'user_profiles', 'tutor_messages', 'achievement_claims']) {
		expect(before[table]?.rows, `A has ${table} rows`).toBeGreaterThan(0)
	}

	// Reads: every route, A's ids in every path parameter and in the query under every likely name.
	const aIds = { lessonId: first!.lessonId, courseId: first!.courseId, userId: a.id }
	const private_ = [a.creds.email, markers.city, markers.company, markers.question]
	const ids = [a.id, first!.lessonId, first!.courseId, pathIds[0]!]
	// (A's email is not sent: a page may show back what its visitor typed, which is no leak.)
	const query = new URLSearchParams({ userId: a.id, user: a.id, user_id: a.id, id: a.id, lessonId: first!.lessonId, lesson: first!.lessonId })
	for (const route of routeTable()) {
		// The dev outbox and digest are test tools (404 in production); they list everyone by design.
		if (route.path.startsWith('/dev/')) continue
		for (const id of ids) {
			const url = `${route.path.replace(/:\w+\??|\*/g, id)}?${query}`
			const res = await b.request.get(url, { maxRedirects: 0 })
			expect(res.status(), `GET ${url} as B`).toBeLessThan(500)
			const body = await res.text()
			for (const p of private_) expect(body, `B sees A's data at GET ${url}`).not.toContain(p)
		}
	}
	const conversation = (await (await b.request.get(`/api/ai-chat?lessonId=${aIds.lessonId}`)).json()) as { messages: unknown[] }
	expect(conversation.messages, "B's conversation on A's lesson is B's own (empty)").toEqual([])

	// Writes: the ordinary actions B may call, each carrying A's ids and user id...
	const extra = { userId: a.id, user_id: a.id, uid: a.id }
	const writes: { url: string; method?: string; form?: Record<string, string>; data?: unknown }[] = [
		{ url: `/dashboard/learn/course/${second!.courseId}`, form: { intent: 'complete', lessonId: second!.lessonId, ...extra } },
		{ url: '/dashboard/explore', form: { intent: 'enroll', pathId: pathIds[0]!, ...extra } },
		{ url: '/dashboard/profile', data: { fullName: 'Bob Intruder', country: 'BR', city: 'Elsewhere', ...extra } },
		{ url: '/dashboard/achievements', form: { intent: 'claim', taskId: 'verify-email', ...extra } },
		{ url: `/api/ai-chat?lessonId=${aIds.lessonId}&userId=${a.id}`, method: 'DELETE' },
		{ url: '/api/ai-chat', data: { mode: 'chat', lessonId: aIds.lessonId, messages: [{ role: 'user', content: 'hello' }], ...extra } },
	]
	// ...and every route with an action that is for signed-in users (an anonymous post is refused: the
	// sign-in forms and public endpoints hold no one's data, and their per-address limits are shared by
	// this whole e2e run), posted with A's ids in every field name an id could have.
	const anon = (await browser.newContext({ baseURL })).request
	const owned = []
	for (const route of routeTable().filter((r) => r.action && r.path !== '/logout' && !r.path.startsWith('/api/auth'))) {
		const probe = await anon.post(route.path.replace(/:\w+\??|\*/g, ids[0]!), { form: { intent: 'probe' }, maxRedirects: 0 })
		const refused = [401, 403].includes(probe.status()) || /^\/login/.test(probe.headers().location ?? '')
		if (refused) owned.push(route)
	}
	expect(owned.map((r) => r.path)).toEqual(expect.arrayContaining(['/dashboard/profile', '/dashboard/learn/course/:courseId', '/api/ai-chat']))
	for (const route of owned) {
		for (const id of ids) {
			const url = route.path.replace(/:\w+\??|\*/g, id)
			for (const intent of ['complete', 'enroll', 'claim', 'delete', 'update', 'unlink', 'link', 'issue', 'revoke']) {
				writes.push({ url, form: { intent, id, lessonId: id, pathId: id, taskId: 'verify-email', certificateId: id, address: id, ...extra } })
			}
			writes.push({ url, method: 'DELETE', form: { id, ...extra } })
			writes.push({ url, data: { id, lessonId: id, certificateId: id, ...extra } })
		}
	}
	for (const w of writes) {
		const res = await b.request.fetch(w.url, { method: w.method ?? 'POST', form: w.form, data: w.data, maxRedirects: 0 })
		expect(res.status(), `${w.method ?? 'POST'} ${w.url} as B`).toBeLessThan(500)
		const body = await res.text()
		for (const p of private_) expect(body, `B sees A's data from ${w.method ?? 'POST'} ${w.url}`).not.toContain(p)
	}

	// A's rows are exactly as they were, and A still sees A's own conversation.
	expect(await digestOf(a.request, a.creds.email)).toEqual(before)
	const mine = (await (await a.request.get(`/api/ai-chat?lessonId=${aIds.lessonId}`)).json()) as { messages: { content: string }[] }
	expect(mine.messages.map((m) => m.content)).toContain(markers.question)
	// B's own writes landed on B: B's profile is B's.
	expect(await (await b.request.get('/dashboard/profile')).text()).toContain('Bob Intruder')
})

test('the tutor conversation, progress and profile are keyed by the session, not by anything the client sends', async ({ browser, baseURL }) => {
	const a = await signedIn(browser, baseURL!)
	const b = await signedIn(browser, baseURL!)
	const [lesson] = pathLessons('Blockchain & Web3 Foundations')
	await a.request.post('/api/ai-chat', { data: { mode: 'chat', lessonId: lesson!.lessonId, messages: [{ role: 'user', content: 'Only mine' }] } })
	// 'New conversation' from B on the same lesson, even naming A, leaves A's messages alone.
	expect((await b.request.delete(`/api/ai-chat?lessonId=${lesson!.lessonId}&userId=${a.id}`)).status()).toBeLessThan(300)
	const mine = (await (await a.request.get(`/api/ai-chat?lessonId=${lesson!.lessonId}`)).json()) as { messages: { content: string }[] }
	expect(mine.messages.map((m) => m.content)).toContain('Only mine')
	// The chat request refuses unknown keys outright (a user id cannot even be sent).
	const smuggled = await b.request.post('/api/ai-chat', {
		data: { mode: 'chat', lessonId: lesson!.lessonId, userId: a.id, messages: [{ role: 'user', content: 'x' }] },
	})
	expect(smuggled.status()).toBe(400)
	// Signed out, none of it is reachable.
	const anon = await (await browser.newContext({ baseURL })).request
	expect((await anon.get(`/api/ai-chat?lessonId=${lesson!.lessonId}`)).status()).toBe(401)
	// Actions answer 401 to data requests; a plain form post is sent to sign in first.
	expect((await anon.post('/dashboard/profile.data', { data: { fullName: 'X', country: 'BR' } })).status()).toBe(401)
	expect((await anon.post(`/dashboard/learn/course/${lesson!.courseId}.data`, { form: { intent: 'complete', lessonId: lesson!.lessonId } })).status()).toBe(401)
	const page = await anon.post(`/dashboard/learn/course/${lesson!.courseId}`, { form: { intent: 'complete', lessonId: lesson!.lessonId }, maxRedirects: 0 })
	expect(page.headers().location).toMatch(/^\/login\?redirectTo=/)
})
