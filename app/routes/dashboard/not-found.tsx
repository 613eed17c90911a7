import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'
import { log } from '~/lib/log.server.ts'
import type { Route } from './+types/not-found'
import { pageUrl } from '~/lib/page-url.ts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'

// An unknown address inside the signed-in area: answered by a child of the dashboard layout, so the sidebar
// and header stay and the way back leads to the dashboard, not to the marketing home.
export async function loader({ request }: Route.LoaderArgs) {
	log.error('route not found', { path: pageUrl(request).pathname })
	throw new Response('Not Found', { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: '404' }, { name: 'robots', content: 'noindex' }]

export function DashboardNotFound() {
	const { t } = useTranslation()
	return (
		<section className="flex min-h-[50svh] flex-col items-center justify-center gap-3 text-center" data-testid="in-app-404">
			<p className="text-primary text-6xl font-bold">404</p>
			<h1 className="text-xl font-semibold">{t('errors.notFound.title')}</h1>
			<p className="text-muted-foreground max-w-md text-sm">{t('errors.notFound.inApp')}</p>
			<Button asChild>
				<a {...ROUTER_LINK} href="/dashboard">
					{t('errors.notFound.dashboard')}
				</a>
			</Button>
		</section>
	)
}

export default function NotFoundInApp() {
	return <DashboardNotFound />
}

export function ErrorBoundary() {
	return <DashboardNotFound />
}
