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

/**
 * Days since 1970-01-01 of a YYYY-MM-DD day (UTC); NaN for anything else. Counting in day numbers rather than
 * formatting a date per day keeps a 400-day streak cheap (it is computed on every dashboard and achievements page).
 */
export function dayNumber(day: string) {
	if (day.length !== 10 || day[4] !== '-' || day[7] !== '-') return NaN
	return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS
}

/** Consecutive UTC days with at least one completion, ending today; 0 when none today. */
export function streak(completionDays: Iterable<string>, today: string) {
	const days = new Set<number>()
	for (const day of completionDays) days.add(dayNumber(day))
	let n = 0
	for (let day = dayNumber(today); days.has(day); day--) n++
	return n
}

/** The longest run of consecutive days among `completionDays`. */
export function longestStreak(completionDays: Iterable<string>) {
	const sorted = [...new Set(Array.from(completionDays, dayNumber).filter(Number.isFinite))].sort((a, b) => a - b)
	let best = 0
	let run = 0
	for (let i = 0; i < sorted.length; i++) {
		run = i > 0 && sorted[i]! - sorted[i - 1]! === 1 ? run + 1 : 1
		best = Math.max(best, run)
	}
	return best
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
