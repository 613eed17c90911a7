import { ChainNotConfiguredError, ProviderNotFoundError } from 'wagmi'
import {
	InternalRpcError,
	LimitExceededRpcError,
	ResourceUnavailableRpcError,
	SwitchChainError,
	TimeoutError,
	UnauthorizedProviderError,
	UnknownRpcError,
	UserRejectedRequestError,
} from 'viem'
import { describe, expect, it } from 'vitest'
import en from '~/locales/en-US.json'
import pt from '~/locales/pt-BR.json'
import { walletErrorKey } from './errors.ts'

/** What an EIP-1193 wallet throws: a plain object with a numeric code. */
const rpc = (code: number, message = 'wallet said no') => Object.assign(new Error(message), { code })

function text(messages: Record<string, unknown>, key: string) {
	return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)
}

describe('walletErrorKey', () => {
	it.each([
		[4001, 'userRejected'],
		[5000, 'userRejected'],
		[4100, 'unauthorized'],
		[4200, 'unsupportedMethod'],
		[4900, 'disconnected'],
		[4901, 'chainDisconnected'],
		[4902, 'switchChain'],
		[-32002, 'resourceUnavailable'],
		[-32003, 'transactionRejected'],
		[-32004, 'methodNotSupported'],
		[-32005, 'limitExceeded'],
		[-32006, 'jsonRpcVersion'],
		[5700, 'unsupportedCapability'],
		[5710, 'unsupportedChainId'],
		[5720, 'duplicateId'],
		[5730, 'unknownBundleId'],
		[5740, 'bundleTooLarge'],
		[5750, 'upgradeRejected'],
		[5760, 'atomicityNotSupported'],
	])('maps provider code %i to %s', (code, key) => {
		expect(walletErrorKey(rpc(code))).toBe(`wallet.errors.${key}`)
	})

	it('maps any other code, and errors without one, to the unknown RPC error', () => {
		expect(walletErrorKey(rpc(-32603))).toBe('wallet.errors.unknown')
		expect(walletErrorKey(rpc(1234))).toBe('wallet.errors.unknown')
		expect(walletErrorKey(new Error('boom'))).toBe('wallet.errors.unknown')
		expect(walletErrorKey('not even an error')).toBe('wallet.errors.unknown')
		expect(walletErrorKey(undefined)).toBe('wallet.errors.unknown')
		expect(walletErrorKey(new UnknownRpcError(new Error('x')))).toBe('wallet.errors.unknown')
		expect(walletErrorKey(new InternalRpcError(new Error('x')))).toBe('wallet.errors.unknown')
	})

	it('reads through viem and wagmi wrappers', () => {
		expect(walletErrorKey(new UserRejectedRequestError(rpc(4001)))).toBe('wallet.errors.userRejected')
		expect(walletErrorKey(new UnauthorizedProviderError(rpc(4100)))).toBe('wallet.errors.unauthorized')
		expect(walletErrorKey(new ResourceUnavailableRpcError(rpc(-32002)))).toBe('wallet.errors.resourceUnavailable')
		expect(walletErrorKey(new LimitExceededRpcError(rpc(-32005)))).toBe('wallet.errors.limitExceeded')
		// A switch the wallet refused for another reason (the connector wraps it in SwitchChainError).
		expect(walletErrorKey(new SwitchChainError(rpc(-32603)))).toBe('wallet.errors.switchChain')
	})

	it('names the spec messages that have no code of their own', () => {
		expect(walletErrorKey(new ProviderNotFoundError())).toBe('wallet.errors.providerNotFound')
		expect(walletErrorKey(new ChainNotConfiguredError())).toBe('wallet.errors.chainNotConfigured')
		// The injected connector refuses an unconfigured chain as SwitchChainError(ChainNotConfiguredError).
		expect(walletErrorKey(new SwitchChainError(new ChainNotConfiguredError()))).toBe('wallet.errors.chainNotConfigured')
		// Added the network, then said no to switching: a 4001 whose cause says so.
		expect(walletErrorKey(new UserRejectedRequestError(new Error('User rejected switch after adding network.')))).toBe('wallet.errors.rejectedSwitchAfterAdd')
		expect(walletErrorKey(new TimeoutError({ body: {}, url: 'http://127.0.0.1:1' }))).toBe('wallet.errors.timeout')
	})

	it('survives a cause cycle', () => {
		const a: { code?: number; cause?: unknown } = {}
		a.cause = a
		expect(walletErrorKey(a)).toBe('wallet.errors.unknown')
	})

	it('has the spec text for every key, in both languages', () => {
		const keys = new Set(
			[4001, 4100, 4200, 4900, 4901, 4902, -32002, -32003, -32004, -32005, -32006, 5700, 5710, 5720, 5730, 5740, 5750, 5760, 1].map((c) =>
				walletErrorKey(rpc(c)),
			),
		)
		for (const k of ['providerNotFound', 'chainNotConfigured', 'rejectedSwitchAfterAdd', 'timeout']) keys.add(`wallet.errors.${k}`)
		for (const key of keys) {
			expect(typeof text(en, key), key).toBe('string')
			expect(typeof text(pt, key), key).toBe('string')
		}
		expect(text(en, 'wallet.errors.userRejected')).toBe('User rejected the request.')
		expect(text(en, 'wallet.errors.providerNotFound')).toBe('Provider not found.')
		expect(text(en, 'wallet.errors.unknown')).toBe('An unknown RPC error occurred.')
		expect(text(en, 'wallet.errors.switchChain')).toBe('An error occurred when attempting to switch chain.')
		expect(text(en, 'wallet.errors.chainNotConfigured')).toBe('Chain not configured.')
		expect(text(en, 'wallet.errors.rejectedSwitchAfterAdd')).toBe('User rejected switch after adding network.')
	})
})
