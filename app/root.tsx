import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteLoaderData,
} from 'react-router'
import { NotFound } from '~/components/not-found'
import { getUser } from '~/features/auth/session.server.ts'
import { defaultLanguage } from '~/features/i18n/config.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { getPublicEnv } from '~/lib/env.server.ts'
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

// The toaster (sonner) loads after hydration, so pages that never toast do not pay for it up front.
const Toaster = lazy(() => import('~/components/ui/sonner').then((m) => ({ default: m.Toaster })))
function DeferredToaster() {
	const [ready, setReady] = useState(false)
	useEffect(() => setReady(true), [])
	return ready ? (
		<Suspense fallback={null}>
			<Toaster />
		</Suspense>
	) : null
}

export function Layout({ children }: { children: React.ReactNode }) {
	const data = useRootData()
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
				<DeferredToaster />
				<ScrollRestoration />
				<Scripts />
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
	const showDetails = import.meta.env.DEV && error instanceof Error
	return (
		<main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('errors.fallback.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t('errors.fallback.body')}</p>
			<button
				type="button"
				onClick={() => window.location.reload()}
				className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium"
			>
				{t('errors.fallback.reload')}
			</button>
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
