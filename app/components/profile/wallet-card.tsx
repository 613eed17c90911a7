import { Wallet } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

/** The target of the account menu's 'Connect Wallet' (/dashboard/profile#wallet). */
export function WalletCard() {
	const { t } = useTranslation()
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
			</Card>
		</section>
	)
}
