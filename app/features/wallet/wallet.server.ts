import { APIError } from 'better-auth/api'
import { getAuth } from '~/features/auth/auth.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { clientIp, hit, isLimited, limits } from '~/features/security/rate-limit.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import type { WalletChainId } from './chains.ts'
import { createSiweRequest, linkWallet, verifySiwe, walletOwner, type SiwePurpose } from './siwe.server.ts'
import { rethrowFault } from '#db/faults.ts'

// What the wallet routes do, with rate limits and the i18n keys they answer with.

export type WalletResult<T = object> = ({ ok: true } & T) | { ok: false; error: string; status: number }

const failureKey = (request: Request) => `wallet:fail:${clientIp(request)}`

/** The SIWE message for the wallet to sign. Linking needs a signed-in learner; signing in does not. */
export async function requestSignature(
	request: Request,
	userId: string | null,
	input: { purpose: SiwePurpose; address: string; chainId: WalletChainId },
): Promise<WalletResult<{ message: string }>> {
	const { limited } = await hit(`wallet:nonce:${clientIp(request)}`, limits.walletNonce)
	if (limited) return { ok: false, error: 'wallet.errors.tooManyRequests', status: 429 }
	const t = getT(request)
	const app = getEnv().APP_NAME
	const statement = input.purpose === 'link' ? t('wallet.siwe.linkStatement', { app }) : t('wallet.siwe.signInStatement', { app })
	const { message } = await createSiweRequest({ ...input, userId, statement })
	return { ok: true, message }
}

async function refused(request: Request, error: string, status = 401): Promise<WalletResult<never>> {
	await hit(failureKey(request), limits.walletFailures)
	return { ok: false, error, status }
}

/** Link the wallet that signed `message` to the signed-in learner. */
export async function linkSignedWallet(request: Request, userId: string, input: { message: string; signature: string }): Promise<WalletResult> {
	if (await isLimited(failureKey(request), limits.walletFailures)) return { ok: false, error: 'wallet.errors.tooManyRequests', status: 429 }
	const verified = await verifySiwe({ ...input, purpose: 'link', userId })
	if (!verified.ok) return refused(request, `wallet.errors.${verified.error}`, 400)
	const linked = await linkWallet(userId, verified.address, verified.chainId)
	if (!linked.ok) return { ok: false, error: 'wallet.errors.alreadyLinked', status: 409 }
	log.info('wallet linked', { userId, address: verified.address })
	return { ok: true }
}

/** Sign in as the account linked to the wallet that signed `message`; returns the session cookies. */
export async function signInWithWallet(request: Request, input: { message: string; signature: string }): Promise<WalletResult<{ headers: Headers }>> {
	if (await isLimited(failureKey(request), limits.walletFailures)) return { ok: false, error: 'wallet.errors.tooManyRequests', status: 429 }
	const verified = await verifySiwe({ ...input, purpose: 'signin', userId: null })
	if (!verified.ok) return refused(request, `wallet.errors.${verified.error}`)
	const userId = await walletOwner(verified.address)
	if (!userId) return refused(request, 'wallet.errors.notLinked')
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

/** The wallet code posts JSON; plain forms (and the authorization sweep) post form data. Both are read. */
export async function readPayload(request: Request): Promise<Record<string, unknown>> {
	if (request.headers.get('content-type')?.includes('application/json')) {
		const body: unknown = await request.json().catch(() => null)
		return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
	}
	const form = await request.formData().catch(() => null)
	return form ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) : {}
}
