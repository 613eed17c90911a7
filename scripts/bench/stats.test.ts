import { describe, expect, it } from 'vitest'
import { median, percentile } from './stats.ts'

describe('median', () => {
	it('is the middle value, or the mean of the middle two, whatever the order', () => {
		expect(median([3, 1, 2])).toBe(2)
		expect(median([4, 1, 3, 2])).toBe(2.5)
		expect(median([7])).toBe(7)
		expect(median([])).toBeNaN()
	})

	it('leaves its input as it was', () => {
		const values = [3, 1, 2]
		median(values)
		expect(values).toEqual([3, 1, 2])
	})
})

describe('percentile', () => {
	it('is the nearest rank, in whole units', () => {
		expect(percentile([], 99)).toBe(0)
		expect(percentile([3, 1, 2, 4], 50)).toBe(2)
		expect(
			percentile(
				Array.from({ length: 100 }, (_, i) => i + 1.4),
				99,
			),
		).toBe(99)
		expect(percentile([5], 1)).toBe(5)
	})
})
