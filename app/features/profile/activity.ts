// The Learning Progress heatmap: 12 weeks of lesson completions, one column per week (Monday first).
import { addDays } from '~/features/progress/habits.ts'

const HEATMAP_WEEKS = 12

export type HeatCell = { day: string; count: number; level: 0 | 1 | 2 | 3 | 4; future: boolean }

/** 0 for none, then 1, 2, 3-4 and 5+ completions a day. */
export function heatLevel(count: number): HeatCell['level'] {
	if (count <= 0) return 0
	if (count === 1) return 1
	if (count === 2) return 2
	if (count <= 4) return 3
	return 4
}

/** Weeks oldest first, each Monday to Sunday (UTC); days after `today` are marked future. */
export function activityGrid(countsByDay: Record<string, number>, today: string, weeks = HEATMAP_WEEKS): HeatCell[][] {
	const weekday = (new Date(Date.parse(today)).getUTCDay() + 6) % 7 // Monday = 0
	const start = addDays(today, -weekday - (weeks - 1) * 7)
	return Array.from({ length: weeks }, (_, w) =>
		Array.from({ length: 7 }, (_, d) => {
			const day = addDays(start, w * 7 + d)
			const future = day > today
			const count = future ? 0 : (countsByDay[day] ?? 0)
			return { day, count, level: heatLevel(count), future }
		}),
	)
}

/** Completions shown in the grid. */
export function gridTotal(grid: HeatCell[][]) {
	return grid.reduce((n, week) => n + week.reduce((m, c) => m + c.count, 0), 0)
}
