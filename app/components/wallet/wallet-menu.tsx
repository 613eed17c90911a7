import { Loader2, Wallet } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { DropdownMenuItem } from '~/components/ui/dropdown-menu'
import { useTranslation } from '~/features/i18n/react.tsx'
import { openWalletDialog, reportLoadFailure, useWalletDialog, useWalletModule } from '~/features/wallet/loader.ts'
import { useRootData } from '~/root'

// The account menu's wallet entry and the page's one connect dialog. Neither imports wallet code: it
// is fetched on the first click (or at once when a previous visit left a wallet connected).

export function WalletMenuItem() {
	const { t } = useTranslation()
	const wallet = useWalletModule()
	const rpcUrls = useRootData()?.env.rpcUrls
	return (
		<DropdownMenuItem onSelect={() => openWalletDialog().catch(() => reportLoadFailure(t('wallet.errors.loadFailed')))}>
			<Wallet aria-hidden />
			{wallet && rpcUrls ? <wallet.WalletMenuLabel rpcUrls={rpcUrls} fallback={t('nav.connectWallet')} /> : t('nav.connectWallet')}
		</DropdownMenuItem>
	)
}

export function WalletDialogHost() {
	const { t } = useTranslation()
	const [open, setOpen] = useWalletDialog()
	const wallet = useWalletModule()
	const rpcUrls = useRootData()?.env.rpcUrls
	if (!open || !rpcUrls) return null
	if (wallet) return <wallet.WalletDialog rpcUrls={rpcUrls} open={open} onOpenChange={setOpen} />
	return (
		<Dialog open onOpenChange={setOpen}>
			<DialogContent className="sm:max-w-md">
				<DialogHeader>
					<DialogTitle>{t('wallet.pickerTitle')}</DialogTitle>
					<DialogDescription>{t('wallet.pickerDescription')}</DialogDescription>
				</DialogHeader>
				<p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
					<Loader2 className="size-4 animate-spin" aria-hidden />
					{t('wallet.loading')}
				</p>
			</DialogContent>
		</Dialog>
	)
}
