import { useEffect, useSyncExternalStore } from 'react'
import { toast } from '~/components/ui/toast'
import type * as WalletApp from './client/wallet-app.tsx'

// The doorway to the wallet code. wagmi, viem and react-query are ~100 KB of gzip that most visits never
// use, so they live in one chunk (client/wallet-app.tsx) imported only from here: when the learner clicks
// a wallet control, or when a previous visit left a wallet connected (then it must reconnect on load).
// This file itself imports nothing from them.

export type WalletModule = typeof WalletApp

let pending: Promise<WalletModule> | null = null
let loaded: WalletModule | null = null
let dialogOpen = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
const subscribe = (listener: () => void) => {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

export function loadWallet(): Promise<WalletModule> {
	pending ??= import('./client/wallet-app.tsx').then(
		(m) => {
			loaded = m
			emit()
			return m
		},
		(err: unknown) => {
			// A failed download (offline, new deploy) may be retried by the next click.
			pending = null
			throw err
		},
	)
	return pending
}

/** wagmi's persisted store (localStorage 'wagmi.store') still names a current connection. */
function hasRememberedConnection(): boolean {
	try {
		const raw = localStorage.getItem('wagmi.store')
		const state = raw ? (JSON.parse(raw) as { state?: { current?: string | null } }).state : undefined
		return Boolean(state?.current)
	} catch {
		return false
	}
}

/** The wallet module once loaded (null before, and always during server rendering). */
export function useWalletModule(): WalletModule | null {
	const mod = useSyncExternalStore(
		subscribe,
		() => loaded,
		() => null,
	)
	useEffect(() => {
		if (!loaded && hasRememberedConnection()) loadWallet().catch(() => {})
	}, [])
	return mod
}

/** The connect dialog is one per page (hosted by the account menu); any wallet control may open it. */
export async function openWalletDialog(): Promise<void> {
	dialogOpen = true
	emit()
	try {
		await loadWallet()
	} catch (err) {
		dialogOpen = false
		emit()
		throw err
	}
}

export function useWalletDialog(): [open: boolean, setOpen: (open: boolean) => void] {
	const open = useSyncExternalStore(
		subscribe,
		() => dialogOpen,
		() => false,
	)
	return [
		open,
		(next: boolean) => {
			dialogOpen = next
			emit()
		},
	]
}

/** The rare failed download of the wallet code, as a toast (toast.ts loads the toast library itself, on demand). */
export function reportLoadFailure(message: string) {
	toast.error(message)
}
