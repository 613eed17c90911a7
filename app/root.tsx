import { useEffect, useState } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router'
import { FallbackError, RenderErrorPanel, SsrErrorPage } from '~/components/error-panels'
import { NotFound } from '~/components/not-found'
import { PendingNavigation } from '~/components/pending-navigation'
import { Unavailable } from '~/components/unavailable'
import { LazyToaster } from '~/components/ui/lazy-toaster'
import { getUser } from '~/features/auth/session.server.ts'
import { defaultLanguage } from '~/features/i18n/config.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { getPublicEnv } from '~/lib/env.server.ts'
import { readTheme, themeClass } from '~/features/theme/config.ts'
import { adoptChosenInput, adoptTypedInput } from '~/lib/keep-typed-input.ts'
import { useNonce } from '~/lib/nonce.tsx'
import type { Route } from './+types/root'
import './app.css'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getUser(request)
	return { lang: getLanguage(request), theme: readTheme(request.headers.get('cookie')), user, env: getPublicEnv() }
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
		// The theme class comes from the cookie on the server, so the first paint has the right colours (no flash).
		<html lang={data?.lang ?? defaultLanguage} className={themeClass(data?.theme ?? 'system')} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-svh antialiased">
				{children}
				{staticPage ? (
					staticPage.island ? (
						<script type="module" src={staticPage.island} nonce={nonce} />
					) : null
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

/** Marks the page as interactive; end-to-end tests wait for it before using fetcher-driven controls. */
function useHydratedMark() {
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
}

export default function App() {
	const env = useRootData()?.env
	useEffect(() => {
		adoptTypedInput()
		adoptChosenInput()
	}, [])
	useHydratedMark()
	return (
		<>
			<PendingNavigation />
			{env?.testFaults ? <RenderFaultProbe /> : null}
			<Outlet />
		</>
	)
}

/**
 * Test hook (TEST_ERROR_ROUTE only, app/features/system/test-faults.server.ts): a `learnchain:test-render-fault`
 * event on window makes the next render throw, as a broken component would.
 */
function RenderFaultProbe() {
	const [fault, setFault] = useState(false)
	useEffect(() => {
		const fail = () => setFault(true)
		window.addEventListener('learnchain:test-render-fault', fail)
		return () => window.removeEventListener('learnchain:test-render-fault', fail)
	}, [])
	if (fault) throw new Error('Test render fault')
	return null
}

// A loader or action that failed on the server during a browser navigation: in production React Router
// hands the browser this message instead of the real one. Not a render error; the apology fits it.
function isServerError(error: unknown) {
	return error instanceof Error && error.message === 'Unexpected Server Error'
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	// An error page (a 404, a 503) is hydrated too: its links and language switcher work.
	useHydratedMark()
	// Where the error happened, fixed when the boundary first shows: an error page the server rendered
	// carries data-ssr-error, and hydrating it must render the same; any other error is the browser's own.
	const [inBrowser] = useState(() => typeof document !== 'undefined' && !document.querySelector('[data-ssr-error]'))
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
	if (isRouteErrorResponse(error) && error.status === 503) return <Unavailable />
	if (inBrowser && !isRouteErrorResponse(error) && !isServerError(error)) return <RenderErrorPanel error={error} />
	if (import.meta.env.DEV && error instanceof Error) return <SsrErrorPage error={error} />
	return <FallbackError />
}
