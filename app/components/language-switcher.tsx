import { Languages } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher, useLocation, useRevalidator } from 'react-router'
import { languages, type Language } from '~/features/i18n/config.ts'
import { switchClientLanguage } from '~/features/i18n/client.ts'
import { cn } from '~/lib/utils'

const labels: Record<Language, string> = { 'en-US': 'English', 'pt-BR': 'Português' }
const short: Record<Language, string> = { 'en-US': 'EN', 'pt-BR': 'PT' }

/** Posts to /resources/language (a plain form without JS); with JS it switches in place. */
export function LanguageSwitcher({ className }: { className?: string }) {
	const { t, i18n } = useTranslation()
	const fetcher = useFetcher()
	const location = useLocation()
	const revalidator = useRevalidator()
	const current = (i18n.language as Language) ?? 'en-US'

	async function choose(lang: Language) {
		if (lang === current) return
		await fetcher.submit({ lang }, { method: 'post', action: '/resources/language' })
		await switchClientLanguage(lang)
		await revalidator.revalidate()
	}

	return (
		<fetcher.Form method="post" action="/resources/language" className={cn('flex items-center gap-1', className)} onSubmit={(e) => e.preventDefault()}>
			<Languages className="text-muted-foreground size-4" aria-hidden />
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			<span className="sr-only">{t('language.label')}</span>
			{languages.map((lang) => (
				<button
					key={lang}
					type="submit"
					name="lang"
					value={lang}
					lang={lang}
					title={labels[lang]}
					aria-pressed={lang === current}
					// The name starts with the visible code, so a voice command saying "EN" finds the button (WCAG 2.5.3).
					aria-label={`${short[lang]} – ${labels[lang]}`}
					onClick={(e) => {
						e.preventDefault()
						void choose(lang)
					}}
					className={cn(
						'rounded px-1.5 py-0.5 text-xs font-medium',
						lang === current ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
					)}
				>
					{short[lang]}
				</button>
			))}
		</fetcher.Form>
	)
}
