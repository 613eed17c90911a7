import { describe, expect, it } from 'vitest'
import { activityGrid, gridTotal, heatLevel } from './activity.ts'

describe('activity heatmap', () => {
	it('has 12 weeks of 7 days, Monday first, ending with the current week', () => {
		// 2026-03-11 is a Wednesday.
		const grid = activityGrid({}, '2026-03-11')
		expect(grid).toHaveLength(12)
		for (const week of grid) expect(week).toHaveLength(7)
		expect(grid[11]![0]!.day).toBe('2026-03-09')
		expect(grid[11]![2]).toMatchObject({ day: '2026-03-11', future: false })
		expect(grid[11]![3]).toMatchObject({ day: '2026-03-12', future: true })
		expect(grid[0]![0]!.day).toBe('2025-12-22')
		expect(new Date(`${grid[0]![0]!.day}T00:00:00Z`).getUTCDay()).toBe(1)
	})

	it('places counts on their days and ignores days outside the grid or in the future', () => {
		const grid = activityGrid({ '2026-03-09': 2, '2026-03-12': 9, '2020-01-01': 4, '2026-03-15': 1 }, '2026-03-11')
		expect(grid[11]![0]).toMatchObject({ count: 2, level: 2 })
		expect(grid[11]![3]!.count).toBe(0)
		expect(gridTotal(grid)).toBe(2)
	})

	it('handles a Sunday as the last day of its week', () => {
		const grid = activityGrid({ '2026-03-15': 1 }, '2026-03-15')
		expect(grid[11]![6]).toMatchObject({ day: '2026-03-15', count: 1, future: false })
	})

	it('maps counts to five levels', () => {
		expect([0, 1, 2, 3, 4, 5, 12].map(heatLevel)).toEqual([0, 1, 2, 3, 3, 4, 4])
	})
})
