import { requireLocalOrAdmin } from '~/features/auth/session.server.ts'
import { outboxMessages } from '~/features/mail/outbox.server.ts'
import type { Route } from './+types/mailbox-json'

export async function loader({ request }: Route.LoaderArgs) {
	await requireLocalOrAdmin(request)
	return Response.json(await outboxMessages(), { headers: { 'Cache-Control': 'no-store' } })
}
