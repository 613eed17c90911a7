import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext } from '@playwright/test'
import { demo, expect, latestMail, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import { dataWith } from '#tests/support/lessons.ts'
import { startPrivateServer, type PrivateServer } from '#tests/support/private-server.ts'

/**
 * Stored XSS: real payloads saved through the ordinary forms (lesson Markdown and titles by an admin,
 * profile fields by a learner, an application by a visitor, a tutor question), then every page that
 * shows them opened in Chromium. Each payload would set window.__xss and open a dialog if it ever ran;
 * neither may happen, the payload text must still be on the page (escaped, so the check is not vacuous),
 * and no CSP violation may be reported (so the defence is the escaping, not only the policy).
 * On a private server: payloads in the shared e2e database would show up in every other spec.
 */

const id = randomUUID().slice(0, 6)
const P = {
	img: `<img src=x onerror="window.__xss=1;alert('img')">`,
	script: `<script>window.__xss=1;alert('script')</script>`,
	svg: `<svg onload="window.__xss=1;alert('svg')"><circle r=1 /></svg>`,
	iframe: `<iframe src="javascript:window.__xss=1;alert('iframe')"></iframe>`,
	details: `<details open ontoggle="window.__xss=1;alert('details')">x</details>`,
	quote: `"><img src=x onerror=window.__xss=1>`,
	jsLink: `[click me ${id}](javascript:window.__xss=1;alert('link'))`,
	dataLink: `<a href="data:text/html,<script>alert(1)</script>">data link ${id}</a>`,
	style: `<style>@import 'javascript:alert(1)'</style><p style="background:url(javascript:alert(1))">styled ${id}</p>`,
	math: `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>`,
}
const all = Object.values(P).join('\n\n')
/** A tag that could run script or load a script URL. */
const UNSAFE_TAG =
	/^<(script|iframe|svg|style|math|object|embed|base|form)\b|\son\w+\s*=|\s(href|src|action|formaction|xlink:href)\s*=\s*["']?\s*(javascript|data|vbscript):/i

let server: PrivateServer
const contexts: BrowserContext[] = []
let ids: { path: string; course: string; text: string; quiz: string }
let learner: { email: string; password: string }

/** A page that records dialogs, console errors and CSP violations. */
async function watchedPage(context: BrowserContext) {
	const page = navigationWaitsForHydration(await context.newPage())
	const dialogs: string[] = []
	const errors: string[] = []
	page.on('dialog', (d) => {
		dialogs.push(d.message())
		void d.dismiss()
	})
	page.on('console', (m) => {
		if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) errors.push(m.text())
	})
	page.on('pageerror', (e) => errors.push(e.message))
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) => {
			;(window as unknown as { __csp: string[] }).__csp = [
				...((window as unknown as { __csp?: string[] }).__csp ?? []),
				`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
			]
		})
	})
	return { page, dialogs, errors }
}

/** Nothing ran: no flag, no dialog, no CSP report, no error; and no live handler or script URL in the DOM. */
async function assertInert(w: Awaited<ReturnType<typeof watchedPage>>, where: string) {
	await w.page.waitForLoadState('networkidle')
	const state = await w.page.evaluate(() => {
		const w = window as unknown as { __xss?: number; __csp?: string[] }
		const handlers = [...document.querySelectorAll('body *')].flatMap((el) =>
			[...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`),
		)
		const urls = [...document.querySelectorAll('[href],[src],[action],[formaction]')]
			.map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? el.getAttribute('formaction') ?? '')
			.filter((u) => /^\s*(javascript|data|vbscript):/i.test(u) && !/^data:image\//i.test(u))
		const scripts = document.querySelectorAll('main script, [role="dialog"] script, main iframe:not([src^="https://www.youtube-nocookie.com/"])').length
		return { xss: w.__xss ?? null, csp: w.__csp ?? [], handlers, urls, scripts }
	})
	expect(state, `payload ran or survived in the DOM at ${where}`).toEqual({ xss: null, csp: [], handlers: [], urls: [], scripts: 0 })
	expect(w.dialogs, `dialogs at ${where}`).toEqual([])
	expect(w.errors, `console errors at ${where}`).toEqual([])
}

async function visit(context: BrowserContext, url: string, shows?: string) {
	const w = await watchedPage(context)
	await w.page.goto(url)
	// Asserted, not only waited for: the goto's wait gives up quietly after 10 s, and the payloads must be shown
	// inert by React's render in the browser too, not by the server's HTML alone.
	if (await w.page.locator('script[type="module"]').count()) await expect(w.page.locator('html[data-hydrated]')).toBeAttached()
	if (shows) await expect(w.page.locator('body')).toContainText(shows)
	await assertInert(w, url)
	return w
}

test.describe.configure({ mode: 'default' })

