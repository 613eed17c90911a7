import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { latestMail } from '#tests/support/fixtures.ts'
import { demoLesson } from '#tests/support/demo.ts'
import { freePort } from '#tests/support/private-server.ts'
import { freshDataDir, startServer, stopServer } from '#tests/support/server-process.ts'

/**
 * The production server's own output, captured from a server this test starts: after a sign-up, a
 * refused and an accepted login, a password reset, a quiz answer and a 404, every line is a JSON object,
 * every line written while serving a request names that request's id (the X-Request-Id the client sent,
 * when sane, else a generated one, returned in the response header), and none of the secrets that went
 * over the wire (passwords, reset and verification tokens, the session cookie, the quiz answer, the
 * local signing keys) appears anywhere in it.
 */

const QUIZ_TITLE = 'Quiz: Solidity Basics'
const QUIZ_ANSWER = 'The transaction reverts with a panic'
const LIFECYCLE = new Set(['listening', 'draining requests', 'database closed'])

test('logs are JSON lines with a request id, and carry no passwords, tokens, cookies or quiz answers', async () => {
	test.setTimeout(120_000)
	const dataDir = freshDataDir('logs-spec')
	const server = await startServer({ port: await freePort(), dataDir })
	const secrets: Record<string, string> = {}
	try {
		const ctx = await playwrightRequest.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.1' } })
		const email = `logs-${randomUUID().slice(0, 8)}@example.test`
		secrets.password = `first-${randomUUID()}`
		secrets.wrongPassword = `wrong-${randomUUID()}`
		secrets.newPassword = `second-${randomUUID()}`

		// Sign-up and the emailed confirmation link (its token).
		expect((await ctx.post('/signup', { form: { email, password: secrets.password, confirmPassword: secrets.password } })).ok()).toBe(true)
		const confirm = (await latestMail(ctx, email, /Confirm/)).links.find((l) => l.includes('/verify-email'))!
		secrets.verifyToken = new URL(confirm).searchParams.get('token')!
		await ctx.get(confirm, { maxRedirects: 0 })

		// A refused login (from a browser without the session the confirmation link opened), then the real one.
		const anon = await playwrightRequest.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.2' } })
		expect((await anon.post('/login', { form: { email, password: secrets.wrongPassword }, maxRedirects: 0 })).status()).toBe(400)
		await anon.dispose()
		const login = await ctx.post('/login', { form: { email, password: secrets.password }, maxRedirects: 0 })
		expect(login.status()).toBe(302)
		const session = (await ctx.storageState()).cookies.find((c) => c.name.includes('session_token'))
		// Out of reach of page scripts, and not sent along with cross-site requests.
		expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
		secrets.sessionCookie = decodeURIComponent(session!.value).split('.')[0]!

		// A quiz answer.
		const quiz = demoLesson(QUIZ_TITLE, dataDir)
		expect(quiz.type).toBe('quiz')
		const answer = await ctx.post(`/dashboard/learn/course/${quiz.courseId}.data`, {
			form: { intent: 'answer', lessonId: quiz.lessonId, index: '0', answer: QUIZ_ANSWER },
		})
		expect(answer.status()).toBe(200)
		secrets.quizAnswer = QUIZ_ANSWER

		// A password reset: the link's token, then the new password.
		expect((await ctx.post('/forgot-password', { form: { email } })).ok()).toBe(true)
		const resetLink = (await latestMail(ctx, email, /Reset/)).links[0]!
		const toForm = await ctx.get(resetLink, { maxRedirects: 0 })
		expect(toForm.status()).toBe(302)
		secrets.resetToken = new URL(toForm.headers().location!, server.baseURL).searchParams.get('token')!
		expect(secrets.resetToken.length).toBeGreaterThan(8)
		const update = await ctx.post('/update-password', {
			form: { token: secrets.resetToken, password: secrets.newPassword, confirmPassword: secrets.newPassword },
		})
		expect(update.status()).toBe(200)
		expect((await ctx.post('/login', { form: { email, password: secrets.newPassword }, maxRedirects: 0 })).status()).toBe(302)

		// Request ids: a sane one is kept and echoed, a hostile one replaced; a loader's own log line
		// (the 404 route logs the miss) carries the id of its request.
		const traced = `e2e-${randomUUID()}`
		const missing = await ctx.get('/no-such-page-for-logs', { headers: { 'x-request-id': traced } })
		expect(missing.status()).toBe(404)
		expect(missing.headers()['x-request-id']).toBe(traced)
		const hostile = await ctx.get('/healthz', { headers: { 'x-request-id': '<script>alert(1)</script>' } })
		expect(hostile.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
		await ctx.dispose()

		for (const file of ['.auth-secret', '.cert-signer-key']) {
			const p = path.join(dataDir, file)
			if (fs.existsSync(p)) secrets[file] = fs.readFileSync(p, 'utf8').trim()
		}
	} finally {
		expect((await stopServer(server)).code).toBe(0)
		fs.rmSync(dataDir, { recursive: true, force: true })
	}

	const output = server.output()
	const lines = output.split('\n').filter((l) => l.trim() !== '')
	const entries = lines.map((line) => {
		try {
			return JSON.parse(line) as { level?: string; msg?: string; reqId?: string; path?: string }
		} catch {
			throw new Error(`not a JSON log line: ${line}`)
		}
	})
	for (const e of entries) {
		expect(typeof e.level).toBe('string')
		expect(typeof e.msg).toBe('string')
		if (!LIFECYCLE.has(e.msg!)) expect(e.reqId, `request id on: ${JSON.stringify(e)}`).toBeTruthy()
	}
	const traced = entries.filter((e) => e.reqId?.startsWith('e2e-'))
	expect(traced.map((e) => e.msg).sort()).toEqual(['request', 'route not found'])
	expect(entries.some((e) => e.path?.startsWith('/api/auth/reset-password/[redacted]'))).toBe(true)

	for (const [name, value] of Object.entries(secrets)) {
		expect(value.length, name).toBeGreaterThan(5)
		expect(output.includes(value), `${name} appears in the server log`).toBe(false)
	}
})
