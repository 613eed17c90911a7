import { requireUser } from '~/features/auth/session.server.ts'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { walletIntentSchema } from '~/features/wallet/schemas.ts'
import { unlinkWallet } from '~/features/wallet/wallets.server.ts'
import { linkSignedWallet } from '~/features/wallet/wallet.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/wallet'

// The signed-in learner's linked wallets: intent 'link' (with a signed SIWE message) or 'unlink'.
// The wallet code posts JSON; plain forms (and the authorization sweep) post form data. Both are read.
export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, walletIntentSchema, { kind: 'json' })
	if (!parsed.ok) return refused(parsed)
	if (parsed.data.intent === 'unlink') {
		const removed = await unlinkWallet(user.id, parsed.data.address)
		if (!removed) return failure('wallet.errors.notFound', 404)
		return { ok: true as const, intent: 'unlink' as const }
	}
	const result = await linkSignedWallet(request, user.id, parsed.data)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter))
	return { ok: true as const, intent: 'link' as const }
}

export function loader() {
	return failure('errors.methodNotAllowed', 405)
}
