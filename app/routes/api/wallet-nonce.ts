import { data } from 'react-router'
import { requireUser } from '~/features/auth/session.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { nonceRequestSchema } from '~/features/wallet/schemas.ts'
import { requestSignature } from '~/features/wallet/wallet.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/wallet-nonce'

// POST { purpose: 'link' | 'signin', address, chainId } -> { message }: the SIWE message to sign.
export async function action({ request }: Route.ActionArgs) {
	const parsed = await parseBody(request, nonceRequestSchema, { kind: 'json' })
	if (!parsed.ok) return refused(parsed)
	// Linking is for the signed-in learner (401 otherwise); signing in is for anyone.
	const userId = parsed.data.purpose === 'link' ? (await requireUser(request)).id : null
	const result = await requestSignature(request, userId, parsed.data)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter))
	return data({ ok: true as const, message: result.message }, { headers: { 'Cache-Control': 'no-store' } })
}

export function loader() {
	return failure('errors.methodNotAllowed', 405)
}
