import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time.ts'

const now = new Date('2026-03-10T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('relativeTime', () => {
	it('follows the distance-in-words scale in English', () => {
		expect(relativeTime(ago(10_000), now, 'en-US')).toBe('now')
		expect(relativeTime(ago(5 * 60_000), now, 'en-US')).toBe('5 minutes ago')
		expect(relativeTime(ago(3 * 3600_000), now, 'en-US')).toBe('3 hours ago')
		expect(relativeTime(ago(24 * 3600_000), now, 'en-US')).toBe('yesterday')
		expect(relativeTime(ago(10 * 86400_000), now, 'en-US')).toBe('10 days ago')
		expect(relativeTime(ago(60 * 86400_000), now, 'en-US')).toBe('2 months ago')
		expect(relativeTime(ago(800 * 86400_000), now, 'en-US')).toBe('2 years ago')
	})
	it('speaks Brazilian Portuguese', () => {
		expect(relativeTime(ago(5 * 60_000), now, 'pt-BR')).toBe('há 5 minutos')
		expect(relativeTime(ago(24 * 3600_000), now, 'pt-BR')).toBe('ontem')
	})
	it('accepts ISO strings', () => {
		expect(relativeTime(ago(2 * 3600_000).toISOString(), now.toISOString(), 'en-US')).toBe('2 hours ago')
	})
})
