import { submitApplication } from '~/features/applications/submit.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import type { Route } from './+types/applications'

// POST: the application modal's form (multipart or urlencoded). Answers JSON.
export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ ok: false, error: 'errors.methodNotAllowed' }, { status: 405 })
	const result = await submitApplication(request)
	const retry = 'retryAfter' in result ? retryAfterHeader(result.retryAfter) : {}
	return Response.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store', ...retry } })
}

export function loader() {
	return Response.json({ ok: false, error: 'errors.methodNotAllowed' }, { status: 405, headers: { Allow: 'POST' } })
}
