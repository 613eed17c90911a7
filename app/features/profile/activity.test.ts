import { describe, expect, it } from 'vitest'
import { activeDays, activityDays, activityGrid, heatLevel } from './activity.ts'

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
		expect(grid.flat().reduce((n, c) => n + c.count, 0)).toBe(2)
	})

	it('handles a Sunday as the last day of its week', () => {
		const grid = activityGrid({ '2026-03-15': 1 }, '2026-03-15')
		expect(grid[11]![6]).toMatchObject({ day: '2026-03-15', count: 1, future: false })
	})

	it('sends only the days the grid shows, and the grid drawn from them is the same', () => {
		const all = { '2025-12-21': 3, '2025-12-22': 1, '2026-03-09': 2, '2026-03-11': 5, '2026-03-12': 9, '2020-01-01': 4 }
		const sent = activityDays(all, '2026-03-11')
		// The grid's first Monday is 2025-12-22: the Sunday before it and days after today stay out.
		expect(sent).toEqual({ today: '2026-03-11', counts: { '2025-12-22': 1, '2026-03-09': 2, '2026-03-11': 5 } })
		expect(activityGrid(sent.counts, sent.today)).toEqual(activityGrid(all, '2026-03-11'))
		expect(activeDays(activityGrid(sent.counts, sent.today))).toBe(3)
		expect(activeDays(activityGrid({}, '2026-03-11'))).toBe(0)
	})

	it('keeps one cell per day across a change of year and a leap day', () => {
		const grid = activityGrid({ '2028-02-29': 1 }, '2028-03-01')
		const days = grid.flat().map((c) => c.day)
		expect(new Set(days).size).toBe(84)
		expect(days).toContain('2028-02-29')
		expect(grid.flat().find((c) => c.day === '2028-02-29')).toMatchObject({ count: 1, level: 1 })
		expect(activityGrid({}, '2026-01-02')[11]![3]!.day).toBe('2026-01-01')
	})

	it('maps counts to five levels', () => {
		expect([0, 1, 2, 3, 4, 5, 12].map(heatLevel)).toEqual([0, 1, 2, 3, 3, 4, 4])
	})
})
