import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { challengeStats } from '~/features/challenges/attempts.server.ts'
import { lastSevenDays, streak, utcDay, weeklyGoalPercent, WEEKLY_GOAL } from './habits.ts'
import { completionDays, dashboardStats, resumePoint } from './progress.server.ts'

/** Everything the dashboard home shows, in a fixed number of queries (five), run in parallel. */
export async function dashboardHome(userId: string, now = new Date(), lang: Language = 'en-US') {
	const [stats, days, resume, paths, challenges] = await Promise.all([
		dashboardStats(userId),
		completionDays(userId),
		resumePoint(userId),
		listAvailablePaths(userId, { limit: 6, lang }),
		challengeStats(userId),
	])
	const today = utcDay(now)
	const week = lastSevenDays(days, today)
	const thisWeek = week.reduce((n, d) => n + d.count, 0)
	return {
		stats,
		habits: { streak: streak(Object.keys(days), today), thisWeek, goal: WEEKLY_GOAL, goalPercent: weeklyGoalPercent(thisWeek), week },
		resume,
		paths,
		challenges,
	}
}
