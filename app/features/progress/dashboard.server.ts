import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { challengeStats } from '~/features/challenges/attempts.server.ts'
import { lastSevenDays, streak, utcDay, weeklyGoalPercent, WEEKLY_GOAL } from './habits.ts'
import { completionDays, dashboardStats, firstLesson, resumePoint } from './progress.server.ts'

/**
 * Everything the dashboard home shows, in a fixed number of queries (five, six on a first visit), run in
 * parallel. With nothing to resume, `start` is the lesson the 'Start your first lesson' call opens.
 */
export async function dashboardHome(userId: string, now = new Date()) {
	const [stats, days, resume, paths, challenges] = await Promise.all([
		dashboardStats(userId),
		completionDays(userId),
		resumePoint(userId),
		listAvailablePaths(userId, { limit: 6 }),
		challengeStats(userId),
	])
	const start = resume ? null : await firstLesson(userId)
	const today = utcDay(now)
	const week = lastSevenDays(days, today)
	const thisWeek = week.reduce((n, d) => n + d.count, 0)
	return {
		stats,
		habits: { streak: streak(Object.keys(days), today), thisWeek, goal: WEEKLY_GOAL, goalPercent: weeklyGoalPercent(thisWeek), week },
		resume,
		start,
		firstVisit: !resume && stats.completedLessons === 0,
		paths,
		challenges,
	}
}
