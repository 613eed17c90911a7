import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAuth } from '~/features/auth/auth.server.ts'
import { resetMailTransport, sendMail, listOutbox } from '~/features/mail/mailer.server.ts'
import { countHit as hit } from '~/features/security/rate-limit.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import { useTestDb } from '#tests/support/test-db.ts'

describe('email through a real SMTP server', () => {
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	beforeAll(async () => {
		smtp = await startSmtpServer()
		process.env.SMTP_URL = smtp.url
		process.env.MAIL_FROM = 'Learnchain <no-reply@learnchain.test>'
		process.env.APP_URL = 'http://localhost:4567'
		await useTestDb()
		resetMailTransport()
	})
	afterAll(async () => {
		delete process.env.SMTP_URL
		delete process.env.MAIL_FROM
		delete process.env.APP_URL
		resetEnvForTests()
		resetMailTransport()
		await smtp.close()
	})

	it('delivers a message over SMTP, not to the outbox', async () => {
		await sendMail({ to: 'someone@example.test', subject: 'Hello', text: 'Plain body', html: '<p>Plain body</p>' })
		expect(smtp.received).toHaveLength(1)
		expect(smtp.received[0]!.to).toEqual(['someone@example.test'])
		expect(smtp.received[0]!.raw).toContain('Subject: Hello')
		expect(await listOutbox()).toHaveLength(0)
	})

	it('sign-up sends a verification link to APP_URL that verifies the account', async () => {
		const auth = await getAuth()
		await auth.api.signUpEmail({ body: { email: 'new@example.test', password: 'blue-anchor-77', name: '' } })
		const mail = smtp.received.find((m) => m.to.includes('new@example.test'))
		expect(mail).toBeDefined()
		const flat = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
		const link = flat.match(/http:\/\/localhost:4567\/api\/auth\/verify-email\?token=[^\s"<]+/)?.[0]
		expect(link).toBeDefined()
		const token = new URL(link!).searchParams.get('token')!
		await auth.api.verifyEmail({ query: { token } })
		const session = await auth.api.signInEmail({ body: { email: 'new@example.test', password: 'blue-anchor-77' } })
		expect(session.user.emailVerified).toBe(true)
	})
})

describe('rate limiter', () => {
	beforeAll(async () => {
		await useTestDb()
	})

	it('counts within the window and limits past the maximum', async () => {
		const limit = { max: 3, windowSeconds: 60 }
		const counts = []
		for (let i = 0; i < 4; i++) counts.push(await hit('k1', limit))
		expect(counts.map((c) => c.count)).toEqual([1, 2, 3, 4])
		expect(counts.map((c) => c.limited)).toEqual([false, false, false, true])
		// Each refusal says when the window ends.
		expect(counts[3]!.retryAfter).toBeGreaterThanOrEqual(1)
		expect(counts[3]!.retryAfter).toBeLessThanOrEqual(60)
		expect((await hit('other', limit)).limited).toBe(false)
	})

	it('starts a new window once the old one has passed', async () => {
		const limit = { max: 1, windowSeconds: 1 }
		await hit('k2', limit)
		expect((await hit('k2', limit)).limited).toBe(true)
		await new Promise((r) => setTimeout(r, 1100))
		expect((await hit('k2', limit)).count).toBe(1)
	})

	it('counts parallel hits exactly once each', async () => {
		const limit = { max: 1000, windowSeconds: 60 }
		const results = await Promise.all(Array.from({ length: 50 }, () => hit('k3', limit)))
		expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
	})
})
