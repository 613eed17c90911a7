import { assertOutboxEnabled, outboxMessages } from '~/features/mail/outbox.server.ts'

export async function loader() {
	assertOutboxEnabled()
	return Response.json(await outboxMessages(), { headers: { 'Cache-Control': 'no-store' } })
}
