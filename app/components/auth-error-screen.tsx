import { useTranslation } from '~/features/i18n/react.tsx'
import { Button } from '~/components/ui/button'

function resetAndGoHome() {
	try {
		localStorage.clear()
		sessionStorage.clear()
	} catch {
		// Storage can be disabled; going home still helps.
	}
	for (const c of document.cookie.split(';')) {
		const name = c.split('=')[0]?.trim()
		if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
	}
	window.location.assign('/')
}

/** The 'Authentication Error' screen (spec section 2 and 8). */
export function AuthErrorScreen({ error }: { error: unknown }) {
	const { t } = useTranslation()
	const message = error instanceof Error ? error.message : String(error ?? '')
	const likelyNetwork = /body stream|json|auth|fetch/i.test(message)
	return (
		<main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('auth.errorScreen.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t(likelyNetwork ? 'auth.errorScreen.network' : 'auth.errorScreen.unexpected')}</p>
			<div className="flex gap-2">
				<Button onClick={() => window.location.reload()}>{t('auth.errorScreen.tryAgain')}</Button>
				<Button variant="outline" onClick={resetAndGoHome}>
					{t('auth.errorScreen.resetHome')}
				</Button>
			</div>
		</main>
	)
}
