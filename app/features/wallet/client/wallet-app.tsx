import { QueryClientProvider } from '@tanstack/react-query'
import { Link2, Loader2, LogOut, RefreshCw, Wallet } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { toast } from '~/components/ui/toast'
import { useConnect, useConnection, useConnectors, useDisconnect, useSignMessage, useSwitchChain, WagmiContext } from 'wagmi'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { useTranslation } from '~/features/i18n/react.tsx'
import { chainNames, isWalletChain, shortAddress, walletChainIds, type RpcUrls } from '../chains.ts'
import { walletErrorKey } from '../errors.ts'
import { openWalletDialog } from '../loader.ts'
import { queryClient, walletConfig } from './config.ts'
import { flowErrorKey, postJson, signSiwe } from './siwe.ts'

// Everything that needs wagmi, viem or react-query. Only features/wallet/loader.ts imports this file
// (dynamically), so it and its dependencies form one chunk that no page downloads up front.

function Root({ rpcUrls, children }: { rpcUrls: RpcUrls; children: React.ReactNode }) {
	// WagmiProvider would reconnect on every mount; the shared config reconnects once (config.ts).
	return (
		<WagmiContext.Provider value={walletConfig(rpcUrls)}>
			<QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
		</WagmiContext.Provider>
	)
}

function useToastError() {
	const { t } = useTranslation()
	return (key: string) => toast.error(t(key))
}

function chainLabel(t: (k: string, o?: Record<string, unknown>) => string, chainId: number | undefined) {
	if (chainId === undefined) return ''
	return isWalletChain(chainId) ? chainNames[chainId] : t('wallet.unsupportedChain', { chainId })
}

/** The wallets the browser announced (EIP-6963), one button each. */
function WalletPicker() {
	const { t } = useTranslation()
	const connectors = useConnectors()
	const connect = useConnect()
	const showError = useToastError()
	const pendingUid = connect.isPending ? (connect.variables?.connector as { uid?: string } | undefined)?.uid : undefined
	if (connectors.length === 0) {
		return (
			<p className="text-muted-foreground text-sm" data-testid="wallet-none">
				{t('wallet.noWallets')}
			</p>
		)
	}
	return (
		<ul className="grid gap-2" aria-label={t('wallet.pickerTitle')}>
			{connectors.map((c) => (
				<li key={c.uid}>
					<Button
						variant="outline"
						className="w-full justify-start gap-3"
						disabled={connect.isPending}
						onClick={() => connect.mutateAsync({ connector: c }).catch((err: unknown) => showError(walletErrorKey(err)))}
					>
						{c.icon ? <img src={c.icon} alt="" className="size-5" /> : <Wallet aria-hidden />}
						{pendingUid === c.uid ? t('wallet.connecting') : c.name}
					</Button>
				</li>
			))}
		</ul>
	)
}

/** Address, network, switch to the other configured network, disconnect. */
function ConnectionSummary() {
	const { t } = useTranslation()
	const connection = useConnection()
	const switchChain = useSwitchChain()
	const disconnect = useDisconnect()
	const showError = useToastError()
	if (!connection.address) return null
	const others = walletChainIds.filter((id) => id !== connection.chainId)
	return (
		<div className="grid gap-3" data-testid="wallet-connection">
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
				<dt className="text-muted-foreground">{t('wallet.address')}</dt>
				<dd className="font-mono" title={connection.address} data-testid="wallet-address">
					{shortAddress(connection.address)}
				</dd>
				<dt className="text-muted-foreground">{t('wallet.network')}</dt>
				<dd data-testid="wallet-chain">{chainLabel(t, connection.chainId)}</dd>
			</dl>
			<div className="flex flex-wrap gap-2">
				{others.map((id) => (
					<Button
						key={id}
						variant="outline"
						size="sm"
						disabled={switchChain.isPending}
						onClick={() => switchChain.mutateAsync({ chainId: id }).catch((err: unknown) => showError(walletErrorKey(err)))}
					>
						<RefreshCw aria-hidden />
						{switchChain.isPending && switchChain.variables?.chainId === id ? t('wallet.switching') : t('wallet.switchTo', { chain: chainNames[id] })}
					</Button>
				))}
				<Button
					variant="outline"
					size="sm"
					disabled={disconnect.isPending}
					onClick={() =>
						disconnect
							.mutateAsync({})
							.then(() => toast.success(t('wallet.disconnected')))
							.catch((err: unknown) => showError(walletErrorKey(err)))
					}
				>
					<LogOut aria-hidden />
					{t('wallet.disconnect')}
				</Button>
			</div>
		</div>
	)
}

