import { APIError } from 'better-auth/api'
import { getAuth } from '~/features/auth/auth.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { clientIp, hit, reserve } from '~/features/security/rate-limit.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import type { WalletChainId } from './chains.ts'
import { createSiweRequest, verifySiwe, type SiwePurpose } from './siwe.server.ts'
import { linkWallet, walletOwner } from './wallets.server.ts'
import { rethrowFault } from '#db/faults.ts'

// What the wallet routes do, with rate limits and the i18n keys they answer with.

export type WalletResult<T = object> = ({ ok: true } & T) | { ok: false; error: string; status: number; retryAfter?: number }

const tooMany = (retryAfter: number) => ({ ok: false as const, error: 'wallet.errors.tooManyRequests', status: 429, retryAfter })

/** The SIWE message for the wallet to sign. Linking needs a signed-in learner; signing in does not. */
export async function requestSignature(
	request: Request,
	userId: string | null,
	input: { purpose: SiwePurpose; address: string; chainId: WalletChainId },
): Promise<WalletResult<{ message: string }>> {
	const rate = await hit('walletNonce', clientIp(request))
	if (rate.limited) return tooMany(rate.retryAfter)
	const t = getT(request)
	const app = getEnv().APP_NAME
	const statement = input.purpose === 'link' ? t('wallet.siwe.linkStatement', { app }) : t('wallet.siwe.signInStatement', { app })
	const { message } = await createSiweRequest({ ...input, userId, statement })
	return { ok: true, message }
}

/**
 * Link the wallet that signed `message` to the signed-in learner. A bad signature counts against the
 * address, counted before checking (so parallel tries cannot pass the limit) and taken back on success.
 */
export async function linkSignedWallet(request: Request, userId: string, input: { message: string; signature: string }): Promise<WalletResult> {
	const attempt = await reserve([['walletFailures', clientIp(request)]])
	if (attempt.limited) return tooMany(attempt.retryAfter)
	const verified = await verifySiwe({ ...input, purpose: 'link', userId })
	await attempt.settle(!verified.ok)
	if (!verified.ok) return { ok: false, error: `wallet.errors.${verified.error}`, status: 400 }
	const linked = await linkWallet(userId, verified.address, verified.chainId)
	if (!linked.ok) return { ok: false, error: 'wallet.errors.alreadyLinked', status: 409 }
	log.info('wallet linked', { userId, address: verified.address })
	return { ok: true }
}

/** Sign in as the account linked to the wallet that signed `message`; returns the session cookies. */
export async function signInWithWallet(request: Request, input: { message: string; signature: string }): Promise<WalletResult<{ headers: Headers }>> {
	const attempt = await reserve([['walletFailures', clientIp(request)]])
	if (attempt.limited) return tooMany(attempt.retryAfter)
	const verified = await verifySiwe({ ...input, purpose: 'signin', userId: null })
	const userId = verified.ok ? await walletOwner(verified.address) : null
	await attempt.settle(!userId)
	if (!verified.ok) return { ok: false, error: `wallet.errors.${verified.error}`, status: 401 }
	if (!userId) return { ok: false, error: 'wallet.errors.notLinked', status: 401 }
	try {
		const auth = await getAuth()
		const { headers } = await auth.api.createWalletSession({ body: { userId }, headers: request.headers, returnHeaders: true })
		const cookies = new Headers()
		for (const c of headers.getSetCookie()) cookies.append('Set-Cookie', c)
		log.info('wallet sign-in', { userId })
		return { ok: true, headers: cookies }
	} catch (err) {
		rethrowFault(err)
		const code = err instanceof APIError ? String((err.body as { code?: string } | undefined)?.code ?? err.status) : 'UNKNOWN'
		if (code === 'BANNED_USER') return { ok: false, error: 'auth.errors.banned', status: 403 }
		log.error('wallet sign-in failed', { code })
		return { ok: false, error: 'wallet.errors.failed', status: 500 }
	}
}
