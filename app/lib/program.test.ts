import { describe, expect, it } from 'vitest'
import { program, programValues } from './program.ts'

describe('program constants', () => {
	it('derives the stipend total from the monthly stipend and the length', () => {
		expect(program.stipendTotalUsd).toBe(program.months * program.stipendMonthlyUsd)
	})

	it('formats the figures for each language', () => {
		const en = programValues('en-US')
		expect(en).toMatchObject({
			stipendMonthly: '$6,000',
			stipendMonthlyShort: '$6K',
			stipendTotal: '$36,000',
			cohortMonth: 'April 2026',
			minimum: '$10,000',
			irr: '8-12',
			payback: '3-5',
			round: '$2M',
			marketSize: '$1.2T',
			shortage: '3.7M',
			averageSalary: '$140K',
		})
		const pt = programValues('pt-BR')
		expect(pt.cohortMonth).toBe('abril de 2026')
		expect(pt.stipendMonthly.replace(/\s/g, ' ')).toBe('US$ 6.000')
		expect(pt.marketSize.replace(/\s/g, ' ')).toBe('US$ 1,2 tri')
		expect(pt.shortage.replace(/\s/g, ' ')).toBe('3,7 mi')
	})
})
