// The spec's country list (section 5, "Profile"), in its order, stored as ISO 3166-1 alpha-2 codes
// so a stored profile does not depend on the language it was saved in.
export const countryCodes = [
	'BR',
	'US',
	'CA',
	'GB',
	'DE',
	'FR',
	'ES',
	'IT',
	'NL',
	'SE',
	'NO',
	'DK',
	'FI',
	'CH',
	'AT',
	'BE',
	'PT',
	'IE',
	'AU',
	'NZ',
	'JP',
	'KR',
	'SG',
	'IN',
	'CN',
	'MX',
	'AR',
	'CL',
	'CO',
	'PE',
	'UY',
	'PY',
	'VE',
	'EC',
	'BO',
	'GY',
	'SR',
	'GF',
] as const

export type CountryCode = (typeof countryCodes)[number]

const codes = new Set<string>(countryCodes)
export const isCountryCode = (v: unknown): v is CountryCode => typeof v === 'string' && codes.has(v)

export type CountryOption = { code: CountryCode; name: string }

const optionsByLanguage = new Map<string, readonly CountryOption[]>()

/**
 * The choices with names in the reader's language (computed on the server, so SSR and hydration agree).
 * Made once per language: the names never change while the process runs, and making them costs a tenth
 * of a millisecond on every profile page.
 */
export function countryOptions(language: string): readonly CountryOption[] {
	let options = optionsByLanguage.get(language)
	if (!options) {
		let names: Intl.DisplayNames | undefined
		try {
			names = new Intl.DisplayNames([language, 'en-US'], { type: 'region' })
		} catch {
			names = undefined
		}
		options = Object.freeze(countryCodes.map((code) => Object.freeze({ code, name: names?.of(code) ?? code })))
		// Languages come from the app's own list, but the key is a caller's string: keep the map small.
		if (optionsByLanguage.size < 16) optionsByLanguage.set(language, options)
	}
	return options
}
