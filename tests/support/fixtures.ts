import { randomUUID } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

export type Credentials = { email: string; password: string }

export const demo = {
	learner: { email: 'learner@example.com', password: 'learner-demo-2026' },
	admin: { email: 'admin@example.com', password: 'admin-demo-2026' },
} as const

export function uniqueEmail(prefix = 'learner') {
	return `${prefix}-${randomUUID().slice(0, 8)}@example.test`
}

type Mail = { to: string; subject: string; text: string; html: string; links: string[]; createdAt: string }

/** Newest message to `to` in the outbox (polls briefly: sending happens after the response). */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
	for (let i = 0; i < 50; i++) {
		const res = await request.get('/dev/mailbox.json')
		const all = (await res.json()) as Mail[]
		const found = all.find((m) => m.to === to && (!subject || subject.test(m.subject)))
		if (found) return found
		await new Promise((r) => setTimeout(r, 100))
	}
	throw new Error(`No email to ${to}`)
}

/** The nonce a Content-Security-Policy header lets scripts run with; fails the test when it names none. */
export function nonceOf(csp: string | null | undefined): string {
	const nonce = csp?.match(/'nonce-([^']+)'/)?.[1]
	expect(nonce, 'a nonce in the Content-Security-Policy').toBeTruthy()
	return nonce!
}

/** Sign in through the real login action (no clicking), sharing cookies with `page`. */
export async function loginAs(page: Page, creds: Credentials) {
	const res = await page.request.post('/login', {
		form: { email: creds.email, password: creds.password },
		maxRedirects: 0,
	})
	expect(res.status(), `login as ${creds.email}`).toBe(302)
}

/** A fresh, verified learner created through sign-up and the emailed confirmation link. */
export async function createLearner(page: Page): Promise<Credentials> {
	const creds = { email: uniqueEmail(), password: `pw-${randomUUID()}` }
	const res = await page.request.post('/signup', {
		form: { email: creds.email, password: creds.password, confirmPassword: creds.password },
	})
	expect(res.ok()).toBe(true)
	const mail = await latestMail(page.request, creds.email, /Confirm/)
	const link = mail.links.find((l) => l.includes('/verify-email'))!
	const verify = await page.request.get(link, { maxRedirects: 0 })
	expect([200, 302]).toContain(verify.status())
	return creds
}

// page.goto, reload, goBack and goForward resolve once React (or the page's island) has hydrated, so clicks
// reach the enhanced controls (a click on a menu button before that opened nothing). A page served without
// scripts (a certificate, the checker), or a browser without JavaScript, has nothing to wait for: waiting
// there cost the whole timeout on every visit. The fixture's page has this; a page of a context a test opens
// itself (a second user) gets it from here: without it, a click there came before hydration and opened
// nothing (the studio's edit dialog, the wallet's connect dialog, once each in a full run).
export function navigationWaitsForHydration(page: Page, javaScriptEnabled = true): Page {
	const hydrated = async <T>(response: T) => {
		if (javaScriptEnabled !== false && (await page.locator('script[type="module"]').count()))
			await page
				.locator('html[data-hydrated]')
				.waitFor({ state: 'attached', timeout: 10_000 })
				.catch(() => {})
		return response
	}
	const [goto, reload, goBack, goForward] = [page.goto.bind(page), page.reload.bind(page), page.goBack.bind(page), page.goForward.bind(page)]
	page.goto = async (url, options) => hydrated(await goto(url, options))
	page.reload = async (options) => hydrated(await reload(options))
	page.goBack = async (options) => hydrated(await goBack(options))
	page.goForward = async (options) => hydrated(await goForward(options))
	return page
}

/** Fails any test whose page logs console.error or throws. */
export const test = base.extend<{ consoleErrors: string[]; noInternet: void }>({
	// page.goto, reload, goBack and goForward resolve once React (or the page's island) has hydrated, so clicks
	// reach the enhanced controls (a click on a menu button before that opened nothing). A page served without
	// scripts (a certificate, the checker), or a browser without JavaScript, has nothing to wait for: waiting
	// there cost the whole timeout on every visit.
	page: async ({ page, javaScriptEnabled }, use) => {
		navigationWaitsForHydration(page, javaScriptEnabled)
		// A new width resolves once the layout has followed it: what script does on a width (the sidebar becomes a
		// sheet below 768 px) lands a frame or two later, then transitions run. A box read at once was 8 px off.
		const setViewportSize = page.setViewportSize.bind(page)
		page.setViewportSize = async (size) => {
			await setViewportSize(size)
			await page
				.evaluate(async () => {
					await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
					const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
					// Bounded: a paused animation never finishes.
					const finished = Promise.all(ending.map((a) => a.finished.catch(() => {})))
					await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 2000))])
				})
				.catch(() => {})
		}
		await use(page)
	},
	// The sandbox has no internet: answer third-party requests (YouTube thumbnails and embeds) locally.
	noInternet: [
		async ({ context }, use) => {
			await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
			await use()
		},
		{ auto: true },
	],
	consoleErrors: [
		async ({ page }, use) => {
			const errors: string[] = []
			page.on('console', (msg) => {
				if (msg.type() === 'error') errors.push(msg.text())
			})
			page.on('pageerror', (err) => errors.push(err.message))
			await use(errors)
			// Expected HTTP errors (a 404 page, a refused login) show up as resource errors; those are fine.
			const real = errors.filter((e) => !/Failed to load resource: the server responded with a status of (4\d\d)/.test(e))
			expect(real, 'console errors on the page').toEqual([])
		},
		{ auto: true },
	],
})

export { expect }
