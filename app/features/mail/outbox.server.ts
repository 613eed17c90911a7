import { getEnv } from '~/lib/env.server.ts'
import { listOutbox } from './mailer.server.ts'

/** The outbox is a local-development tool: it exists only while mail is not really sent. */
export function assertOutboxEnabled() {
	if (!getEnv().outboxEnabled) throw new Response('Not Found', { status: 404 })
}

export async function outboxMessages() {
	const rows = await listOutbox()
	return rows.map((m) => ({
		to: m.to,
		subject: m.subject,
		text: m.text,
		html: m.html,
		links: m.links,
		createdAt: m.createdAt.toISOString(),
	}))
}
