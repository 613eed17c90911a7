import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes.ts'
import { demoCurriculum } from '#tests/support/demo.ts'
import { createLearner, demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import os from 'node:os'
import type { APIRequestContext, Browser } from '@playwright/test'

/**
 * Every route of app/routes.ts, as anonymous, learner and admin: GET and POST outcomes.
 * A route missing from `matrix` fails the first test, so a new route cannot ship unreviewed.
 * The fourth column, another learner (every route with a learner's ids, reads and writes), is
 * authz-ownership.spec.ts.
 * Outcome: a status code, or 'login' / 'dashboard' / 'home' for a redirect there; 'outline' for the public
 * outline of a shared path (/paths/:id) that anonymous visitors of a path or course address are sent to.
 */
type Outcome = number | 'login' | 'dashboard' | 'home' | 'outline'
/** One outcome, or several acceptable ones (each of them a refusal or the expected answer). */
type Cell = Outcome | Outcome[]
type Row = { get: [anon: Cell, learner: Cell, admin: Cell]; post?: [anon: Cell, learner: Cell, admin: Cell] }

const P = 200
// A POST to a page without an action is 405; anonymous visitors are sent to sign in first.
const publicPage: Row = { get: [P, P, P], post: [405, 405, 405] }
// Signed-in users posting to a sign-in page are sent on, like their GET.
const signInPage: Row = { get: [P, 'dashboard', 'dashboard'], post: [400, 'dashboard', 'dashboard'] }
const learnerPage: Row = { get: ['login', P, P], post: [['login', 405], 405, 405] }
const learnerForm: Row = { get: ['login', P, P], post: [['login', 401], 400, 400] }
// Admin screens: anonymous and learners get 403 from actions (nothing changes); the admin's probe is a bad intent.
const adminScreen: Row = { get: ['login', 'dashboard', P], post: [403, 403, 400] }
const adminData = (adminGet: Cell): Row => ({ get: ['login', 'dashboard', adminGet], post: [405, 405, 405] })

const matrix: Record<string, Row> = {
	'/': publicPage,
	'/old/hidden/index': publicPage,
	'/companies': publicPage,
	'/investors': publicPage,
	'/login': signInPage,
	'/signup': signInPage,
	'/forgot-password': { get: [P, P, P], post: [400, 400, 400] },
	'/login-oauth': { get: [P, P, P], post: [400, 400, 400] },
	'/update-password': { get: [P, P, P], post: [400, 400, 400] },
	'/auth/callback': publicPage,
	'/logout': { get: ['home', 'home', 'home'], post: ['home', 'home', 'home'] },
	'/dashboard': { get: ['login', P, P], post: [405, 405, 405] },
	'/dashboard/explore': learnerForm,
	'/dashboard/learn/path/:pathId': { ...learnerPage, get: ['outline', P, P] },
	'/dashboard/learn/course/:courseId': { ...learnerForm, get: ['outline', P, P] },
	'/dashboard/profile': learnerForm,
	'/dashboard/scoreboard': learnerPage,
	'/dashboard/achievements': learnerForm,
	'/dashboard/admin': { get: ['login', 'dashboard', P], post: [405, 405, 405] },
	'/dashboard/admin/paths': adminScreen,
	'/dashboard/admin/courses': adminScreen,
	'/dashboard/admin/modules': adminScreen,
	'/dashboard/admin/lessons': adminScreen,
	'/dashboard/admin/users': adminScreen,
	'/dashboard/admin/content': adminScreen,
	'/dashboard/admin/content/export': adminData(P),
	'/dashboard/admin/history': adminData(400),
	'/dashboard/admin/lesson-content/:lessonId': adminData(404),
	'/dashboard/admin/markdown-preview': { get: ['login', 'dashboard', 405], post: [403, 403, 400] },
	'/dashboard/admin/applications': adminScreen,
	'/dashboard/admin/applications/export': { get: ['login', 403, P], post: [405, 405, 405] },
	'/api/auth/*': { get: [404, 404, 404] },
	'/api/ai-chat': { get: [401, 400, 400], post: [401, [400, 415], [400, 415]] },
	'/resources/language': { get: ['home', 'home', 'home'], post: [400, 400, 400] },
	'/resources/theme': { get: ['home', 'home', 'home'], post: [400, 400, 400] },
	// Malformed applications are answered like bot traffic: 200, nothing stored (see applications.spec.ts).
	'/resources/applications': { get: [405, 405, 405], post: [P, P, P] },
	// Wallet: linking needs an account (401 first); nonces and wallet sign-in are for anyone (the probe is malformed).
	'/resources/wallet': { get: [405, 405, 405], post: [401, 400, 400] },
	'/resources/wallet/nonce': { get: [405, 405, 405], post: [400, 400, 400] },
	'/resources/wallet/sign-in': { get: [405, 405, 405], post: [400, 400, 400] },
	'/resources/certificates': { get: [405, 405, 405], post: [401, 400, 400] },
	// Code challenges: grading and drafts need an account (401 first; the probe is no JSON run); the studio's check is for admins.
	'/resources/challenges/run': { get: [405, 405, 405], post: [401, 400, 400] },
	'/resources/challenges/draft': { get: [405, 405, 405], post: [401, 400, 400] },
	'/resources/challenges/check': { get: [405, 405, 405], post: [403, 403, 400] },
	// Public certificate pages: the same for everyone (':id' is no certificate, hence 404; certificates.spec.ts opens a real one signed out).
	'/paths/:pathId': publicPage,
	'/certificates/verify': { get: [P, P, P], post: [400, 400, 400] },
	'/certificates/:id.json': { get: [404, 404, 404], post: [405, 405, 405] },
	'/certificates/:id': { get: [404, 404, 404], post: [405, 405, 405] },
	'/robots.txt': { get: [P, P, P] },
	'/sitemap.xml': { get: [P, P, P] },
	'/healthz': { get: [P, P, P] },
	'/readyz': { get: [P, P, P] },
	// Local tools: this machine (these requests come over loopback) or an admin; see `fromAnotherMachine` below.
	'/dev/mailbox': { get: [P, P, P] },
	'/dev/mailbox.json': { get: [P, P, P] },
	// Test-only, like the mailbox: served only while the outbox is on (404 wherever real mail is sent).
	'/dev/db-digest': { get: [P, P, P] },
	// Test-only as well, and only with TEST_ERROR_ROUTE set (web-defences.spec.ts): not on this server.
	'/dev/error': { get: [404, 404, 404], post: [404, 404, 404] },
	'/dev/db-fault': { get: [404, 404, 404], post: [404, 404, 404] },
	'/test': publicPage,
	'/ssr-check': publicPage,
	'/bare': publicPage,
	'/static-bare': publicPage,
	'/ssr-canary': publicPage,
	'/dashboard/*': { get: ['login', 404, 404] },
	'/*': { get: [404, 404, 404] },
}

function flatten(entries: RouteConfigEntry[], parent = ''): string[] {
	return entries.flatMap((e) => {
		const here = e.path ? `${parent}/${e.path}`.replace(/\/+/g, '/') : parent
		const own = e.index || (e.path && !e.children?.length) ? [here || '/'] : []
		const layoutSelf = e.path && e.children?.length && !e.children.some((c) => c.index) ? [here] : []
		return [...own, ...layoutSelf, ...flatten(e.children ?? [], here)]
	})
}

const allRoutes = [...new Set(flatten(routes as RouteConfigEntry[]))]

test('every route in app/routes.ts has an authorization entry', () => {
	const missing = allRoutes.filter((r) => !matrix[r])
	expect(missing, 'routes without an entry in the authorization matrix').toEqual([])
	const stale = Object.keys(matrix).filter((r) => !allRoutes.includes(r))
	expect(stale, 'matrix entries for routes that no longer exist').toEqual([])
})

/** A real path and one of its courses, from the demo seeding's manifest. */
function sample() {
	const path = demoCurriculum().paths[0]!
	return { pathId: path.id, courseId: path.courses[0]!.id }
}

function concrete(route: string, ids: { pathId: string; courseId: string }) {
	return route
		.replace(':pathId', ids.pathId)
		.replace(':courseId', ids.courseId)
		.replace(':lessonId', '00000000-0000-4000-8000-000000000000')
		.replace('/api/auth/*', '/api/auth/no-such-endpoint')
		.replace(/^\/dashboard\/\*$/, '/dashboard/no/such/page')
		.replace(/^\/\*$/, '/no/such/page')
}

function matches(outcome: Outcome, status: number, location: string | undefined) {
	if (typeof outcome === 'number') return status === outcome
	if (![301, 302, 303, 307, 308].includes(status)) return false
	if (outcome === 'login') return /^\/login\?redirectTo=/.test(location ?? '')
	if (outcome === 'dashboard') return location === '/dashboard'
	if (outcome === 'outline') return /^\/paths\/[0-9a-f-]{36}\?from=/.test(location ?? '')
	return location === '/'
}

function check(cell: Cell, status: number, location: string | undefined, label: string) {
	// MATRIX_RECORD=1 prints what happened instead of asserting, to review a new route's row.
	if (process.env.MATRIX_RECORD) return console.log(`RECORD ${label} -> ${status} ${location ?? ''}`)
	const options = Array.isArray(cell) ? cell : [cell]
	// Soft: one run reports every wrong cell, not just the first.
	expect
		.soft(
			options.some((o) => matches(o, status, location)),
			`${label}: got ${status} ${location ?? ''}, expected ${options.join(' or ')}`,
		)
		.toBe(true)
}

async function requestAs(role: 0 | 1 | 2, browser: Browser, baseURL: string): Promise<APIRequestContext> {
	const context = await browser.newContext({ baseURL })
	const page = await context.newPage()
	if (role === 1) await loginAs(page, await createLearner(page))
	if (role === 2) await loginAs(page, demo.admin)
	return page.request
}

for (const [role, name] of [
	[0, 'anonymous'],
	[1, 'learner'],
	[2, 'admin'],
] as const) {
	test(`authorization matrix as ${name}`, async ({ browser, baseURL }) => {
		const ids = sample()
		const request = await requestAs(role, browser, baseURL!)
		for (const route of allRoutes) {
			const row = matrix[route]
			if (!row) continue
			const url = concrete(route, ids)
			const get = await request.get(url, { maxRedirects: 0 })
			check(row.get[role], get.status(), get.headers().location, `GET ${url} as ${name}`)
			if (row.post) {
				// Never a logout as a side effect of the sweep: /logout is checked last by its own row.
				if (route === '/logout') continue
				const post = await request.post(url, { form: { intent: 'matrix-probe' }, maxRedirects: 0 })
				check(row.post[role], post.status(), post.headers().location, `POST ${url} as ${name}`)
			}
		}
	})
}

/**
 * The local tools asked from another machine (issue 15, point 4): the socket's address decides, not a
 * forwarded header, and only an admin is served. This machine's own non-loopback address stands in for
 * another machine: the server sees that address on the socket.
 */
const fromAnotherMachine: Record<string, [anon: Cell, learner: Cell, admin: Cell]> = {
	'/dev/mailbox': [404, 404, P],
	'/dev/mailbox.json': [404, 404, P],
	'/dev/db-digest': [404, 404, P],
}

test('the local tools from another machine: admins only, whatever X-Forwarded-For says', async ({ browser, baseURL }) => {
	// The test hooks (/dev/error, /dev/db-fault) are 404 for everyone unless their TEST_* flag is set.
	expect(Object.keys(fromAnotherMachine).sort()).toEqual(allRoutes.filter((r) => r.startsWith('/dev/') && r !== '/dev/error' && r !== '/dev/db-fault').sort())
	const address = Object.values(os.networkInterfaces())
		.flat()
		.find((i) => i && i.family === 'IPv4' && !i.internal)?.address
	expect(address, 'this test needs a network interface besides loopback').toBeDefined()
	const remote = new URL(baseURL!)
	remote.hostname = address!
	const learner = await createLearner(await (await browser.newContext({ baseURL })).newPage())
	for (const [role, name] of [
		[0, 'anonymous'],
		[1, 'learner'],
		[2, 'admin'],
	] as const) {
		const context = await browser.newContext({ baseURL: remote.origin, extraHTTPHeaders: { 'x-forwarded-for': '127.0.0.1' } })
		const page = await context.newPage()
		if (role === 1) await loginAs(page, learner)
		if (role === 2) await loginAs(page, demo.admin)
		for (const [route, cells] of Object.entries(fromAnotherMachine)) {
			const res = await page.request.get(route, { maxRedirects: 0 })
			check(cells[role], res.status(), res.headers().location, `GET ${route} as ${name} from ${address}`)
		}
		await context.close()
	}
	// The same requests over loopback are served, as the matrix above says.
	expect((await (await browser.newContext({ baseURL })).request.get('/dev/mailbox.json')).status()).toBe(200)
})