/** For the account menu: the connected wallet in a few characters, or `fallback` ('Connect Wallet'). */
export function WalletMenuLabel({ rpcUrls, fallback }: { rpcUrls: RpcUrls; fallback: string }) {
	return (
		<Root rpcUrls={rpcUrls}>
			<MenuLabel fallback={fallback} />
		</Root>
	)
}

function MenuLabel({ fallback }: { fallback: string }) {
	const { t } = useTranslation()
	const connection = useConnection()
	if (connection.status !== 'connected') return <>{fallback}</>
	return (
		<span data-testid="wallet-menu-label">
			<span className="font-mono">{shortAddress(connection.address)}</span> · {chainLabel(t, connection.chainId)}
		</span>
	)
}

/** The connect dialog: the picker while disconnected, the connection once connected. */
export function WalletDialog({ rpcUrls, open, onOpenChange }: { rpcUrls: RpcUrls; open: boolean; onOpenChange: (open: boolean) => void }) {
	return (
		<Root rpcUrls={rpcUrls}>
			<ConnectDialog open={open} onOpenChange={onOpenChange} />
		</Root>
	)
}

function ConnectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
	const { t } = useTranslation()
	const connection = useConnection()
	const connected = connection.status === 'connected'
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="sm:max-w-md">
				<DialogHeader>
					<DialogTitle>{connected ? t('wallet.connected') : t('wallet.pickerTitle')}</DialogTitle>
					<DialogDescription>{connected ? t('wallet.connectedDescription') : t('wallet.pickerDescription')}</DialogDescription>
				</DialogHeader>
				{connected ? <ConnectionSummary /> : connection.status === 'reconnecting' ? <Busy label={t('wallet.reconnecting')} /> : <WalletPicker />}
			</DialogContent>
		</Dialog>
	)
}

function Busy({ label }: { label: string }) {
	return (
		<p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
			<Loader2 className="size-4 animate-spin" aria-hidden />
			{label}
		</p>
	)
}

/** The profile card's live part: connection, and linking the connected wallet to the account (SIWE). */
export function WalletPanel({ rpcUrls, linked }: { rpcUrls: RpcUrls; linked: string[] }) {
	return (
		<Root rpcUrls={rpcUrls}>
			<Panel linked={linked} />
		</Root>
	)
}

function Panel({ linked }: { linked: string[] }) {
	const { t } = useTranslation()
	const connection = useConnection()
	const signMessage = useSignMessage()
	const revalidator = useRevalidator()
	const [linking, setLinking] = useState(false)
	const showError = useToastError()
	if (connection.status === 'reconnecting' || connection.status === 'connecting') return <Busy label={t('wallet.reconnecting')} />
	if (connection.status !== 'connected') {
		return (
			<Button onClick={() => openWalletDialog().catch(() => showError('wallet.errors.loadFailed'))}>
				<Wallet aria-hidden />
				{t('nav.connectWallet')}
			</Button>
		)
	}
	const { address, chainId } = connection
	const isLinked = linked.some((a) => a.toLowerCase() === address.toLowerCase())
	async function link() {
		// Unconfigured networks are refused before the wallet is asked anything (the server refuses them too).
		if (!isWalletChain(chainId)) return showError('wallet.errors.chainNotConfigured')
		setLinking(true)
		try {
			const signed = await signSiwe('link', address, chainId, (args) => signMessage.mutateAsync(args))
			await postJson('/resources/wallet', { intent: 'link', ...signed })
			toast.success(t('wallet.linked'))
			await revalidator.revalidate()
		} catch (err) {
			showError(flowErrorKey(err))
		} finally {
			setLinking(false)
		}
	}
	return (
		<div className="grid gap-4">
			<ConnectionSummary />
			{isLinked ? (
				<p className="text-sm text-emerald-700 dark:text-emerald-400" data-testid="wallet-linked-note">
					{t('wallet.isLinked')}
				</p>
			) : (
				<div>
					<Button onClick={() => void link()} disabled={linking}>
						<Link2 aria-hidden />
						{linking ? t('wallet.linking') : t('wallet.link')}
					</Button>
				</div>
			)}
		</div>
	)
}

