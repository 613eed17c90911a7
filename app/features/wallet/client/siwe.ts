import type { Address } from 'viem'
import { walletErrorKey } from '../errors.ts'

// The browser side of Sign-In with Ethereum: ask the server for the message, have the wallet sign it,
// post message and signature back. The server decides everything; this only carries bytes.

/** The server said no: `key` is the i18n key it answered with. */
export class ServerRefusal extends Error {
	constructor(readonly key: string) {
		super(key)
		this.name = 'ServerRefusal'
	}
}

type Reply = { ok?: boolean; error?: string; message?: string; redirectTo?: string }

export async function postJson(url: string, body: unknown): Promise<Reply> {
	let res: Response
	try {
		res = await fetch(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body: JSON.stringify(body),
			credentials: 'same-origin',
		})
	} catch {
		throw new ServerRefusal('wallet.errors.network')
	}
	const reply = (await res.json().catch(() => ({}))) as Reply
	if (!res.ok || !reply.ok) throw new ServerRefusal(reply.error ?? 'wallet.errors.failed')
	return reply
}

export type SignMessage = (args: { message: string; account: Address }) => Promise<`0x${string}`>

/** Nonce, message and signature for `purpose`, signed by `address` on `chainId`. */
export async function signSiwe(purpose: 'link' | 'signin', address: Address, chainId: number, signMessage: SignMessage) {
	const { message } = await postJson('/resources/wallet/nonce', { purpose, address, chainId })
	if (!message) throw new ServerRefusal('wallet.errors.failed')
	const signature = await signMessage({ message, account: address })
	return { message, signature }
}

/** i18n key for anything the flow can throw: the server's own key, or the wallet error catalogue. */
export function flowErrorKey(err: unknown) {
	return err instanceof ServerRefusal ? err.key : walletErrorKey(err)
}
