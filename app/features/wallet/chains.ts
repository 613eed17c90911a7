// The wallet's networks and transport settings (spec sections 3 and 9). Pure data: the server (SIWE
// checks) and the lazily loaded wallet code both read it, and importing it pulls in no viem.

export const MAINNET_ID = 1
export const SEPOLIA_ID = 11155111
export const walletChainIds = [MAINNET_ID, SEPOLIA_ID] as const
export type WalletChainId = (typeof walletChainIds)[number]

/** Chain id -> public JSON-RPC URL, from RPC_URL_MAINNET / RPC_URL_SEPOLIA (root loader's env). */
export type RpcUrls = Record<WalletChainId, string>

export function isWalletChain(chainId: unknown): chainId is WalletChainId {
	return typeof chainId === 'number' && (walletChainIds as readonly number[]).includes(chainId)
}

/** Display names; the same in every language (they are network names). */
export const chainNames: Record<WalletChainId, string> = { [MAINNET_ID]: 'Ethereum', [SEPOLIA_ID]: 'Sepolia' }

/** HTTP transport: 10 s timeout, 3 retries from 150 ms doubling, JSON-RPC batches of up to 1000 sent at once. */
export const transportSettings = {
	timeout: 10_000,
	retryCount: 3,
	retryDelay: 150,
	batch: { batchSize: 1000, wait: 0 },
} as const

/** Half the block time, clamped to 500-4000 ms (mainnet's 12 s blocks: 4000 ms). */
export function pollingInterval(blockTimeMs: number | undefined) {
	if (!blockTimeMs) return 4000
	return Math.min(4000, Math.max(500, Math.floor(blockTimeMs / 2)))
}

/** 0x1234…abcd */
export function shortAddress(address: string) {
	return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
