import { Outlet } from 'react-router'
import { AuthErrorScreen } from '~/components/auth-error-screen'
import { PublicTopBar } from '~/components/public-top-bar'
import { useRootData } from '~/root'
import type { Route } from './+types/layout'

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
