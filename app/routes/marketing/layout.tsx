import { LoaderCircle } from 'lucide-react'
import { Outlet } from 'react-router'
import { MarketingFooter } from '~/components/marketing/footer'
import { PublicTopBar } from '~/components/public-top-bar'
import { useTranslation } from '~/features/i18n/react.tsx'
import { islandUrl } from '~/features/marketing/islands.server.ts'
import type { HydrationHandle } from '~/root'
import { useRootData } from '~/root'
import '~/components/marketing/marketing.css'
import type { Route } from './+types/layout'

// The landings are HTML and CSS plus one small island (docs/decisions/0006): everything on them
// works as plain links and forms, and the island adds the application modal and the showcase.
export const handle: HydrationHandle = { hydrate: false }

export function loader() {
	// The footer's year comes with the data, not from the clock while rendering: a page is kept by the data
	// it was rendered from (docs/decisions/0013), so the render reads no clock.
	return { island: islandUrl('landing'), year: new Date().getFullYear() }
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const root = useRootData()
	const appName = root?.env.APP_NAME ?? 'Learnchain'
	return (
		<>
			<PublicTopBar signedIn={Boolean(root?.user)} appName={appName} />
			<Outlet />
			<MarketingFooter appName={appName} year={loaderData.year} />
			{/* Shown by the island while the application modal's code downloads. */}
			<div id="application-loading" role="status" hidden className="fixed inset-0 z-50 grid place-items-center bg-black/40">
				<LoaderCircle className="size-8 animate-spin text-white" aria-hidden />
				<span className="sr-only">{t('applications.modal.loading')}</span>
			</div>
		</>
	)
}
