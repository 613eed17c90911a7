import { z } from 'zod'
import { getDbHandle } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { failure, parseBody } from '~/lib/forms.server.ts'

// Test-only: make the embedded database hang for `ms` or die, so a test can watch the app answer 503 and
// recover by itself (tests/e2e/db-faults.spec.ts). 404 unless TEST_DB_FAULTS is set, in every deployment.

const schema = z.object({ kind: z.enum(['hang', 'crash']), ms: z.coerce.number().int().min(0).max(60_000).default(0) })

function enabled() {
	if (!getEnv().TEST_DB_FAULTS) throw new Response('Not Found', { status: 404 })
}

export function loader() {
	enabled()
	return new Response('Method Not Allowed', { status: 405 })
}

export async function action({ request }: { request: Request }) {
	enabled()
	const parsed = await parseBody(request, schema)
	if (!parsed.ok) return failure(parsed.error, parsed.status, parsed.fields)
	const handle = await getDbHandle()
	if (!handle.inject) return failure('errors.badRequest', 400)
	// Not awaited: a hang holds the engine, and this answer must not wait for it.
	void handle.inject(parsed.data.kind, parsed.data.ms)
	return Response.json({ ok: true })
}