/** 'Continue with Ethereum': pick a wallet, sign the server's message, land signed in. */
export function WalletSignIn({ rpcUrls, redirectTo, onClose }: { rpcUrls: RpcUrls; redirectTo: string | null; onClose: () => void }) {
	return (
		<Root rpcUrls={rpcUrls}>
			<SignInDialog redirectTo={redirectTo} onClose={onClose} />
		</Root>
	)
}

function SignInDialog({ redirectTo, onClose }: { redirectTo: string | null; onClose: () => void }) {
	const { t } = useTranslation()
	const connection = useConnection()
	const signMessage = useSignMessage()
	const disconnect = useDisconnect()
	const showError = useToastError()
	const [phase, setPhase] = useState<'idle' | 'signing' | 'done' | 'failed'>('idle')
	const started = useRef<string | null>(null)

	async function signIn(address: `0x${string}`, chainId: number) {
		if (!isWalletChain(chainId)) {
			setPhase('failed')
			return showError('wallet.errors.chainNotConfigured')
		}
		setPhase('signing')
		try {
			const signed = await signSiwe('signin', address, chainId, (args) => signMessage.mutateAsync(args))
			const reply = await postJson('/resources/wallet/sign-in', { ...signed, redirectTo: redirectTo ?? undefined })
			setPhase('done')
			// A full page load, so every loader (and the session cookie just set) starts fresh.
			window.location.assign(reply.redirectTo ?? '/dashboard')
		} catch (err) {
			setPhase('failed')
			showError(flowErrorKey(err))
		}
	}

	// Once a wallet is connected (picked now, or still connected from before), ask it to sign once.
	useEffect(() => {
		if (connection.status !== 'connected' || started.current === connection.address) return
		started.current = connection.address
		void signIn(connection.address, connection.chainId)
		// signIn reads the latest values itself; re-running on its identity would sign twice.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [connection.status, connection.address])

	const connected = connection.status === 'connected'
	return (
		<Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
			<DialogContent className="sm:max-w-md">
				<DialogHeader>
					<DialogTitle>{t('wallet.signInTitle')}</DialogTitle>
					<DialogDescription>{t('wallet.signInDescription')}</DialogDescription>
				</DialogHeader>
				{!connected ? (
					connection.status === 'reconnecting' ? (
						<Busy label={t('wallet.reconnecting')} />
					) : (
						<WalletPicker />
					)
				) : (
					<div className="grid gap-3">
						<p className="text-sm">
							{t('wallet.signingInAs')} <span className="font-mono">{shortAddress(connection.address)}</span> · {chainLabel(t, connection.chainId)}
						</p>
						{phase === 'signing' || phase === 'done' ? <Busy label={t('wallet.checkWallet')} /> : null}
						{phase === 'failed' ? (
							<div className="flex flex-wrap gap-2">
								<Button size="sm" onClick={() => void signIn(connection.address, connection.chainId)}>
									{t('wallet.tryAgain')}
								</Button>
								<Button
									size="sm"
									variant="outline"
									onClick={() => {
										started.current = null
										setPhase('idle')
										disconnect.mutate({})
									}}
								>
									{t('wallet.useAnother')}
								</Button>
							</div>
						) : null}
					</div>
				)}
			</DialogContent>
		</Dialog>
	)
}
