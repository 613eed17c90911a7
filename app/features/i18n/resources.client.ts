import i18next from 'i18next'
import type { Language } from './config.ts'

/** Each language is its own chunk, fetched only when used. */
export async function loadResources(lang: Language): Promise<Record<string, unknown>> {
	const mod = lang === 'pt-BR' ? await import('~/locales/pt-BR.json') : await import('~/locales/en-US.json')
	return mod.default as Record<string, unknown>
}

/** Switch the running app to another language without a reload. */
export async function switchClientLanguage(lang: Language) {
	if (!i18next.hasResourceBundle(lang, 'translation')) {
		i18next.addResourceBundle(lang, 'translation', await loadResources(lang))
	}
	await i18next.changeLanguage(lang)
	document.documentElement.lang = lang
}
