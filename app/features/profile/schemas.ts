import { z } from 'zod'
import { fieldErrors, type FieldErrors } from '~/lib/field-errors.ts'
import { isCountryCode } from './countries.ts'

// Shared by the profile form (browser) and the profile action (server): one rule, enforced twice.
// Messages are i18n keys; the form renders them with t().

export const limitsOf = { text: 120, tag: 50, tags: 30, years: 80, salary: 10_000_000 } as const

export const jobSearchStatuses = ['actively_looking', 'open', 'not_looking'] as const
export const workModes = ['remote', 'hybrid', 'onsite'] as const

const tooLong = 'profile.errors.tooLong'

const text = (max: number = limitsOf.text) =>
	z
		.string({ error: 'profile.errors.invalid' })
		.transform((v) => v.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim())
		.pipe(z.string().max(max, tooLong))

const optionalText = z.preprocess((v) => v ?? '', text())

/** Trim, drop blanks and duplicates (case-insensitive), keep the first spelling. */
export function cleanTags(values: readonly string[]): string[] {
	const seen = new Set<string>()
	const out: string[] = []
	for (const raw of values) {
		// Control characters too: a NUL cannot even be stored.
		const tag = raw.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim()
		const key = tag.toLowerCase()
		if (!tag || seen.has(key)) continue
		seen.add(key)
		out.push(tag)
	}
	return out
}

/** The tag input's Enter: adds the trimmed text when non-empty and not already present. */
export function addTag(tags: readonly string[], input: string): string[] {
	const tag = input.replace(/\s+/g, ' ').trim()
	if (!tag || tag.length > limitsOf.tag || tags.length >= limitsOf.tags) return [...tags]
	if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags]
	return [...tags, tag]
}

const tags = z.preprocess(
	(v) => v ?? [],
	z
		.array(z.string().max(limitsOf.tag, 'profile.errors.tagTooLong'), { error: 'profile.errors.invalid' })
		.max(limitsOf.tags, 'profile.errors.tooManyTags')
		.transform(cleanTags),
)

/** A link on one of the given hosts (or their subdomains); the scheme may be left out. */
export function profileUrl(raw: string, hosts: readonly string[]): string | null {
	const value = raw.trim()
	if (!value || /\s/.test(value)) return null
	const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
	try {
		const url = new URL(withScheme)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
		const host = url.hostname.toLowerCase()
		if (!hosts.some((h) => host === h || host.endsWith(`.${h}`))) return null
		return url.href
	} catch {
		return null
	}
}

const link = (hosts: readonly string[], message: string) =>
	z.preprocess(
		(v) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null)),
		z
			.string({ error: message })
			.max(500, message)
			.transform((v, ctx) => {
				const url = profileUrl(v, hosts)
				if (url) return url
				ctx.addIssue({ code: 'custom', message })
				return z.NEVER
			})
			.nullable(),
	)

/** Invalid or negative input becomes 0 (spec section 5); only an absurdly high number is refused. */
const years = z.preprocess(
	(v) => {
		const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0
		return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0
	},
	z.number().int().max(limitsOf.years, 'profile.errors.yearsTooHigh'),
)

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v)

const careerSchema = z.object({
	jobSearchStatus: z.preprocess(blankToNull, z.enum(jobSearchStatuses, { error: 'profile.errors.invalidOption' }).nullable()),
	desiredRoles: tags,
	workModes: z.preprocess(
		(v) => v ?? [],
		z.array(z.enum(workModes, { error: 'profile.errors.invalidOption' })).transform((v) => workModes.filter((m) => v.includes(m))),
	),
	preferredLocations: tags,
	availabilityDate: z.preprocess(
		blankToNull,
		z
			.string({ error: 'profile.errors.invalidDate' })
			.regex(/^\d{4}-\d{2}-\d{2}$/, 'profile.errors.invalidDate')
			.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'profile.errors.invalidDate')
			.nullable(),
	),
	salaryExpectationUsd: z.preprocess(
		(v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : (v ?? null)),
		z
			.number({ error: 'profile.errors.invalidSalary' })
			.int('profile.errors.invalidSalary')
			.min(0, 'profile.errors.invalidSalary')
			.max(limitsOf.salary, 'profile.errors.invalidSalary')
			.nullable(),
	),
	openToRelocation: z.preprocess((v) => v ?? false, z.boolean({ error: 'profile.errors.invalid' })),
})

export const profileSchema = z.object({
	fullName: z.preprocess((v) => v ?? '', text()).pipe(z.string().min(1, 'profile.errors.fullNameRequired')),
	country: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : ''), z.string().refine(isCountryCode, 'profile.errors.countryRequired')),
	city: optionalText,
	languages: tags,
	yearsExperience: years,
	stacks: tags,
	skillsToDevelop: tags,
	positionCompany: optionalText,
	linkedinUrl: link(['linkedin.com'], 'profile.errors.invalidLinkedin'),
	githubUrl: link(['github.com'], 'profile.errors.invalidGithub'),
	career: z.preprocess((v) => v ?? {}, careerSchema),
})

export type ProfileInput = z.input<typeof profileSchema>
export type Profile = z.output<typeof profileSchema>
export type Career = z.output<typeof careerSchema>

/** The form's editable state: every field present, lists as arrays, numbers as typed text. */
export type ProfileForm = {
	fullName: string
	country: string
	city: string
	languages: string[]
	yearsExperience: string
	stacks: string[]
	skillsToDevelop: string[]
	positionCompany: string
	linkedinUrl: string
	githubUrl: string
	career: {
		jobSearchStatus: string
		desiredRoles: string[]
		workModes: string[]
		preferredLocations: string[]
		availabilityDate: string
		salaryExpectationUsd: string
		openToRelocation: boolean
	}
}

/** Which tab holds each field, so a refused save can open the tab with the first error. */
export const fieldTabs = {
	personal: ['fullName', 'country', 'city', 'languages'],
	professional: ['yearsExperience', 'positionCompany', 'stacks', 'skillsToDevelop', 'linkedinUrl', 'githubUrl'],
	career: ['jobSearchStatus', 'desiredRoles', 'workModes', 'preferredLocations', 'availabilityDate', 'salaryExpectationUsd', 'openToRelocation'],
} as const

export type ProfileErrors = FieldErrors

/** First message per field, as i18n keys; career fields are keyed by their own name. */
export function profileErrors(error: z.ZodError): ProfileErrors {
	return fieldErrors(error, ([first, second]) => String(first === 'career' && second !== undefined ? second : (first ?? 'form')))
}
