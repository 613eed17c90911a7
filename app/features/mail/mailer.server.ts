import { desc } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { outboxEmails } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'

export type Mail = { to: string; subject: string; text: string; html: string }

let transport: Transporter | undefined

// When the last delivery failed (the SMTP server refuses or is away), and when. A password reset asked for
// meanwhile is answered 'Failed to send reset email' at once instead of 'Check your email' for a mail that
// cannot leave; after FAILING_FOR_MS the next request tries again. Global, so it says nothing about accounts.
const FAILING_FOR_MS = 60_000
let lastFailure: number | undefined

export function mailDeliveryFailing(now = Date.now()) {
	return lastFailure !== undefined && now - lastFailure < FAILING_FOR_MS
}

function extractLinks(text: string) {
	return [...new Set(text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])]
}

/** Send through SMTP when SMTP_URL is set, else keep the message in the local outbox. */
export async function sendMail(mail: Mail) {
	try {
		await deliver(mail)
		lastFailure = undefined
	} catch (error) {
		lastFailure = Date.now()
		throw error
	}
}

async function deliver(mail: Mail) {
	const env = getEnv()
	if (env.SMTP_URL) {
		transport ??= nodemailer.createTransport(env.SMTP_URL)
		await transport.sendMail({
			from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@localhost>`,
			to: mail.to,
			subject: mail.subject,
			text: mail.text,
			html: mail.html,
		})
		return
	}
	const db = await getDb()
	await db.insert(outboxEmails).values({ ...mail, links: extractLinks(mail.text) })
}

export async function listOutbox(limit = 100) {
	const db = await getDb()
	return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit)
}

/** Test hook: forget the cached transport after SMTP_URL changes. */
export function resetMailTransport() {
	transport = undefined
	lastFailure = undefined
}
