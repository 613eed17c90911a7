import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user } from '#db/schema.ts'
import { getAuth } from '~/features/auth/auth.server.ts'
import { resetMailTransport } from '~/features/mail/mailer.server.ts'
import { backgroundSettled } from '~/lib/background.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { action as forgotAction } from '~/routes/auth/forgot-password.tsx'
import { postForm } from '#tests/support/actions.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

/**
 * Forgot-password must not tell, by how long it takes, whether an address has an account (issue 16,
 * point 6). The mail server here takes 200 ms per message, as a real one far away might; the answer for
 * a registered address must not wait for it. Measured as a ratio of medians over interleaved requests,
 * so the machine's speed does not matter; awaiting the mail would make it about 20 or more.
 */

const APP = 'http://localhost:4574'
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

describe('forgot-password timing', () => {
	let h: DbHandle
	let smtp: Awaited<ReturnType<typeof startSmtpServer>>
	const known = { email: 'timed@example.test', password: 'blue-anchor-timed-77' }

	beforeAll(async () => {
		smtp = await startSmtpServer({ delayMs: 200 })
		process.env.APP_URL = APP
		process.env.SMTP_URL = smtp.url
		h = await useTestDb()
		resetMailTransport()
		const auth = await getAuth()
		await auth.api.signUpEmail({ body: { ...known, name: '' } })
		await h.db.update(user).set({ emailVerified: true }).where(eq(user.email, known.email))
		await backgroundSettled()
		smtp.received.length = 0
	})
	afterAll(async () => {
		await backgroundSettled()
		delete process.env.APP_URL
		delete process.env.SMTP_URL
		resetEnvForTests()
		resetMailTransport()
		await smtp.close()
		await h.close()
	})

	it('answers as fast for a registered address as for an unknown one, and mails only the registered one', async () => {
		const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
		for (let i = 0; i < 30; i++) {
			const kind = i % 2 ? 'known' : 'unknown'
			const email = kind === 'known' ? known.email : `nobody-${i}@example.test`
			const started = performance.now()
			const r = await postForm(forgotAction, `${APP}/forgot-password`, { email }, { ip: `203.0.113.${i + 1}` })
			times[kind].push(performance.now() - started)
			expect(r).toMatchObject({ status: 200, data: { success: 'auth.forgot.sent' } })
		}
		const ratio = median(times.known) / median(times.unknown)
		expect(ratio, `median ${median(times.known).toFixed(1)} ms (registered) / ${median(times.unknown).toFixed(1)} ms (unknown)`).toBeLessThan(3)
		await backgroundSettled()
		expect(smtp.received.map((m) => m.to).flat()).toEqual(Array(15).fill(known.email))
	})
})
