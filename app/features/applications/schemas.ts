import { z } from 'zod'
import { singleLine, stripControls } from '~/lib/text.ts'
import { applicationStatuses, applicationTypes, experienceLevels, investmentAmounts, timelines, type ApplicationType } from './types.ts'

export * from './types.ts'

// Shared by the application modal (browser) and POST /resources/applications (server).
// Messages are i18n keys; the form renders them with t().

export const HONEYPOT_FIELD = 'website'

export const limitsOf = { name: 120, email: 254, company: 160, portfolio: 500, message: 2000 } as const

const required = 'applications.errors.required'
const tooLong = 'applications.errors.tooLong'

/** Which fields each form type shows (and the server keeps). */
export const fieldsByType = {
	professional: ['experience', 'portfolio'],
	company: ['company'],
	investor: ['company', 'investmentAmount', 'timeline'],
} as const satisfies Record<ApplicationType, readonly string[]>

/** Form posts send '' for untouched fields; treat blank as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

// Single-line fields: control characters and runs of whitespace become one space (no header injection).
const line = (max: number) =>
	z
		.string()
		.transform((v) => v.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim())
		.pipe(z.string().max(max, tooLong))

const optionalLine = (max: number) => z.preprocess(blankToUndefined, line(max).optional())

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
	z.preprocess(blankToUndefined, z.enum(values, { error: 'applications.errors.invalidOption' }).optional())

/** Adds https:// when the scheme is missing, then accepts only http(s) URLs with a dotted host. */
export function normalizeUrl(raw: string): string | null {
	const value = raw.trim()
	const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
	try {
		const url = new URL(withScheme)
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
		if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname) || /\s/.test(value)) return null
		return url.href
	} catch {
		return null
	}
}

const portfolio = z.preprocess(
	blankToUndefined,
	z
		.string()
		.max(limitsOf.portfolio, tooLong)
		.transform((v, ctx) => {
			const url = normalizeUrl(v)
			if (!url) {
				ctx.addIssue({ code: 'custom', message: 'applications.errors.invalidUrl' })
				return z.NEVER
			}
			return url
		})
		.optional(),
)

export const applicationSchema = z
	.object({
		type: z.enum(applicationTypes, { error: 'applications.errors.invalidType' }),
		name: z.string({ error: required }).pipe(line(limitsOf.name)).pipe(z.string().min(1, required)),
		email: z
			.string({ error: required })
			.trim()
			.min(1, required)
			.max(limitsOf.email, 'applications.errors.invalidEmail')
			.pipe(z.email('applications.errors.invalidEmail'))
			.transform((v) => v.toLowerCase()),
		company: optionalLine(limitsOf.company),
		experience: optionalChoice(experienceLevels),
		portfolio,
		investmentAmount: optionalChoice(investmentAmounts),
		timeline: optionalChoice(timelines),
		message: z.preprocess(
			blankToUndefined,
			z
				.string()
				.transform((v) => stripControls(v.replace(/\r\n?/g, '\n')).trim())
				.pipe(z.string().max(limitsOf.message, tooLong))
				.optional(),
		),
	})
	// `when` runs this even while other fields are invalid, so every error shows at once.
	.refine((v) => v.type === 'professional' || Boolean(v.company), {
		path: ['company'],
		message: required,
		when: ({ value }) => {
			const type = (value as { type?: unknown } | null)?.type
			return type === 'company' || type === 'investor'
		},
	})
	// Fields of another form type are dropped, never stored.
	.transform((v) => {
		const keep = new Set<string>(fieldsByType[v.type])
		return {
			type: v.type,
			name: v.name,
			email: v.email,
			company: keep.has('company') ? (v.company ?? null) : null,
			experience: keep.has('experience') ? (v.experience ?? null) : null,
			portfolio: keep.has('portfolio') ? (v.portfolio ?? null) : null,
			investmentAmount: keep.has('investmentAmount') ? (v.investmentAmount ?? null) : null,
			timeline: keep.has('timeline') ? (v.timeline ?? null) : null,
			message: v.message ?? null,
		}
	})

export type ApplicationInput = z.infer<typeof applicationSchema>

/** Inbox filters from the query string; unknown values are ignored rather than refused. */
export const inboxFilterSchema = z.object({
	type: z.enum(applicationTypes).optional().catch(undefined),
	status: z.enum(applicationStatuses).optional().catch(undefined),
	q: z
		.string()
		.transform(singleLine)
		.pipe(z.string().max(100))
		.optional()
		.catch(undefined)
		.transform((v) => v || undefined),
	page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
})

export type InboxFilter = z.infer<typeof inboxFilterSchema>

export const statusChangeSchema = z.object({
	id: z.uuid('applications.errors.notFound'),
	status: z.enum(applicationStatuses, { error: 'applications.errors.invalidStatus' }),
})
