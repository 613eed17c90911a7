import { QueryClient } from '@tanstack/react-query'
import { defineChain, http } from 'viem'
import { mainnet, sepolia } from 'viem/chains'
import { createConfig, type CreateConnectorFn } from 'wagmi'
import { reconnect } from 'wagmi/actions'
import { MAINNET_ID, pollingInterval, SEPOLIA_ID, transportSettings, type RpcUrls } from '../chains.ts'

// One wagmi config per tab, shared by every wallet control on the page (the account menu, the profile
// card, the login button), so they all see the same connection.

function withRpc<C extends typeof mainnet | typeof sepolia>(chain: C, url: string) {
	// The configured URL also goes to the wallet when it must add the network (wallet_addEthereumChain).
	return defineChain({ ...chain, rpcUrls: { default: { http: [url] } } })
}

function create(rpc: RpcUrls) {
	const chains = [withRpc(mainnet, rpc[MAINNET_ID]), withRpc(sepolia, rpc[SEPOLIA_ID])] as const
	const config = createConfig({
		chains,
		// Only the wallets the browser announces (EIP-6963); each becomes an injected connector keyed by its rdns.
		connectors: [] as CreateConnectorFn[],
		multiInjectedProviderDiscovery: true,
		transports: {
			[MAINNET_ID]: http(rpc[MAINNET_ID], transportSettings),
			[SEPOLIA_ID]: http(rpc[SEPOLIA_ID], transportSettings),
		},
		pollingInterval: { [MAINNET_ID]: pollingInterval(mainnet.blockTime), [SEPOLIA_ID]: pollingInterval(sepolia.blockTime) },
		batch: { multicall: true },
	})
	// Reconnect once per tab: wagmi tries the most recently used wallet first and skips one the learner
	// disconnected by hand (its '<id>.disconnected' flag).
	void reconnect(config)
	return config
}

export type WalletConfig = ReturnType<typeof create>

let config: WalletConfig | undefined
export function walletConfig(rpc: RpcUrls): WalletConfig {
	config ??= create(rpc)
	return config
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })

declare module 'wagmi' {
	interface Register {
		config: WalletConfig
	}
}
