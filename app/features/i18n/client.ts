import { defaultLanguage, isLanguage, type Language } from './config.ts'
import { I18nStore } from './react.tsx'
import type { Messages } from './translate.ts'

type Scope = 'public' | 'all'

// Public pages load only the public sections; the signed-in area loads the whole file once.
// (virtual:locale/* modules are cut from app/locales/*.json at build time: vite/locale-chunks.ts.)
async function loadMessages(lang: Language, scope: Scope): Promise<Messages> {
	const chunk = (m: { default: Messages }) => m.default
	const pub = lang === 'pt-BR' ? import('virtual:locale/public-pt-BR').then(chunk) : import('virtual:locale/public-en-US').then(chunk)
	if (scope === 'public') return pub
	const rest = lang === 'pt-BR' ? import('virtual:locale/app-pt-BR').then(chunk) : import('virtual:locale/app-en-US').then(chunk)
	const [a, b] = await Promise.all([pub, rest])
	return { ...a, ...b }
}

const loaded = new Set<string>()
let store: I18nStore | undefined

function scopeFor(pathname: string): Scope {
	return pathname.startsWith('/dashboard') ? 'all' : 'public'
}

async function ensure(lang: Language, scope: Scope) {
	const key = `${lang}:${scope}`
	if (loaded.has(key) || loaded.has(`${lang}:all`)) return null
	const messages = await loadMessages(lang, scope)
	loaded.add(key)
	return messages
}

/** Before hydrating: the language the server rendered (<html lang>), with the sections this page needs. */
export async function createClientStore() {
	const htmlLang = document.documentElement.lang
	const lang = isLanguage(htmlLang) ? htmlLang : defaultLanguage
	const messages = (await ensure(lang, scopeFor(location.pathname))) ?? {}
	store = new I18nStore(lang, messages, async (next) => (await ensure(next as Language, scopeFor(location.pathname))) ?? {})
	return store
}

/** Called before entering the signed-in area on a client-side navigation. */
export async function ensureAllMessages() {
	if (!store) return
	const lang = store.getSnapshot().lang as Language
	const messages = await ensure(lang, 'all')
	if (messages) store.add(lang, messages)
}

/** Switch language in place (after the cookie is set by /resources/language). */
export async function switchClientLanguage(lang: Language) {
	if (!store) return
	await store.changeLanguage(lang)
	document.documentElement.lang = lang
}
