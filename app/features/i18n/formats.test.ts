import { describe, expect, it } from 'vitest'
import { dateFormat, numberFormat, pluralRules, relativeTimeFormat } from './formats.ts'

describe('kept Intl formatters', () => {
	it('builds one formatter per language and options, and formats as a new one would', () => {
		expect(numberFormat('pt-BR')).toBe(numberFormat('pt-BR'))
		expect(numberFormat('pt-BR')).not.toBe(numberFormat('en-US'))
		expect(numberFormat('pt-BR').format(1234.5)).toBe(new Intl.NumberFormat('pt-BR').format(1234.5))
		const opts = { weekday: 'short', timeZone: 'UTC' } as const
		expect(dateFormat('en-US', opts)).toBe(dateFormat('en-US', { ...opts }))
		expect(dateFormat('en-US', opts)).not.toBe(dateFormat('en-US', { weekday: 'long', timeZone: 'UTC' }))
		expect(dateFormat('pt-BR', opts).format(new Date('2026-11-26T00:00:00Z'))).toBe('qui.')
		expect(pluralRules('en-US').select(1)).toBe('one')
		expect(relativeTimeFormat('en-US', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday')
	})
})
