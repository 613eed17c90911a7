// A small translation core (the subset of i18next this app uses): nested keys, {{var}} interpolation
// and plural keys (key_one, key_other...) chosen with Intl.PluralRules. The same code runs on the
// server and in the browser, so server HTML and hydration agree; it costs about 1 KB instead of ~20.

import { numberFormat, pluralRules } from './formats.ts'

export type Messages = { [key: string]: string | Messages }
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string }
export type TFunction = (key: string, options?: TOptions) => string

// t() runs hundreds of times a render, mostly for the same keys: a key found once is remembered per message
// tree, so later calls skip splitting it and walking the tree. Only hits are remembered: chunks merged in
// later (mergeMessages) add sections, and a key missing now may be found then.
const found = new WeakMap<Messages, Map<string, string>>()

function lookup(messages: Messages, key: string): string | undefined {
	let known = found.get(messages)
	if (!known) found.set(messages, (known = new Map()))
	const hit = known.get(key)
	if (hit !== undefined) return hit
	let node: string | Messages | undefined = messages
	for (const part of key.split('.')) {
		if (!node || typeof node === 'string') return undefined
		node = node[part]
	}
	if (typeof node !== 'string') return undefined
	known.set(key, node)
	return node
}

const pluralCategory = (lang: string, count: number) => pluralRules(lang).select(count)

function interpolate(template: string, values: TOptions | undefined) {
	if (!values) return template
	return template.replace(/{{\s*([\w.]+)\s*}}/g, (whole, name: string) => {
		const v = values[name]
		return v === undefined || v === null ? whole : String(v)
	})
}

// Quantities read as the reader writes them (1.234 in pt-BR, 1,234 in en-US). Only these names: other
// numbers (a year, a chain id, a line number) are identifiers and must stay unformatted.
const QUANTITIES = new Set(['count', 'xp', 'total', 'done', 'max', 'passed', 'correct'])
function formatQuantities(lang: string, options: TOptions | undefined): TOptions | undefined {
	if (!options) return options
	const nf = numberFormat(lang)
	// t() runs hundreds of times a render: copy the options only when there is a quantity to format.
	let out: TOptions | undefined
	for (const name of QUANTITIES) if (typeof options[name] === 'number') (out ??= { ...options })[name] = nf.format(options[name])
	return out ?? options
}

/** A t() bound to one language; falls back to `fallback` messages, then to the key itself. */
export function createT(lang: string, messages: Messages, fallback?: Messages): TFunction {
	return (key, options) => {
		const find = (k: string) => lookup(messages, k) ?? (fallback ? lookup(fallback, k) : undefined)
		let template: string | undefined
		if (typeof options?.count === 'number') {
			// None reads as many in both our languages ("0 aulas"), though CLDR counts 0 as one in Portuguese.
			const category = options.count === 0 ? 'other' : pluralCategory(lang, options.count)
			template = find(`${key}_${category}`) ?? find(`${key}_other`)
		}
		template ??= find(key) ?? options?.defaultValue ?? key
		return interpolate(template, formatQuantities(lang, options))
	}
}

/** Deep merge of message trees (used to add a chunk of sections to what is loaded). */
export function mergeMessages(target: Messages, source: Messages): Messages {
	for (const [k, v] of Object.entries(source)) {
		const existing = target[k]
		if (typeof v === 'object' && existing && typeof existing === 'object') mergeMessages(existing, v)
		else target[k] = v
	}
	return target
}
