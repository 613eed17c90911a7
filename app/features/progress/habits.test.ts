import { describe, expect, it } from 'vitest'
import { addDays, barHeight, dayNumber, lastSevenDays, longestStreak, streak, utcDay, weeklyGoalPercent } from './habits.ts'

describe('streak', () => {
	it('counts consecutive days ending today', () => {
		expect(streak(['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-17'], '2026-11-21')).toBe(3)
	})
	it('is 0 without a completion today', () => {
		expect(streak(['2026-11-20', '2026-11-19'], '2026-11-21')).toBe(0)
		expect(streak([], '2026-11-21')).toBe(0)
	})
	it('crosses month and year boundaries', () => {
		expect(streak(['2027-01-01', '2026-12-31', '2026-12-30'], '2027-01-01')).toBe(3)
		expect(streak(['2026-03-01', '2026-02-28'], '2026-03-01')).toBe(2)
	})
	it('counts a streak as long as the days the dashboard reads (401)', () => {
		const days = Array.from({ length: 401 }, (_, i) => addDays('2028-03-01', -i))
		expect(streak(days.reverse(), '2028-03-01')).toBe(401)
	})
	it('uses UTC dates', () => {
		expect(utcDay(new Date('2026-11-21T23:59:59-03:00'))).toBe('2026-11-22')
	})
})

describe('longest streak', () => {
	it('finds the longest run, across month ends and duplicates, ignoring what is not a day', () => {
		expect(longestStreak([])).toBe(0)
		expect(longestStreak(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-01', '2026-03-05'])).toBe(3)
		expect(longestStreak(['2028-02-28', '2028-02-29', '2028-03-01', 'not a day', ''])).toBe(3)
	})
})

describe('day numbers', () => {
	it('count days since 1970-01-01 as the calendar does, over years with and without a 29 February', () => {
		for (let d = Date.UTC(2023, 0, 1); d <= Date.UTC(2029, 0, 1); d += 86_400_000) {
			expect(dayNumber(utcDay(new Date(d)))).toBe(d / 86_400_000)
		}
	})
	it('are NaN for anything but YYYY-MM-DD', () => {
		for (const bad of ['', '2026-1-01', '2026/01/01', '20260101', 'yyyy-mm-dd']) expect(dayNumber(bad)).toBeNaN()
	})
})

describe('weekly goal', () => {
	it('is a percentage of 5 lessons, capped at 100', () => {
		expect(weeklyGoalPercent(0)).toBe(0)
		expect(weeklyGoalPercent(2)).toBe(40)
		expect(weeklyGoalPercent(5)).toBe(100)
		expect(weeklyGoalPercent(12)).toBe(100)
		expect(weeklyGoalPercent(-3)).toBe(0)
	})
})

describe('bar heights', () => {
	it('are 8px per completion, clamped to 6-28px', () => {
		expect([0, 1, 2, 3, 4, 10].map(barHeight)).toEqual([6, 8, 16, 24, 28, 28])
	})
	it('cover the last 7 days oldest first', () => {
		const bars = lastSevenDays({ '2026-11-21': 2, '2026-11-15': 1, '2026-11-14': 9 }, '2026-11-21')
		expect(bars.map((b) => b.day)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'])
		expect(bars.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 2])
		expect(bars.map((b) => b.height)).toEqual([8, 6, 6, 6, 6, 6, 16])
	})
})

describe('addDays', () => {
	it('moves a UTC day across months, years and leap days, both ways', () => {
		expect(addDays('2026-11-27', 0)).toBe('2026-11-27')
		expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
		expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
		expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
		expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
		expect(addDays('2026-01-05', -83)).toBe('2025-10-14')
	})
})
