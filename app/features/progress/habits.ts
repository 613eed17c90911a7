// Study-habit figures (spec section 9), computed from completion timestamps. Pure, so they are unit-tested.

export const WEEKLY_GOAL = 5

export function utcDay(d: Date) {
	return d.toISOString().slice(0, 10)
}

const DAY_MS = 86_400_000

/** `day` (YYYY-MM-DD, UTC) moved by `n` days. UTC days are all 24 hours long, so this is arithmetic, not a calendar. */
export function addDays(day: string, n: number) {
	return utcDay(new Date(Date.parse(day) + n * DAY_MS))
}

/** Consecutive UTC days with at least one completion, ending today; 0 when none today. */
export function streak(completionDays: Iterable<string>, today: string) {
	const days = new Set(completionDays)
	let n = 0
	let day = today
	while (days.has(day)) {
		n++
		day = addDays(day, -1)
	}
	return n
}

/** The weekly goal bar, capped at 100%. */
export function weeklyGoalPercent(completedThisWeek: number, goal = WEEKLY_GOAL) {
	if (goal <= 0) return 100
	return Math.min(100, Math.round((Math.max(0, completedThisWeek) / goal) * 100))
}

/** 8 px per completion, clamped to 6-28 px. */
export function barHeight(completions: number) {
	return Math.max(6, Math.min(28, completions * 8))
}

/** The last 7 UTC days, oldest first, with their completion counts. */
export function lastSevenDays(countsByDay: Record<string, number>, today: string) {
	return Array.from({ length: 7 }, (_, i) => {
		const day = addDays(today, i - 6)
		const count = countsByDay[day] ?? 0
		return { day, count, height: barHeight(count) }
	})
}
