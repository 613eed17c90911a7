import { Outlet } from 'react-router'
import { AuthErrorScreen } from '~/components/auth-error-screen'
import { PublicTopBar } from '~/components/public-top-bar'
import { islandUrl } from '~/features/marketing/islands.server.ts'
import type { HydrationHandle } from '~/root'
import { useRootData } from '~/root'
import type { Route } from './+types/layout'

// The sign-in pages are static HTML whose forms post natively, plus a small island for busy labels and
// the wallet sign-in (docs/decisions/0006): they load a few KB of JavaScript instead of React.
export const handle: HydrationHandle = { hydrate: false }

export function loader() {
	return { island: islandUrl('auth') }
}

export default function AuthLayout() {
	const root = useRootData()
	return (
		<>
			<PublicTopBar signedIn={Boolean(root?.user)} logoOnly appName={root?.env.APP_NAME ?? 'Learnchain'} />
			<main className="flex min-h-[calc(100svh-3.5rem)] items-start justify-center px-4 py-10 sm:items-center">
				<div className="w-full max-w-sm">
					<Outlet />
				</div>
			</main>
		</>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <AuthErrorScreen error={error} />
}
