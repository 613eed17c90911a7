import i18next, { type i18n, type TFunction } from 'i18next'
import enUS from '~/locales/en-US.json'
import ptBR from '~/locales/pt-BR.json'
import { defaultLanguage, detectLanguage, type Language } from './config.ts'

export const resources = { 'en-US': { translation: enUS }, 'pt-BR': { translation: ptBR } }

let base: i18n | undefined

function baseInstance() {
	if (!base) {
		base = i18next.createInstance()
		void base.init({
			resources,
			lng: defaultLanguage,
			fallbackLng: defaultLanguage,
			interpolation: { escapeValue: false },
			showSupportNotice: false,
			initAsync: false,
		})
	}
	return base
}

/** A request-scoped i18next instance in the given language (cheap clone, shared resources). */
export function createI18n(lang: Language): i18n {
	return baseInstance().cloneInstance({ lng: lang })
}

export function getLanguage(request: Request): Language {
	return detectLanguage(request.headers.get('cookie'), request.headers.get('accept-language'))
}

export function getT(request: Request | Language): TFunction {
	const lang = typeof request === 'string' ? request : getLanguage(request)
	return baseInstance().getFixedT(lang)
}
