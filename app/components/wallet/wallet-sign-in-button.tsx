import { Button } from '~/components/ui/button'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useRootData } from '~/root'

function EthereumIcon() {
	return (
		<svg viewBox="0 0 24 24" className="size-4" aria-hidden>
			<path fill="currentColor" d="M12 2 5.5 12.3 12 16l6.5-3.7L12 2Zm0 15.3-6.5-3.7L12 22l6.5-8.4-6.5 3.7Z" />
		</svg>
	)
}

/**
 * 'Continue with Ethereum' on /login, a static page: the sign-in island (app/islands/auth.ts) fetches the
 * wallet code and the wallet strings when this button is clicked, reading its settings from data-*.
 */
export function WalletSignInButton({ redirectTo }: { redirectTo: string | null }) {
	const { t } = useTranslation()
	const rpcUrls = useRootData()?.env.rpcUrls
	return (
		<>
			<Button
				type="button"
				variant="outline"
				disabled={!rpcUrls}
				data-wallet-sign-in=""
				data-rpc-urls={rpcUrls ? JSON.stringify(rpcUrls) : undefined}
				data-redirect-to={redirectTo ?? undefined}
				data-loading-label={t('auth.walletLoading')}
			>
				<EthereumIcon />
				{t('auth.continueWithEthereum')}
			</Button>
			<p id="wallet-unavailable" role="alert" hidden className="text-destructive text-center text-sm">
				{t('auth.walletUnavailable')}
			</p>
		</>
	)
}
