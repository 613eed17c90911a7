import { useTranslation } from '~/features/i18n/react.tsx'

function messageOf(error: unknown) {
	return error instanceof Error ? error.message : typeof error === 'string' ? error : ''
}

/**
 * The spec's 'Render Error' panel (section 2): a render that fails in the browser replaces the page with
 * 'Erro ao renderizar a aplicação:' (its English text in en-US), the message (or 'Erro desconhecido') and
 * the stack. The stack is the browser's own code, nothing of the server's.
 */
export function RenderErrorPanel({ error }: { error: unknown }) {
	const { t } = useTranslation()
	const stack = error instanceof Error ? error.stack : undefined
	return (
		<main role="alert" data-error-panel="render" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6">
			<h1 className="text-2xl font-semibold">{t('errors.render.title')}</h1>
			<p className="max-w-2xl text-center">
				{t('errors.render.intro')} <span className="font-medium">{messageOf(error) || t('errors.render.unknown')}</span>
			</p>
			{stack ? <pre className="bg-muted max-h-80 max-w-full overflow-auto rounded p-4 text-left text-xs">{stack}</pre> : null}
			{/* A link, not a script: a full load of the same address starts the app afresh. */}
			<a href="" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
				{t('errors.fallback.reload')}
			</a>
		</main>
	)
}

/** The spec's 'SSR Error' page (section 2): development only; production shows the plain apology. */
export function SsrErrorPage({ error }: { error: Error }) {
	const { t } = useTranslation()
	return (
		<main role="alert" data-ssr-error="" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6">
			<h1 className="text-2xl font-semibold">{t('errors.ssr.title')}</h1>
			<p className="max-w-2xl text-center font-medium">{error.message}</p>
			<pre className="bg-muted max-h-96 max-w-full overflow-auto rounded p-4 text-left text-xs">{error.stack}</pre>
			<a href="" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
				{t('errors.fallback.reload')}
			</a>
		</main>
	)
}

/** The plain apology ('Algo deu errado'): what production shows for a server error. */
export function FallbackError() {
	const { t } = useTranslation()
	return (
		<main role="alert" data-ssr-error="" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
			<h1 className="text-2xl font-semibold">{t('errors.fallback.title')}</h1>
			<p className="text-muted-foreground max-w-md">{t('errors.fallback.body')}</p>
			{/* A link, not a script: it also works on pages that are not hydrated, and never re-posts a form. */}
			<a href="" className="bg-primary text-primary-foreground rounded-md px-4 py-2 text-sm font-medium">
				{t('errors.fallback.reload')}
			</a>
		</main>
	)
}
