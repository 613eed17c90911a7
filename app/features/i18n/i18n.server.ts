import enUS from '~/locales/en-US.json'
import ptBR from '~/locales/pt-BR.json'
import { defaultLanguage, detectLanguage, type Language } from './config.ts'
import { I18nStore } from './react.tsx'
import { createT, type Messages, type TFunction } from './translate.ts'

const messages: Record<Language, Messages> = { 'en-US': enUS as Messages, 'pt-BR': ptBR as Messages }

/** A request-scoped store for server rendering, in the given language (en-US as the fallback). */
export function createI18nStore(lang: Language): I18nStore {
	const store = new I18nStore(lang, messages[lang])
	if (lang !== defaultLanguage) store.add(defaultLanguage, messages[defaultLanguage])
	return store
}

export function getLanguage(request: Request): Language {
	return detectLanguage(request.headers.get('cookie'), request.headers.get('accept-language'))
}

const fixed = new Map<Language, TFunction>()

/** t() for server code (meta, emails, API messages), from a request or a language. */
export function getT(request: Request | Language): TFunction {
	const lang = typeof request === 'string' ? request : getLanguage(request)
	let t = fixed.get(lang)
	if (!t) {
		t = createT(lang, messages[lang], lang === defaultLanguage ? undefined : messages[defaultLanguage])
		fixed.set(lang, t)
	}
	return t
}
