import { Outlet } from 'react-router'
import { PublicTopBar } from '~/components/public-top-bar'
import { useRootData } from '~/root'

export default function MarketingLayout() {
	const root = useRootData()
	return (
		<>
			<PublicTopBar signedIn={Boolean(root?.user)} appName={root?.env.APP_NAME ?? 'Learnchain'} />
			<Outlet />
		</>
	)
}
