import '~/lib/zod-csp.ts'
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import { createT, mergeMessages, type Messages, type TFunction } from './translate.ts'

type Snapshot = { lang: string; version: number }

/** The current language and its loaded messages; one per request on the server, one per tab in the browser. */
export class I18nStore {
	private listeners = new Set<() => void>()
	private snapshot: Snapshot
	private messages: Record<string, Messages> = {}
	constructor(
		lang: string,
		messages: Messages,
		private load?: (lang: string) => Promise<Messages>,
		private fallbackLang = 'en-US',
	) {
		this.snapshot = { lang, version: 0 }
		this.messages[lang] = messages
	}
	subscribe = (listener: () => void) => {
		this.listeners.add(listener)
		return () => this.listeners.delete(listener)
	}
	getSnapshot = () => this.snapshot
	t(lang: string): TFunction {
		const own = this.messages[lang] ?? {}
		return createT(lang, own, lang === this.fallbackLang ? undefined : this.messages[this.fallbackLang])
	}
	/** Add messages (a further chunk of sections) for a language and re-render readers. */
	add(lang: string, messages: Messages) {
		this.messages[lang] = mergeMessages(this.messages[lang] ?? {}, messages)
		this.emit(this.snapshot.lang)
	}
	async changeLanguage(lang: string) {
		if (this.load) this.add(lang, await this.load(lang))
		this.emit(lang)
	}
	private emit(lang: string) {
		this.snapshot = { lang, version: this.snapshot.version + 1 }
		for (const l of this.listeners) l()
	}
}

const I18nContext = createContext<I18nStore | null>(null)

export function I18nProvider({ store, children }: { store: I18nStore; children: React.ReactNode }) {
	return <I18nContext.Provider value={store}>{children}</I18nContext.Provider>
}

/** `const { t, i18n } = useTranslation()`: the same shape the components used with react-i18next. */
export function useTranslation() {
	const store = useContext(I18nContext)
	if (!store) throw new Error('useTranslation outside I18nProvider')
	const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
	return useMemo(
		() => ({
			t: store.t(snap.lang),
			i18n: { language: snap.lang, changeLanguage: (lang: string) => store.changeLanguage(lang) },
		}),
		// version changes when messages are added, so t sees them
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[store, snap.lang, snap.version],
	)
}
