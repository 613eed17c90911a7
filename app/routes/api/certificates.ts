import { data } from 'react-router'
import { z } from 'zod'
import { requireUser } from '~/features/auth/session.server.ts'
import { issueCertificateIfComplete } from '~/features/certificates/certificates.server.ts'
import type { Route } from './+types/certificates'

// POST intent=issue&pathId=...: the certificate of a path the learner completed before certificates
// existed (or whose issue failed); new completions issue it by themselves.
const issueSchema = z.object({ intent: z.literal('issue'), pathId: z.uuid() })

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = issueSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())))
	if (!parsed.success) return data({ ok: false as const, error: 'certificate.errors.invalidRequest' }, { status: 400 })
	const issued = await issueCertificateIfComplete(user.id, parsed.data.pathId)
	if (!issued) return data({ ok: false as const, error: 'certificate.errors.notComplete' }, { status: 409 })
	return { ok: true as const, id: issued.id }
}

export function loader() {
	return data({ error: 'Method Not Allowed' }, { status: 405 })
}
