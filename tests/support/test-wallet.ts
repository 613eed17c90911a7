import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { numberToHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/**
 * A browser wallet for Playwright: an EIP-1193 provider injected into the page and announced over
 * EIP-6963, whose every request is answered here, in the test process, by a viem local account.
 * Its key never enters the page. It answers eth_chainId, eth_accounts and the other reads itself,
 * so no test ever reaches a JSON-RPC server.
 *
 * The test decides what the "user" does: approve everything (default), reject the next prompt
 * (code 4001), answer the next chain switch with 4902 (unrecognised chain), or change network.
 */

type Answer = { result?: unknown; error?: { code: number; message: string }; events?: [string, unknown][] }
export type WalletCall = { method: string; params: unknown }

const PROMPTS = new Set(['eth_requestAccounts', 'wallet_requestPermissions', 'personal_sign', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'])
const KNOWN_CHAINS = new Set([1, 11155111])

export class TestWallet {
	readonly privateKey: Hex
	readonly account
	readonly info
	/** Whether this site may read the account (granted by eth_requestAccounts / wallet_requestPermissions). */
	authorized = false
	chainId = 1
	/** Every request the page made, in order. */
	readonly calls: WalletCall[] = []
	private rejections = 0
	private unknownChainOnce = false
	private added = new Set<number>()
	private page: Page | null = null

	constructor(options: { name?: string; rdns?: string; privateKey?: Hex } = {}) {
		this.privateKey = options.privateKey ?? generatePrivateKey()
		this.account = privateKeyToAccount(this.privateKey)
		const name = options.name ?? 'Test Wallet'
		this.info = {
			uuid: randomUUID(),
			name,
			rdns: options.rdns ?? 'dev.learnchain.testwallet',
			icon: `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#7c3aed"/></svg>')}`,
		}
	}

	get address() {
		return this.account.address
	}

	/** The user says no to the next `count` prompts (connect, sign, switch): EIP-1193 code 4001. */
	rejectNext(count = 1) {
		this.rejections += count
	}

	/** The next wallet_switchEthereumChain fails with 4902, as a wallet that does not know the chain yet. */
	unknownChainOnNextSwitch() {
		this.unknownChainOnce = true
	}

	/** The user changes network in the wallet itself. */
	async changeChain(chainId: number) {
		this.chainId = chainId
		await this.emit('chainChanged', numberToHex(chainId))
	}

	requests(method: string) {
		return this.calls.filter((c) => c.method === method)
	}

	/** Inject the provider into every page load of `page` (call before the first goto). */
	async install(page: Page) {
		this.page = page
		const binding = `__testWallet_${this.info.uuid.replace(/-/g, '')}`
		await page.exposeBinding(binding, (_source, method: string, params: unknown) => this.answer(method, params))
		await page.addInitScript(inject, { binding, info: this.info })
	}

	private async emit(event: string, value: unknown) {
		await this.page?.evaluate(([uuid, e, v]) => (window as unknown as Record<string, (e: string, v: unknown) => void>)[`__testWalletEmit_${uuid}`]?.(e, v), [
			this.info.uuid,
			event,
			value,
		] as const)
	}

	private async answer(method: string, params: unknown): Promise<Answer> {
		this.calls.push({ method, params })
		if (PROMPTS.has(method) && this.rejections > 0) {
			this.rejections--
			return { error: { code: 4001, message: 'User rejected the request.' } }
		}
		const accounts = this.authorized ? [this.address] : []
		switch (method) {
			case 'eth_chainId':
				return { result: numberToHex(this.chainId) }
			case 'net_version':
				return { result: String(this.chainId) }
			case 'eth_accounts':
				return { result: accounts }
			case 'eth_requestAccounts':
				this.authorized = true
				return { result: [this.address], events: [['accountsChanged', [this.address]]] }
			case 'wallet_requestPermissions':
				this.authorized = true
				return { result: [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [this.address] }] }] }
			case 'wallet_getPermissions':
				return { result: this.authorized ? [{ parentCapability: 'eth_accounts' }] : [] }
			// Like many wallets, this one cannot revoke: only the app's own "disconnected" flag keeps a
			// manual disconnect from being undone on the next load.
			case 'wallet_revokePermissions':
				return { error: { code: 4200, message: 'The Provider does not support the requested method.' } }
			case 'wallet_switchEthereumChain': {
				const target = Number((params as [{ chainId: string }])[0].chainId)
				if (this.unknownChainOnce && !this.added.has(target)) {
					this.unknownChainOnce = false
					return { error: { code: 4902, message: 'Unrecognized chain ID.' } }
				}
				if (!KNOWN_CHAINS.has(target) && !this.added.has(target)) return { error: { code: 4902, message: 'Unrecognized chain ID.' } }
				this.chainId = target
				return { result: null, events: [['chainChanged', numberToHex(target)]] }
			}
			case 'wallet_addEthereumChain': {
				// Adding a network also switches to it, as MetaMask does.
				const target = Number((params as [{ chainId: string }])[0].chainId)
				this.added.add(target)
				this.chainId = target
				return { result: null, events: [['chainChanged', numberToHex(target)]] }
			}
			case 'personal_sign': {
				const [data, from] = params as [Hex, string]
				if (!this.authorized || from.toLowerCase() !== this.address.toLowerCase()) {
					return { error: { code: 4100, message: 'The requested account has not been authorized by the user.' } }
				}
				return { result: await this.account.signMessage({ message: { raw: data } }) }
			}
			default:
				return { error: { code: 4200, message: `The Provider does not support the requested method: ${method}` } }
		}
	}
}

/** Runs in the page before its scripts: the EIP-1193 provider and its EIP-6963 announcement. */
function inject({ binding, info }: { binding: string; info: { uuid: string; name: string; rdns: string; icon: string } }) {
	type Listener = (value: unknown) => void
	const listeners = new Map<string, Set<Listener>>()
	const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((l) => l(value))
	const call = (
		window as unknown as Record<
			string,
			(m: string, p: unknown) => Promise<{ result?: unknown; error?: { code: number; message: string }; events?: [string, unknown][] }>
		>
	)[binding]!
	const provider = {
		async request({ method, params }: { method: string; params?: unknown }) {
			const answer = await call(method, params ?? [])
			// Events follow the reply, as a real wallet's do.
			if (answer.events) setTimeout(() => answer.events!.forEach(([e, v]) => emit(e, v)), 0)
			if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
			return answer.result
		},
		on(event: string, listener: Listener) {
			if (!listeners.has(event)) listeners.set(event, new Set())
			listeners.get(event)!.add(listener)
			return provider
		},
		removeListener(event: string, listener: Listener) {
			listeners.get(event)?.delete(listener)
			return provider
		},
	}
	;(window as unknown as Record<string, unknown>)[`__testWalletEmit_${info.uuid}`] = emit
	const announce = () =>
		window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }))
	window.addEventListener('eip6963:requestProvider', announce)
	announce()
}
