import { data } from 'react-router'
import { retryAfterHeader } from '~/features/security/rate-limit.server.ts'
import { signedMessageSchema } from '~/features/wallet/schemas.ts'
import { signInWithWallet } from '~/features/wallet/wallet.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import type { Route } from './+types/wallet-sign-in'

// POST { message, signature, redirectTo? }: 'Continue with Ethereum'. Sets the session cookie of the
// account the signing wallet is linked to; the browser then goes to `redirectTo`.
export async function action({ request }: Route.ActionArgs) {
	// Login CSRF: another site must not post its own signed message and sign the visitor into that account.
	const origin = request.headers.get('origin')
	if (origin && origin !== new URL(getEnv().APP_URL).origin) return failure('wallet.errors.invalidRequest', 403)
	const parsed = await parseBody(request, signedMessageSchema, { kind: 'json' })
	if (!parsed.ok) return refused(parsed)
	const result = await signInWithWallet(request, parsed.data)
	if (!result.ok) return failure(result.error, result.status, undefined, retryAfterHeader(result.retryAfter))
	return data({ ok: true as const, redirectTo: safeRedirect(parsed.data.redirectTo) }, { headers: result.headers })
}

export function loader() {
	return failure('errors.methodNotAllowed', 405)
}
