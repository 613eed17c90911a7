import { describe, expect, it } from 'vitest'
import { fieldErrors } from '~/lib/field-errors.ts'
import { applicationSchema, inboxFilterSchema, normalizeUrl, statusChangeSchema } from './schemas.ts'

function errorsOf(input: Record<string, unknown>) {
	const parsed = applicationSchema.safeParse(input)
	return parsed.success ? {} : fieldErrors(parsed.error)
}

describe('applicationSchema', () => {
	it('requires name and email for every type', () => {
		for (const type of ['professional', 'company', 'investor']) {
			const errors = errorsOf({ type, name: '  ', email: '', company: 'Acme' })
			expect(errors.name).toBe('applications.errors.required')
			expect(errors.email).toBe('applications.errors.required')
		}
	})

	it('rejects a malformed email and an unknown type', () => {
		expect(errorsOf({ type: 'professional', name: 'Ada', email: 'not-an-email' }).email).toBe('applications.errors.invalidEmail')
		expect(errorsOf({ type: 'student', name: 'Ada', email: 'ada@example.com' }).type).toBe('applications.errors.invalidType')
	})

	it('requires company only for company and investor forms', () => {
		expect(errorsOf({ type: 'company', name: 'Ada', email: 'ada@example.com' }).company).toBe('applications.errors.required')
		expect(errorsOf({ type: 'investor', name: 'Ada', email: 'ada@example.com', company: ' ' }).company).toBe('applications.errors.required')
		expect(applicationSchema.safeParse({ type: 'professional', name: 'Ada', email: 'ada@example.com' }).success).toBe(true)
	})

	it('accepts only the listed options', () => {
		const base = { type: 'investor', name: 'Ada', email: 'ada@example.com', company: 'Fund' }
		expect(errorsOf({ ...base, investmentAmount: '1M' }).investmentAmount).toBe('applications.errors.invalidOption')
		expect(errorsOf({ ...base, timeline: 'someday' }).timeline).toBe('applications.errors.invalidOption')
		expect(errorsOf({ type: 'professional', name: 'Ada', email: 'ada@example.com', experience: 'guru' }).experience).toBe('applications.errors.invalidOption')
		const ok = applicationSchema.parse({ ...base, investmentAmount: '500k+', timeline: 'quarter' })
		expect(ok).toMatchObject({ investmentAmount: '500k+', timeline: 'quarter' })
	})

	it('validates and normalises the portfolio URL', () => {
		const base = { type: 'professional', name: 'Ada', email: 'ada@example.com' }
		expect(errorsOf({ ...base, portfolio: 'not a url' }).portfolio).toBe('applications.errors.invalidUrl')
		expect(errorsOf({ ...base, portfolio: 'javascript:alert(1)' }).portfolio).toBe('applications.errors.invalidUrl')
		expect(applicationSchema.parse({ ...base, portfolio: 'linkedin.com/in/ada' }).portfolio).toBe('https://linkedin.com/in/ada')
	})

	it('cleans the input and drops fields of other form types', () => {
		const parsed = applicationSchema.parse({
			type: 'professional',
			name: ' Ada\r\nLovelace ',
			email: ' ADA@Example.com ',
			company: 'Ignored Ltd',
			experience: 'advanced',
			investmentAmount: '10k-50k',
			message: '  Hello\r\nthere  ',
		})
		expect(parsed).toEqual({
			type: 'professional',
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			company: null,
			experience: 'advanced',
			portfolio: null,
			investmentAmount: null,
			timeline: null,
			message: 'Hello\nthere',
		})
	})

	it('limits the length of free text', () => {
		const errors = errorsOf({ type: 'professional', name: 'x'.repeat(121), email: 'ada@example.com', message: 'y'.repeat(2001) })
		expect(errors.name).toBe('applications.errors.tooLong')
		expect(errors.message).toBe('applications.errors.tooLong')
	})
})

describe('normalizeUrl', () => {
	it('keeps http(s) URLs and refuses others', () => {
		expect(normalizeUrl('https://github.com/ada')).toBe('https://github.com/ada')
		expect(normalizeUrl('ftp://example.com')).toBeNull()
		expect(normalizeUrl('localhost')).toBeNull()
		expect(normalizeUrl('exa mple.com')).toBeNull()
	})
})

describe('inbox filters and status changes', () => {
	it('ignores unknown filter values', () => {
		expect(inboxFilterSchema.parse({ type: 'company', status: 'bogus', q: '  ada ', page: '2' })).toEqual({
			type: 'company',
			status: undefined,
			q: 'ada',
			page: 2,
		})
		expect(inboxFilterSchema.parse({ page: '-1', q: '' })).toEqual({ type: undefined, status: undefined, q: undefined, page: undefined })
	})
	it('accepts only known statuses and uuid ids', () => {
		expect(statusChangeSchema.safeParse({ id: 'x', status: 'new' }).success).toBe(false)
		expect(statusChangeSchema.safeParse({ id: crypto.randomUUID(), status: 'archived' }).success).toBe(false)
		expect(statusChangeSchema.safeParse({ id: crypto.randomUUID(), status: 'accepted' }).success).toBe(true)
	})
})

describe('all errors at once', () => {
	it('reports the missing company together with the other missing fields', () => {
		const errors = errorsOf({ type: 'company', name: '', email: '' })
		expect(errors).toEqual({
			name: 'applications.errors.required',
			email: 'applications.errors.required',
			company: 'applications.errors.required',
		})
	})
})
