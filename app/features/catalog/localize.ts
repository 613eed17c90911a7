import type { Language } from '~/features/i18n/config.ts'

// Content is stored in English with a Portuguese twin (`*_pt` columns, quiz `*_pt` fields). Learners read
// their language; where the twin is missing they read the English text, and the page marks it
// 'Available in English only' (the `en` flag), so a gap is visible instead of silently mixed in.

/** A content text in the learner's language; `en` is true when Portuguese was wanted but only English exists. */
export type Localized = { text: string; en: boolean }

const has = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== ''

export function localize(lang: Language, english: string, portuguese: string | null | undefined): Localized {
	if (lang !== 'pt-BR') return { text: english, en: false }
	return has(portuguese) ? { text: portuguese, en: false } : { text: english, en: has(english) }
}

/** The same for optional texts (summaries, descriptions): null stays null. */
export function localizeOptional(lang: Language, english: string | null | undefined, portuguese: string | null | undefined): Localized | null {
	if (!has(english) && !has(portuguese)) return null
	return localize(lang, english ?? '', portuguese)
}

/**
 * A list (quiz options, explanations, hints) in the learner's language. The Portuguese list is used only
 * when it is complete (same length, no blanks), so options never mix languages within one question.
 */
export function localizeList(lang: Language, english: string[], portuguese: string[] | null | undefined): { items: string[]; en: boolean } {
	if (lang !== 'pt-BR' || english.length === 0) return { items: english, en: false }
	const complete = portuguese?.length === english.length && portuguese.every(has)
	return complete ? { items: portuguese, en: false } : { items: english, en: true }
}
