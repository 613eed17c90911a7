import { LoaderCircle } from 'lucide-react'
import { Outlet } from 'react-router'
import { MarketingFooter } from '~/components/marketing/footer'
import { PublicTopBar } from '~/components/public-top-bar'
import { useTranslation } from '~/features/i18n/react.tsx'
import { islandUrl } from '~/features/marketing/islands.server.ts'
import type { HydrationHandle } from '~/root'
import { useRootData } from '~/root'
import '~/components/marketing/marketing.css'

// The landings are HTML and CSS plus one small island (docs/decisions/0006): everything on them
// works as plain links and forms, and the island adds the application modal and the showcase.
export const handle: HydrationHandle = { hydrate: false }

export function loader() {
	return { island: islandUrl('landing') }
}

export default function MarketingLayout() {
	const { t } = useTranslation()
	const root = useRootData()
	const appName = root?.env.APP_NAME ?? 'Learnchain'
	return (
		<>
			<PublicTopBar signedIn={Boolean(root?.user)} appName={appName} />
			<Outlet />
			<MarketingFooter appName={appName} />
			{/* Shown by the island while the application modal's code downloads. */}
			<div id="application-loading" role="status" hidden className="fixed inset-0 z-50 grid place-items-center bg-black/40">
				<LoaderCircle className="size-8 animate-spin text-white" aria-hidden />
				<span className="sr-only">{t('applications.modal.loading')}</span>
			</div>
		</>
	)
}
