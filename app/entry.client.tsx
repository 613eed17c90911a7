import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { defaultLanguage, isLanguage } from '~/features/i18n/config.ts'
import { loadResources } from '~/features/i18n/resources.client.ts'

async function main() {
	// The server rendered <html lang>; load only that language's strings before hydrating.
	const htmlLang = document.documentElement.lang
	const lng = isLanguage(htmlLang) ? htmlLang : defaultLanguage
	await i18next.use(initReactI18next).init({
		lng,
		fallbackLng: defaultLanguage,
		resources: { [lng]: { translation: await loadResources(lng) } },
		interpolation: { escapeValue: false },
		showSupportNotice: false,
	})
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<I18nextProvider i18n={i18next}>
					<HydratedRouter />
				</I18nextProvider>
			</StrictMode>,
		)
	})
}

void main()
