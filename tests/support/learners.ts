// Learners made over HTTP, as the app knows them: signed up, confirmed through the outbox, signed in.
// For specs that run their own server process (tests/support/server-process.ts starts it with TRUST_PROXY,
// so each learner can name a client address of its own and per-address limits never answer instead of the app).
import { randomUUID } from 'node:crypto'
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test'
import { latestMail } from './fixtures.ts'

let ipCounter = 0
/** A client address of its own for every caller. */
export const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

export type Learner = { email: string; ctx: APIRequestContext }

export async function newLearner(baseURL: string, prefix = 'learner'): Promise<Learner> {
	const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': nextIp() } })
	const email = `${prefix}-${randomUUID().slice(0, 8)}@example.test`
	const password = `pw-${randomUUID()}`
	expect((await ctx.post('/signup', { form: { email, password, confirmPassword: password } })).ok()).toBe(true)
	const link = (await latestMail(ctx, email, /Confirm/)).links.find((l) => l.includes('/verify-email'))!
	await ctx.get(link, { maxRedirects: 0 })
	expect((await ctx.post('/login', { form: { email, password }, maxRedirects: 0 })).status()).toBe(302)
	return { email, ctx }
}