test.beforeAll(async ({ browser }) => {
	test.setTimeout(120_000)
	server = await startPrivateServer()
	const ctx = async () => {
		const c = await browser.newContext({ baseURL: server.baseURL })
		// Third-party requests (YouTube thumbnails) answered locally: the sandbox has no internet.
		await c.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
		contexts.push(c)
		return c
	}
	const admin = await ctx()
	expect((await admin.request.post('/login', { form: demo.admin, maxRedirects: 0 })).status()).toBe(302)
	const create = async (screen: string, form: Record<string, string>) => {
		const res = await admin.request.post(`/dashboard/admin/${screen}.data`, { form: { intent: 'create', is_published: 'true', ...form } })
		const body = await res.text()
		expect(res.status(), `create ${screen}: ${body.slice(0, 300)}`).toBe(200)
		// The id the action answers with (its reply: { ok, intent, id }).
		return dataWith(body, 'intent')!.id as string
	}
	const path = await create('paths', { title: `XSS path ${id} ${P.img}`, slug: `xss-path-${id}`, description: `About ${P.script}` })
	const course = await create('courses', {
		path_id: path,
		title: `XSS course ${id} ${P.svg}`,
		slug: 'xss-course',
		summary: `Summary ${P.quote}`,
		description: `Description ${P.details}`,
		order: '1',
		thumbnail_url: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
	})
	const mod = await create('modules', { course_id: course, title: `XSS module ${id} ${P.iframe}`, slug: 'xss-module', summary: `Module ${P.img}`, order: '1' })
	const text = await create('lessons', {
		module_id: mod,
		title: `XSS lesson ${id} ${P.script}`,
		slug: 'xss-lesson',
		lesson_type: 'text',
		order: '1',
		xp_value: '10',
		content: `# Payloads ${id}\n\nsafe paragraph ${id}\n\n${all}\n\n## Reentrancy\n\nA reentrancy attack ${P.img} happens when ${P.jsLink}.`,
	})
	const quiz = await create('lessons', {
		module_id: mod,
		title: `XSS quiz ${id}`,
		slug: 'xss-quiz',
		lesson_type: 'quiz',
		order: '2',
		xp_value: '10',
		content: JSON.stringify([{ question: `Which one? ${P.img}`, options: [P.script, P.svg], correctAnswer: P.script }]),
	})
	// A bad link target is refused outright.
	const refused = await admin.request.post('/dashboard/admin/courses.data', {
		form: { intent: 'create', path_id: path, title: 'Bad thumb', slug: 'bad-thumb', order: '2', thumbnail_url: 'javascript:alert(1)' },
	})
	expect(refused.status()).toBe(400)
	ids = { path, course, text, quiz }

	// A learner with payloads in every profile field, who completes a lesson (so is on the scoreboard) and asks the tutor.
	const lc = await ctx()
	learner = { email: `xss-${id}@example.test`, password: `pw-${randomUUID()}` }
	expect((await lc.request.post('/signup', { form: { ...learner, confirmPassword: learner.password } })).status()).toBe(200)
	const mail = await latestMail(lc.request, learner.email, /Confirm/)
	await lc.request.get(
		mail.links.find((l) => l.includes('/verify-email'))!,
		{ maxRedirects: 0 },
	)
	expect((await lc.request.post('/login', { form: learner, maxRedirects: 0 })).status()).toBe(302)
	const profile = await lc.request.post('/dashboard/profile', {
		data: {
			fullName: `Eve ${id} ${P.img}`,
			country: 'BR',
			city: P.svg.slice(0, 100),
			positionCompany: P.quote,
			languages: [P.script.slice(0, 50)],
			stacks: [P.details.slice(0, 50)],
			skillsToDevelop: ['<b onmouseover=alert(1)>x</b>'],
			career: { desiredRoles: [P.iframe.slice(0, 50)], preferredLocations: ['"><svg onload=alert(1)>'] },
		},
	})
	expect(profile.status(), await profile.text()).toBe(200)
	expect((await lc.request.post(`/dashboard/learn/course/${course}`, { form: { intent: 'complete', lessonId: text } })).status()).toBe(200)
	const chat = await lc.request.post('/api/ai-chat', {
		data: { mode: 'chat', lessonId: text, messages: [{ role: 'user', content: `${P.img} what is a reentrancy attack? ${P.script}` }] },
	})
	expect(chat.status()).toBe(200)

	// A visitor's application with payloads in every free-text field; a javascript: portfolio is refused.
	const anon = await ctx()
	const application = {
		type: 'company',
		name: `Mallory ${id} ${P.img}`,
		email: `mallory-${id}@example.test`,
		company: `${P.svg}`.slice(0, 150),
		message: all.slice(0, 1900),
		website: '',
	}
	expect((await anon.request.post('/resources/applications', { form: application })).status()).toBe(200)
	const badLink = await anon.request.post('/resources/applications', {
		form: { type: 'professional', name: 'Link', email: `link-${id}@example.test`, portfolio: 'javascript:alert(1)', website: '' },
	})
	expect(badLink.status()).toBe(400)
})

test.afterAll(async () => {
	for (const c of contexts) await c.close()
	await server?.stop()
})

async function as(browser: Browser, creds: { email: string; password: string }) {
	const c = await browser.newContext({ baseURL: server.baseURL })
	await c.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
	contexts.push(c)
	expect((await c.request.post('/login', { form: creds, maxRedirects: 0 })).status()).toBe(302)
	return c
}

