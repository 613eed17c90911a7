import { useEffect } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useMatches,
	useRouteLoaderData,
} from 'react-router'
import { NotFound } from '~/components/not-found'
import { Unavailable } from '~/components/unavailable'
import { LazyToaster } from '~/components/ui/lazy-toaster'
import { getUser } from '~/features/auth/session.server.ts'
import { defaultLanguage } from '~/features/i18n/config.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { getPublicEnv } from '~/lib/env.server.ts'
import { useNonce } from '~/lib/nonce.tsx'
import type { Route } from './+types/root'
import './app.css'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getUser(request)
	return { lang: getLanguage(request), user, env: getPublicEnv() }
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function useRootData() {
	return useRouteLoaderData<typeof loader>('root')
}

// The toaster comes with hydrated pages only (the public pages are static and never load it,
// docs/decisions/0006), and even there only at the first interaction or toast (lazy-toaster.tsx).
/**
 * A route whose handle says `hydrate: false` is served as HTML and CSS only: no React Router runtime,
 * no React in the browser (docs/decisions/0006). Its loader may return `island`, the URL of the one
 * small script the page needs instead.
 */
export type HydrationHandle = { hydrate?: boolean }

function useStaticPage() {
	const matches = useMatches()
	const route = matches.find((m) => (m.handle as HydrationHandle | undefined)?.hydrate === false)
	if (!route) return null
	const island = (route.loaderData as { island?: string | null } | undefined)?.island
	return { island: island ?? null }
}

export function Layout({ children }: { children: React.ReactNode }) {
	const data = useRootData()
	const staticPage = useStaticPage()
	const nonce = useNonce()
	return (
		<html lang={data?.lang ?? defaultLanguage} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-svh antialiased">
				{children}
				{staticPage ? (
					staticPage.island ? <script type="module" src={staticPage.island} nonce={nonce} /> : null
				) : (
					<>
						<LazyToaster />
						<ScrollRestoration />
						<Scripts />
					</>
				)}
			</body>
		</html>
	)
}

export default function App() {
	// Marks the page as interactive; end-to-end tests wait for it before using fetcher-driven controls.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const { t } = useTranslation()
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
	if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />
	const showDetails = import.meta.env.DEV && error instanceof Error
	return (
		<main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('errors.fallback.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t('errors.fallback.body')}</p>
			{/* A link, not a script: it also works on pages that are not hydrated, and never re-posts a form. */}
			<a href="" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
				{t('errors.fallback.reload')}
			</a>
			{showDetails ? (
				<pre className="bg-muted max-w-full overflow-auto rounded p-4 text-left text-xs">
					{error.message}
					{'\n'}
					{error.stack}
				</pre>
			) : null}
		</main>
	)
}
