import { Outlet } from 'react-router'
import { ApplicationModalProvider } from '~/components/marketing/application-modal'
import { MarketingFooter } from '~/components/marketing/footer'
import { PublicTopBar } from '~/components/public-top-bar'
import { useRootData } from '~/root'
import '~/components/marketing/marketing.css'

export default function MarketingLayout() {
	const root = useRootData()
	const appName = root?.env.APP_NAME ?? 'Learnchain'
	return (
		<ApplicationModalProvider>
			<PublicTopBar signedIn={Boolean(root?.user)} appName={appName} />
			<Outlet />
			<MarketingFooter appName={appName} />
		</ApplicationModalProvider>
	)
}
