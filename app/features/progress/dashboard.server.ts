import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { lastSevenDays, streak, utcDay, weeklyGoalPercent, WEEKLY_GOAL } from './habits.ts'
import { completionDays, dashboardStats, resumePoint } from './progress.server.ts'

/** Everything the dashboard home shows, in a fixed number of queries (four), run in parallel. */
export async function dashboardHome(userId: string, now = new Date()) {
	const [stats, days, resume, paths] = await Promise.all([
		dashboardStats(userId),
		completionDays(userId),
		resumePoint(userId),
		listAvailablePaths(userId, { limit: 6 }),
	])
	const today = utcDay(now)
	const week = lastSevenDays(days, today)
	const thisWeek = week.reduce((n, d) => n + d.count, 0)
	return {
		stats,
		habits: { streak: streak(Object.keys(days), today), thisWeek, goal: WEEKLY_GOAL, goalPercent: weeklyGoalPercent(thisWeek), week },
		resume,
		paths,
	}
}
