import { useTranslation } from '~/features/i18n/react.tsx'
import { buttonVariants } from '~/components/ui/button'
import { resetAndGoHome } from '~/lib/reset-client.ts'

/**
 * The 'Authentication Error' screen (spec section 2 and 8). It shows on the static sign-in pages, which
 * load no React (docs/decisions/0006), so its buttons are links that work as they are: 'Try Again' loads
 * the page again (a GET, so a failed form post is never sent twice) and 'Reset & Go Home' goes to /; the
 * sign-in island (app/islands/auth.ts) or, on a hydrated page, the click handler adds the reset itself.
 */
export function AuthErrorScreen({ error }: { error: unknown }) {
	const { t } = useTranslation()
	const message = error instanceof Error ? error.message : String(error ?? '')
	const likelyNetwork = /body stream|json|auth|fetch/i.test(message)
	return (
		<main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('auth.errorScreen.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t(likelyNetwork ? 'auth.errorScreen.network' : 'auth.errorScreen.unexpected')}</p>
			<div className="flex gap-2">
				<a href="" data-error-action="retry" className={buttonVariants()}>
					{t('auth.errorScreen.tryAgain')}
				</a>
				<a
					href="/"
					data-error-action="reset"
					className={buttonVariants({ variant: 'outline' })}
					onClick={(event) => {
						event.preventDefault()
						resetAndGoHome()
					}}
				>
					{t('auth.errorScreen.resetHome')}
				</a>
			</div>
		</main>
	)
}
