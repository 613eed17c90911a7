import { eq } from 'drizzle-orm'
import { getAddress, isAddress, isAddressEqual, verifyMessage, type Address, type Hex } from 'viem'
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { verification } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { isWalletChain, type WalletChainId } from './chains.ts'

// Sign-In with Ethereum (ERC-4361). The server writes the whole message (domain and URI from APP_URL,
// the chain, a single-use nonce, a 10-minute expiry), the wallet signs it, and the server checks every
// field and the signature before it links the address or signs the learner in.
//
// Nonces live in Better Auth's `verification` table (identifier `siwe:<nonce>`), with the purpose, the
// address and, for linking, the account they were issued to. They are deleted on first use, so a
// replayed message is refused whatever else it gets right.

export type SiwePurpose = 'link' | 'signin'
export const NONCE_TTL_MS = 10 * 60 * 1000

type NonceRecord = { purpose: SiwePurpose; address: Address; userId: string | null }

function site() {
	const url = new URL(getEnv().APP_URL)
	return { domain: url.host, origin: url.origin, scheme: url.protocol.replace(':', '') }
}

/** Issue a nonce and the message the wallet must sign. */
export async function createSiweRequest(input: {
	purpose: SiwePurpose
	address: string
	chainId: WalletChainId
	userId: string | null
	statement: string
	now?: Date
}): Promise<{ message: string; nonce: string }> {
	const now = input.now ?? new Date()
	const address = getAddress(input.address)
	const nonce = generateSiweNonce()
	const expiresAt = new Date(now.getTime() + NONCE_TTL_MS)
	const record: NonceRecord = { purpose: input.purpose, address, userId: input.userId }
	const db = await getDb()
	await db.insert(verification).values({ identifier: `siwe:${nonce}`, value: JSON.stringify(record), expiresAt })
	const { domain, origin, scheme } = site()
	const message = createSiweMessage({
		domain,
		scheme,
		address,
		statement: input.statement,
		uri: origin,
		version: '1',
		chainId: input.chainId,
		nonce,
		issuedAt: now,
		expirationTime: expiresAt,
	})
	return { message, nonce }
}

export type SiweError = 'invalidMessage' | 'nonceInvalid' | 'expired' | 'wrongDomain' | 'wrongAddress' | 'wrongChain' | 'badSignature'

export type SiweResult = { ok: true; address: Address; chainId: WalletChainId } | { ok: false; error: SiweError }

/** Take the nonce out of the table (one winner, even under parallel replays). */
async function consumeNonce(nonce: string) {
	const db = await getDb()
	const [row] = await db
		.delete(verification)
		.where(eq(verification.identifier, `siwe:${nonce}`))
		.returning({ value: verification.value, expiresAt: verification.expiresAt })
	if (!row) return null
	try {
		return { record: JSON.parse(row.value) as NonceRecord, expiresAt: new Date(row.expiresAt) }
	} catch {
		return null
	}
}

/**
 * Check a signed SIWE message for `purpose` (and, for linking, for the signed-in `userId`).
 * The nonce is spent by the first attempt, successful or not.
 */
export async function verifySiwe(input: { message: string; signature: string; purpose: SiwePurpose; userId: string | null; now?: Date }): Promise<SiweResult> {
	const now = input.now ?? new Date()
	let parsed: ReturnType<typeof parseSiweMessage>
	try {
		parsed = parseSiweMessage(input.message)
	} catch {
		return { ok: false, error: 'invalidMessage' }
	}
	if (!parsed.nonce || !parsed.address || !isAddress(parsed.address, { strict: false })) return { ok: false, error: 'invalidMessage' }
	if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) return { ok: false, error: 'badSignature' }

	const spent = await consumeNonce(parsed.nonce)
	// Never issued, already used, or issued for the other flow or another account: all one answer.
	if (!spent || spent.record.purpose !== input.purpose) return { ok: false, error: 'nonceInvalid' }
	if (input.purpose === 'link' && spent.record.userId !== input.userId) return { ok: false, error: 'nonceInvalid' }
	if (spent.expiresAt.getTime() <= now.getTime()) return { ok: false, error: 'expired' }

	const { domain, origin, scheme } = site()
	if (parsed.domain !== domain || !parsed.uri || safeOrigin(parsed.uri) !== origin) return { ok: false, error: 'wrongDomain' }
	if (!isWalletChain(parsed.chainId)) return { ok: false, error: 'wrongChain' }
	if (!isAddressEqual(parsed.address, spent.record.address)) return { ok: false, error: 'wrongAddress' }
	if (!parsed.expirationTime) return { ok: false, error: 'invalidMessage' }
	if (!validateSiweMessage({ message: parsed, domain, nonce: parsed.nonce, scheme: parsed.scheme ? scheme : undefined, time: now })) {
		const late = parsed.expirationTime.getTime() <= now.getTime() || (parsed.notBefore && parsed.notBefore.getTime() > now.getTime())
		return { ok: false, error: late ? 'expired' : 'invalidMessage' }
	}

	// Plain ECDSA recovery (EOA wallets): no RPC call from the server. Smart-contract wallets (ERC-1271)
	// would need an eth_call to their chain and are not supported.
	const valid = await verifyMessage({ address: parsed.address, message: input.message, signature: input.signature as Hex }).catch(() => false)
	if (!valid) return { ok: false, error: 'badSignature' }
	return { ok: true, address: getAddress(parsed.address), chainId: parsed.chainId }
}

function safeOrigin(uri: string) {
	try {
		return new URL(uri).origin
	} catch {
		return null
	}
}
