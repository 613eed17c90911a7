import { useTranslation } from '~/features/i18n/react.tsx'

/** The page while the database is away (503): nothing is lost, come back in a moment. */
export function Unavailable() {
	const { t } = useTranslation()
	return (
		<main role="alert" className="flex min-h-[70svh] flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('errors.unavailable.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t('errors.unavailable.body')}</p>
			{/* A link, not a script: it works before hydration and never re-posts a form. */}
			<a href="" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
				{t('errors.unavailable.retry')}
			</a>
		</main>
	)
}
