import { z } from 'zod'
import { requireUser } from '~/features/auth/session.server.ts'
import { issueCertificateIfComplete } from '~/features/certificates/certificates.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/certificates'

// POST intent=issue&pathId=...: the certificate of a path the learner completed before certificates
// existed (or whose issue failed); new completions issue it by themselves.
const issueSchema = z.object({ intent: z.literal('issue'), pathId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, issueSchema, { fallback: 'certificate.errors.invalidRequest' })
	if (!parsed.ok) return refused(parsed)
	const issued = await issueCertificateIfComplete(user.id, parsed.data.pathId)
	if (!issued) return failure('certificate.errors.notComplete', 409)
	return { ok: true as const, id: issued.id }
}

export function loader() {
	return failure('errors.methodNotAllowed', 405)
}
