import { Unlink, Wallet } from 'lucide-react'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { useTranslation } from '~/features/i18n/react.tsx'
import { chainNames, isWalletChain, shortAddress } from '~/features/wallet/chains.ts'
import { openWalletDialog, useWalletModule } from '~/features/wallet/loader.ts'
import type { LinkedWallet } from '~/features/wallet/types.ts'
import { useRootData } from '~/root'

/**
 * The wallet card on the profile's wallet tab (/dashboard/profile?tab=wallet): the live connection once the
 * wallet code is loaded, and the wallets linked to the account, which need no wallet code to list or unlink.
 */
export function WalletCard({ wallets }: { wallets: LinkedWallet[] }) {
	const { t } = useTranslation()
	const wallet = useWalletModule()
	const rpcUrls = useRootData()?.env.rpcUrls
	return (
		<section id="wallet" aria-labelledby="wallet-title" className="scroll-mt-20">
			<Card>
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<Wallet className="size-5" aria-hidden />
						<h2 id="wallet-title">{t('profile.wallet.title')}</h2>
					</CardTitle>
					<CardDescription>{t('profile.wallet.body')}</CardDescription>
				</CardHeader>
				<CardContent className="grid gap-6">
					{wallet && rpcUrls ? (
						<wallet.WalletPanel rpcUrls={rpcUrls} linked={wallets.map((w) => w.address)} />
					) : (
						<div>
							<Button onClick={() => openWalletDialog().catch(() => toast.error(t('wallet.errors.loadFailed')))}>
								<Wallet aria-hidden />
								{t('nav.connectWallet')}
							</Button>
						</div>
					)}
					<LinkedWallets wallets={wallets} />
				</CardContent>
			</Card>
		</section>
	)
}

function LinkedWallets({ wallets }: { wallets: LinkedWallet[] }) {
	const { t } = useTranslation()
	// One fetcher for the list, not one per row: the row is gone by the time its unlink finishes.
	const unlink = useFetcher<{ ok: boolean; error?: string }>()
	useEffect(() => {
		if (unlink.state !== 'idle' || !unlink.data) return
		if (unlink.data.ok) toast.success(t('wallet.unlinked'))
		else toast.error(t(unlink.data.error ?? 'wallet.errors.failed'))
		// Only a finished submission matters.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [unlink.state, unlink.data])
	return (
		<div className="grid gap-2">
			<h3 className="text-sm font-medium">{t('wallet.linkedWallets')}</h3>
			{wallets.length === 0 ? (
				<p className="text-muted-foreground text-sm">{t('wallet.noLinked')}</p>
			) : (
				<ul className="grid gap-2" data-testid="linked-wallets">
					{wallets.map((w) => (
						<li key={w.address} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm" data-testid="linked-wallet">
							<span>
								<span className="font-mono break-all" title={w.address}>
									{w.address}
								</span>
								<span className="text-muted-foreground"> · {isWalletChain(w.chainId) ? chainNames[w.chainId] : w.chainId}</span>
							</span>
							<unlink.Form method="post" action="/resources/wallet">
								<input type="hidden" name="address" value={w.address} />
								<Button
									type="submit"
									name="intent"
									value="unlink"
									variant="ghost"
									size="sm"
									disabled={unlink.state !== 'idle'}
									aria-label={t('wallet.unlinkLabel', { address: shortAddress(w.address) })}
								>
									<Unlink aria-hidden />
									{t('wallet.unlink')}
								</Button>
							</unlink.Form>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}
