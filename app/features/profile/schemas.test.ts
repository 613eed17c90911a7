import { describe, expect, it } from 'vitest'
import { countryCodes, isCountryCode } from './countries.ts'
import en from '~/locales/en-US.json'
import pt from '~/locales/pt-BR.json'
import { addTag, cleanTags, profileErrors, profileSchema, profileUrl } from './schemas.ts'

const valid = { fullName: 'Ana Souza', country: 'BR' }

function errorsOf(input: unknown) {
	const r = profileSchema.safeParse(input)
	return r.success ? {} : profileErrors(r.error)
}

describe('profile schema', () => {
	it('requires a full name and a country from the list', () => {
		expect(errorsOf({})).toMatchObject({ fullName: 'profile.errors.fullNameRequired', country: 'profile.errors.countryRequired' })
		expect(errorsOf({ fullName: '   ', country: 'XX' })).toMatchObject({
			fullName: 'profile.errors.fullNameRequired',
			country: 'profile.errors.countryRequired',
		})
		expect(profileSchema.safeParse(valid).success).toBe(true)
	})

	it('fills defaults and trims text', () => {
		const p = profileSchema.parse({ ...valid, fullName: '  Ana   Souza ', city: ' Recife ' })
		expect(p).toMatchObject({ fullName: 'Ana Souza', city: 'Recife', languages: [], yearsExperience: 0, linkedinUrl: null, githubUrl: null })
		expect(p.career).toEqual({
			jobSearchStatus: null,
			desiredRoles: [],
			workModes: [],
			preferredLocations: [],
			availabilityDate: null,
			salaryExpectationUsd: null,
			openToRelocation: false,
		})
	})

	it('turns invalid or negative years of experience into 0', () => {
		for (const v of ['abc', '-3', -1, '', null]) expect(profileSchema.parse({ ...valid, yearsExperience: v }).yearsExperience).toBe(0)
		expect(profileSchema.parse({ ...valid, yearsExperience: '4.7' }).yearsExperience).toBe(4)
		expect(errorsOf({ ...valid, yearsExperience: 500 }).yearsExperience).toBe('profile.errors.yearsTooHigh')
	})

	it('accepts LinkedIn and GitHub links on their own sites only', () => {
		const p = profileSchema.parse({ ...valid, linkedinUrl: 'linkedin.com/in/ana', githubUrl: 'https://github.com/ana' })
		expect(p.linkedinUrl).toBe('https://linkedin.com/in/ana')
		expect(p.githubUrl).toBe('https://github.com/ana')
		expect(errorsOf({ ...valid, linkedinUrl: 'not a url', githubUrl: 'javascript:alert(1)' })).toEqual({
			linkedinUrl: 'profile.errors.invalidLinkedin',
			githubUrl: 'profile.errors.invalidGithub',
		})
		expect(errorsOf({ ...valid, linkedinUrl: 'https://github.com/ana' }).linkedinUrl).toBe('profile.errors.invalidLinkedin')
		expect(profileSchema.parse({ ...valid, linkedinUrl: '  ' }).linkedinUrl).toBeNull()
		expect(profileUrl('https://www.linkedin.com/in/x', ['linkedin.com'])).toBe('https://www.linkedin.com/in/x')
		expect(profileUrl('https://evil-linkedin.com', ['linkedin.com'])).toBeNull()
	})

	it('validates career preferences', () => {
		const career = {
			jobSearchStatus: 'open',
			desiredRoles: ['Solidity dev', ' solidity DEV '],
			workModes: ['onsite', 'remote', 'remote'],
			preferredLocations: ['Lisbon'],
			availabilityDate: '2026-05-01',
			salaryExpectationUsd: '85000',
			openToRelocation: true,
		}
		expect(profileSchema.parse({ ...valid, career }).career).toEqual({
			...career,
			desiredRoles: ['Solidity dev'],
			workModes: ['remote', 'onsite'],
			salaryExpectationUsd: 85000,
		})
		expect(
			errorsOf({ ...valid, career: { jobSearchStatus: 'maybe', workModes: ['moon'], availabilityDate: '2026-02-30', salaryExpectationUsd: '-5' } }),
		).toEqual({
			jobSearchStatus: 'profile.errors.invalidOption',
			workModes: 'profile.errors.invalidOption',
			availabilityDate: 'profile.errors.invalidDate',
			salaryExpectationUsd: 'profile.errors.invalidSalary',
		})
	})

	it('bounds text and tag lists', () => {
		expect(errorsOf({ ...valid, city: 'x'.repeat(121) }).city).toBe('profile.errors.tooLong')
		expect(errorsOf({ ...valid, stacks: Array.from({ length: 31 }, (_, i) => `t${i}`) }).stacks).toBe('profile.errors.tooManyTags')
		expect(errorsOf({ ...valid, languages: 'English' }).languages).toBe('profile.errors.invalid')
	})
})

describe('tag inputs', () => {
	it('Enter adds the trimmed text when non-empty and not already present', () => {
		expect(addTag(['React'], '  Solidity ')).toEqual(['React', 'Solidity'])
		expect(addTag(['React'], 'react')).toEqual(['React'])
		expect(addTag(['React'], '   ')).toEqual(['React'])
	})
	it('cleans stored lists', () => {
		expect(cleanTags([' a ', 'A', '', 'b'])).toEqual(['a', 'b'])
	})
})

describe('countries', () => {
	it('has the 38 countries of the spec, named in both languages', () => {
		expect(countryCodes).toHaveLength(38)
		expect(new Set(countryCodes).size).toBe(38)
		expect(isCountryCode('GF')).toBe(true)
		expect(isCountryCode('gf')).toBe(false)
		// The names live in the locale files (one per code, nothing else), not in each page's data.
		expect(Object.keys(en.profile.countries)).toEqual([...countryCodes])
		expect(Object.keys(pt.profile.countries)).toEqual([...countryCodes])
		expect(en.profile.countries.BR).toBe('Brazil')
		expect(pt.profile.countries.US).toBe('Estados Unidos')
		expect(pt.profile.countries.GF).toBe('Guiana Francesa')
	})
})
