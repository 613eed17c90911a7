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
