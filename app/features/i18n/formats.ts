// Intl formatters cost far more to build than to use (tens of microseconds each, several per render of a
// signed-in page: issue 21), and every one of ours depends only on the language and its options. So each is
// built once per language and options, here, and shared by the server's renders and the browser's.

type Kind = 'number' | 'date' | 'plural' | 'relative'
const kept = new Map<string, unknown>()
// The app's two languages times a few dozen option sets; the bound only guards against an unexpected caller.
const MAX = 500

function keep<T>(kind: Kind, lang: string, options: object | undefined, make: () => T): T {
	const key = `${kind}|${lang}|${options ? JSON.stringify(options) : ''}`
	let f = kept.get(key) as T | undefined
	if (f === undefined) {
		f = make()
		if (kept.size >= MAX) kept.clear()
		kept.set(key, f)
	}
	return f
}

export const numberFormat = (lang: string, options?: Intl.NumberFormatOptions) => keep('number', lang, options, () => new Intl.NumberFormat(lang, options))
export const dateFormat = (lang: string, options: Intl.DateTimeFormatOptions) => keep('date', lang, options, () => new Intl.DateTimeFormat(lang, options))
export const pluralRules = (lang: string) => keep('plural', lang, undefined, () => new Intl.PluralRules(lang))
export const relativeTimeFormat = (lang: string, options?: Intl.RelativeTimeFormatOptions) =>
	keep('relative', lang, options, () => new Intl.RelativeTimeFormat(lang, options))
