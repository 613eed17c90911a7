// The Learning Progress heatmap: 12 weeks of lesson completions, one column per week (Monday first).
import { addDays } from '~/features/progress/habits.ts'

const HEATMAP_WEEKS = 12
const DAY_MS = 86_400_000

export type HeatCell = { day: string; count: number; level: 0 | 1 | 2 | 3 | 4; future: boolean }

/**
 * What the page needs to draw the heatmap: today and the completions of the days it shows (days without any
 * are left out). The loader sends this, not the cells: a page's data is encoded on every request, and 84
 * cells cost more to encode than the grid costs to build where it is drawn.
 */
export type ActivityDays = { today: string; counts: Record<string, number> }

/** 0 for none, then 1, 2, 3-4 and 5+ completions a day. */
export function heatLevel(count: number): HeatCell['level'] {
	if (count <= 0) return 0
	if (count === 1) return 1
	if (count === 2) return 2
	if (count <= 4) return 3
	return 4
}

/** The Monday that starts the grid ending with the week of `today`. */
function gridStart(today: string, weeks: number) {
	const weekday = (new Date(Date.parse(today)).getUTCDay() + 6) % 7 // Monday = 0
	return addDays(today, -weekday - (weeks - 1) * 7)
}

/** The completions per day of the days the grid shows (`today` and before, back to its first Monday). */
export function activityDays(countsByDay: Record<string, number>, today: string, weeks = HEATMAP_WEEKS): ActivityDays {
	const start = gridStart(today, weeks)
	const counts: Record<string, number> = {}
	for (const [day, count] of Object.entries(countsByDay)) if (day >= start && day <= today && count > 0) counts[day] = count
	return { today, counts }
}

/** Weeks oldest first, each Monday to Sunday (UTC); days after `today` are marked future. */
export function activityGrid(countsByDay: Record<string, number>, today: string, weeks = HEATMAP_WEEKS): HeatCell[][] {
	const start = Date.parse(gridStart(today, weeks))
	return Array.from({ length: weeks }, (_, w) =>
		Array.from({ length: 7 }, (_, d) => {
			const day = new Date(start + (w * 7 + d) * DAY_MS).toISOString().slice(0, 10)
			const future = day > today
			const count = future ? 0 : (countsByDay[day] ?? 0)
			return { day, count, level: heatLevel(count), future }
		}),
	)
}

/** Days of the grid with at least one completion. */
export const activeDays = (grid: HeatCell[][]) => grid.reduce((n, week) => n + week.filter((c) => c.count > 0).length, 0)
