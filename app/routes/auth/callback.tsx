import { CheckCircle2, Loader2, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link, useNavigate, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { getUser } from '~/features/auth/session.server.ts'
import { displayName } from '~/features/auth/user.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import type { Route } from './+types/callback'
import { pageUrl } from '~/lib/page-url.ts'

// Better Auth has already exchanged the provider's code and set the session cookie
// before sending the browser here; this page only reports the outcome and moves on.
export async function loader({ request }: Route.LoaderArgs) {
	const url = pageUrl(request)
	const user = await getUser(request)
	const title = getT(request)('auth.callback.title')
	if (url.searchParams.get('error') || !user) return { ok: false as const, title }
	return { ok: true as const, title, name: displayName(user), to: safeRedirect(url.searchParams.get('redirectTo')) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

export default function Callback({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const navigate = useNavigate()
	const navigation = useNavigation()
	useEffect(() => {
		const id = loaderData.ok ? setTimeout(() => navigate(loaderData.to, { replace: true }), 800) : setTimeout(() => navigate('/login', { replace: true }), 3000)
		return () => clearTimeout(id)
	}, [loaderData, navigate])

	return (
		<main className="flex min-h-svh flex-col items-center justify-center gap-3 p-6 text-center" aria-live="polite">
			{navigation.state === 'loading' ? (
				<>
					<Loader2 className="text-primary size-8 animate-spin" aria-hidden />
					<h1 className="text-xl font-semibold">{t('auth.callback.processing')}</h1>
				</>
			) : loaderData.ok ? (
				<>
					<CheckCircle2 className="size-8 text-emerald-600" aria-hidden />
					<h1 className="text-xl font-semibold">{t('auth.callback.welcome', { name: loaderData.name })}</h1>
					<p className="text-muted-foreground">{t('auth.callback.success')}</p>
				</>
			) : (
				<>
					<XCircle className="text-destructive size-8" aria-hidden />
					<h1 className="text-xl font-semibold">{t('auth.callback.failed')}</h1>
					<p className="text-muted-foreground">{t('auth.callback.failedBody')}</p>
					<Button asChild>
						<Link to="/login">{t('auth.callback.tryAgain')}</Link>
					</Button>
				</>
			)}
		</main>
	)
}