test('lesson Markdown, titles and quiz texts written by an admin never run in the learner area', async ({ browser }) => {
	const c = await as(browser, learner)
	await visit(c, '/dashboard/explore', `XSS path ${id} <img src=x`)
	await visit(c, `/dashboard/learn/path/${ids.path}`, `XSS course ${id} <svg`)
	const lesson = await visit(c, `/dashboard/learn/course/${ids.course}?lesson=${ids.text}`, `safe paragraph ${id}`)
	// The Markdown was rendered (a heading), the payload's link text kept without its javascript: target.
	await expect(lesson.page.getByRole('heading', { name: `Payloads ${id}` })).toBeVisible()
	await expect(
		lesson.page
			.getByRole('link', { name: `click me ${id}` })
			.or(lesson.page.locator('a', { hasText: `click me ${id}` }))
			.first(),
	).toBeVisible()
	// The tutor's conversation: the question with payloads and the offline tutor's reply quoting the lesson.
	const tutor = lesson.page.getByRole('log', { name: 'Conversation with the AI Instructor' })
	await expect(tutor.locator('[data-role="user"]')).toContainText(`what is a reentrancy attack?`)
	await expect(tutor.locator('[data-role="user"]')).toContainText(P.img)
	await expect(tutor.locator('[data-role="assistant"]')).toContainText('Offline tutor')
	await assertInert(lesson, 'the course player with the tutor')
	await visit(c, `/dashboard/learn/course/${ids.course}?lesson=${ids.quiz}`, `Which one? ${P.img}`)
	await visit(c, '/dashboard', `XSS course ${id}`)
})

test("a learner's profile fields never run, for the learner, other learners or admins", async ({ browser }) => {
	const own = await as(browser, learner)
	const profile = await visit(own, '/dashboard/profile')
	await expect(profile.page.getByLabel('Full Name')).toHaveValue(`Eve ${id} ${P.img}`)
	await visit(own, '/dashboard/scoreboard', `Eve ${id} <img`)
	await visit(own, '/dashboard/achievements')
	const other = await as(browser, demo.learner)
	await visit(other, '/dashboard/scoreboard', `Eve ${id} <img`)
	const admin = await as(browser, demo.admin)
	await visit(admin, '/dashboard/scoreboard', `Eve ${id} <img`)
	await visit(admin, `/dashboard/admin/users?q=${encodeURIComponent(learner.email)}`, learner.email)
})

test('an application with payloads is inert in the admin inbox, its detail view and the CSV export', async ({ browser }) => {
	const admin = await as(browser, demo.admin)
	const inbox = await visit(admin, `/dashboard/admin/applications?q=mallory-${id}`, `Mallory ${id} <img`)
	await inbox.page.getByRole('button', { name: new RegExp(`Mallory ${id}`) }).click()
	const details = inbox.page.getByTestId('application-details')
	await expect(details).toContainText(P.svg)
	await expect(details).toContainText(`click me ${id}`)
	await assertInert(inbox, 'the application details')
	// The export is a download with its own type and nosniff, never a page a browser would render.
	const csv = await admin.request.get(`/dashboard/admin/applications/export?q=mallory-${id}`)
	expect(csv.headers()['content-type']).toContain('text/csv')
	expect(csv.headers()['x-content-type-options']).toBe('nosniff')
	expect(csv.headers()['content-disposition']).toMatch(/^attachment;/)
})

test('admin screens and the live Markdown preview show the payloads as text', async ({ browser }) => {
	const admin = await as(browser, demo.admin)
	await visit(admin, '/dashboard/admin/paths', `XSS path ${id} <img`)
	await visit(admin, `/dashboard/admin/courses?path=${ids.path}`, `XSS course ${id} <svg`)
	await visit(admin, `/dashboard/admin/modules?path=${ids.path}`, `XSS module ${id} <iframe`)
	const lessons = await visit(admin, `/dashboard/admin/lessons?path=${ids.path}`, `XSS lesson ${id} <script`)
	// The edit dialog loads the full Markdown and renders its preview through the same sanitizer.
	await lessons.page.getByRole('button', { name: new RegExp(`^Edit XSS lesson ${id}`) }).click()
	const dialog = lessons.page.getByRole('dialog')
	await expect(dialog.locator('#lesson-content')).toHaveValue(new RegExp(`Payloads ${id}`))
	await expect(dialog.getByTestId('markdown-preview').first()).toContainText(`safe paragraph ${id}`)
	await expect(
		dialog
			.getByTestId('markdown-preview')
			.first()
			.getByRole('heading', { name: `Payloads ${id}` }),
	).toBeVisible()
	const preview = await admin.request.post('/dashboard/admin/markdown-preview', { form: { markdown: all } })
	const { html } = (await preview.json()) as { html: string }
	// Escaped text may spell out a payload; no tag may carry one.
	for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) expect(tag).not.toMatch(UNSAFE_TAG)
	expect(html).toContain(`click me ${id}`)
	await assertInert(lessons, 'the lesson edit dialog')
})
