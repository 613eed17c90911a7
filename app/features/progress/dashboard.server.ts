import { sql } from 'drizzle-orm'
import { listAvailablePaths } from '~/features/catalog/catalog.server.ts'
import { catalogContext, type CatalogColumns } from '~/features/catalog/learner-state.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { challengeColumn, challengeStatsOf } from '~/features/challenges/attempts.server.ts'
import { log } from '~/lib/log.server.ts'
import { isConnectionFault } from '#db/faults.ts'
import { lastSevenDays, streak, utcDay, weeklyGoalPercent, WEEKLY_GOAL } from './habits.ts'
import {
	completionDaysColumn,
	completionDaysOf,
	dashboardStats,
	firstLesson,
	recentLessonsColumn,
	resumePoint,
	totalsColumns,
	type DashboardStats,
	type Totals,
} from './progress.server.ts'
import type { Section } from './section-faults.server.ts'

/** A section's data, or the fact that it failed (the page shows that section's message and a retry). */
export type Settled<T> = { ok: true; value: T } | { ok: false }

/**
 * One section's query, failing on its own: a broken query blanks its card, not the dashboard. A database
 * that is away is not a section's failure: that still becomes the whole page's 503 (errors.unavailable).
 */
async function settle<T>(section: Section, check: (s: Section) => void, run: () => Promise<T>): Promise<Settled<T>> {
	try {
		check(section)
		return { ok: true, value: await run() }
	} catch (err) {
		if (isConnectionFault(err)) throw err
		log.error('dashboard section failed', { section, message: err instanceof Error ? err.message : String(err) })
		return { ok: false }
	}
}

const dashboardColumns: CatalogColumns = (userId) =>
	sql.join([totalsColumns(userId), completionDaysColumn(userId), challengeColumn(userId), sql`${recentLessonsColumn(userId)} AS recent`], sql`, `)

const ZERO_STATS: DashboardStats = { totalXP: 0, completedLessons: 0, inProgressPaths: 0, enrolledPaths: 0, totalTimeSpent: 0 }

type DashboardColumns = Totals & { days: unknown; challenges: unknown; recent: string[] | null }

/**
 * Everything the dashboard home shows, from one statement (the learner's catalog state, totals, habit
 * days, challenge figures and recent lessons, with the curriculum's version) and the kept curriculum; a
 * second only on a first visit with nothing to resume. Each section settles on its own. With nothing to
 * resume, `start` is the lesson the 'Start your first lesson' call opens. `check` is the test-only fault
 * switch (section-faults.server.ts).
 */
export async function dashboardHome(userId: string, now = new Date(), check: (s: Section) => void = () => {}, lang: Language = 'en-US') {
	const shared = catalogContext<DashboardColumns>(userId, dashboardColumns)
	// Each section awaits it inside its own settle; this only keeps an early failure from being unhandled.
	shared.catch(() => {})
	const [stats, days, resume, paths, challenges] = await Promise.all([
		settle('stats', check, async () => {
			const read = await shared
			return dashboardStats(read, read.extra)
		}),
		settle('habits', check, async () => completionDaysOf((await shared).extra.days)),
		settle('resume', check, async () => {
			const read = await shared
			return resumePoint(userId, lang, read, read.extra.recent ?? null)
		}),
		settle('paths', check, async () => listAvailablePaths(userId, { limit: 6, lang, context: await shared })),
		settle('challenges', check, async () => challengeStatsOf((await shared).extra.challenges)),
	])
	const resumed = resume.ok ? resume.value : null
	const start = resume.ok && !resumed ? await settle('resume', check, async () => firstLesson(userId, lang, await shared)) : null
	const today = utcDay(now)
	const habits: Settled<{ streak: number; thisWeek: number; goal: number; goalPercent: number; week: ReturnType<typeof lastSevenDays> }> = days.ok
		? (() => {
				const week = lastSevenDays(days.value, today)
				const thisWeek = week.reduce((n, d) => n + d.count, 0)
				return {
					ok: true,
					value: { streak: streak(Object.keys(days.value), today), thisWeek, goal: WEEKLY_GOAL, goalPercent: weeklyGoalPercent(thisWeek), week },
				}
			})()
		: { ok: false }
	const statsValue = stats.ok ? stats.value : ZERO_STATS
	return {
		stats: statsValue,
		statsFailed: !stats.ok,
		habits,
		resume: resume.ok ? { ok: true as const, value: resumed } : { ok: false as const },
		start: start?.ok ? start.value : null,
		// Only when we know: a failed read of progress is not a first visit.
		firstVisit: stats.ok && resume.ok && !resumed && statsValue.completedLessons === 0,
		paths,
		challenges,
	}
}
