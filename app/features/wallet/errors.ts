// Wallet and RPC errors -> the spec's texts (section 8, "Wallet and RPC"), as i18n keys under
// `wallet.errors`. Pure and free of viem, so it is unit-tested directly and costs nothing to import.
//
// wagmi and viem wrap provider errors (a UserRejectedRequestError around the wallet's { code: 4001 },
// a SwitchChainError around a ChainNotConfiguredError...), so the whole `cause` chain is read.

const byCode: Record<number, string> = {
	4001: 'userRejected',
	// CAIP-25 / EIP-5792 "user rejected": treated as 4001.
	5000: 'userRejected',
	4100: 'unauthorized',
	4200: 'unsupportedMethod',
	4900: 'disconnected',
	4901: 'chainDisconnected',
	// Unrecognised chain: wagmi adds the network and retries; what still reaches the UI is a failed switch.
	4902: 'switchChain',
	[-32002]: 'resourceUnavailable',
	[-32003]: 'transactionRejected',
	[-32004]: 'methodNotSupported',
	[-32005]: 'limitExceeded',
	[-32006]: 'jsonRpcVersion',
	5700: 'unsupportedCapability',
	5710: 'unsupportedChainId',
	5720: 'duplicateId',
	5730: 'unknownBundleId',
	5740: 'bundleTooLarge',
	5750: 'upgradeRejected',
	5760: 'atomicityNotSupported',
}

type ErrorLike = { name?: unknown; message?: unknown; shortMessage?: unknown; code?: unknown; cause?: unknown }

function chain(error: unknown): ErrorLike[] {
	const out: ErrorLike[] = []
	let current: unknown = error
	// Bounded: a cause cycle must not hang the UI.
	while (current && typeof current === 'object' && out.length < 10) {
		out.push(current as ErrorLike)
		current = (current as ErrorLike).cause
	}
	return out
}

function text(e: ErrorLike) {
	return `${typeof e.shortMessage === 'string' ? e.shortMessage : ''} ${typeof e.message === 'string' ? e.message : ''}`
}

/** The `wallet.errors.*` key for any error thrown by wagmi, viem or an EIP-1193 provider. */
export function walletErrorKey(error: unknown): string {
	const links = chain(error)
	const has = (name: string, message: string) => links.some((e) => e.name === name || text(e).includes(message))
	if (has('ChainNotConfiguredError', 'Chain not configured.')) return 'wallet.errors.chainNotConfigured'
	if (links.some((e) => text(e).includes('User rejected switch after adding network.'))) return 'wallet.errors.rejectedSwitchAfterAdd'
	if (has('ProviderNotFoundError', 'Provider not found.')) return 'wallet.errors.providerNotFound'
	if (has('TimeoutError', 'timed out')) return 'wallet.errors.timeout'
	const code = links.map((e) => e.code).find((c): c is number => typeof c === 'number')
	if (code !== undefined && byCode[code]) return `wallet.errors.${byCode[code]}`
	return 'wallet.errors.unknown'
}
