import { and, eq, sql } from 'drizzle-orm'
import {
	courses,
	learningPaths,
	lessons,
	modules,
	user,
	userEnrollments,
	userProfiles,
	userProgress,
	xpLedger,
	xpTotals,
	type CareerPreferences,
} from '#db/schema.ts'
import type { SessionUser } from '~/features/auth/user.ts'
import { localize } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { completionDays } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import type { ProfileFacts } from '~/features/achievements/rules.ts'
import { getDb } from '~/lib/db.server.ts'
import { activityGrid } from './activity.ts'
import { countryOptions } from './countries.ts'
import type { Profile, ProfileForm } from './schemas.ts'
import type { PathProgress, ProfilePageData } from './types.ts'

// The profile columns are the achievement rules' facts, plus what only this page shows.
type ProfileRow = ProfileFacts & {
	career: CareerPreferences
	updatedAt: string | null
	totalXP: number
}

/** The stored profile (or an empty one, prefilled with the account's name) as the form's state. */
function toForm(row: ProfileRow | undefined, user: SessionUser): ProfileForm {
	const c: CareerPreferences = row?.career ?? {}
	return {
		fullName: row?.fullName ?? user.name ?? '',
		country: row?.country ?? '',
		city: row?.city ?? '',
		languages: row?.languages ?? [],
		yearsExperience: String(row?.yearsExperience ?? 0),
		stacks: row?.stacks ?? [],
		skillsToDevelop: row?.skillsToDevelop ?? [],
		positionCompany: row?.positionCompany ?? '',
		linkedinUrl: row?.linkedinUrl ?? '',
		githubUrl: row?.githubUrl ?? '',
		career: {
			jobSearchStatus: c.jobSearchStatus ?? '',
			desiredRoles: c.desiredRoles ?? [],
			workModes: c.workModes ?? [],
			preferredLocations: c.preferredLocations ?? [],
			availabilityDate: c.availabilityDate ?? '',
			salaryExpectationUsd: c.salaryExpectationUsd == null ? '' : String(c.salaryExpectationUsd),
			openToRelocation: c.openToRelocation ?? false,
		},
	}
}

async function profileRow(userId: string): Promise<ProfileRow | undefined> {
	const db = await getDb()
	// The account row always exists; the profile and the XP total (kept by triggers on the ledger) may not yet.
	const [row] = await db
		.select({
			fullName: userProfiles.fullName,
			country: userProfiles.country,
			city: userProfiles.city,
			languages: userProfiles.languages,
			yearsExperience: userProfiles.yearsExperience,
			stacks: userProfiles.stacks,
			skillsToDevelop: userProfiles.skillsToDevelop,
			positionCompany: userProfiles.positionCompany,
			linkedinUrl: userProfiles.linkedinUrl,
			githubUrl: userProfiles.githubUrl,
			career: userProfiles.career,
			updatedAt: userProfiles.updatedAt,
			totalXP: xpTotals.xp,
		})
		.from(user)
		.leftJoin(userProfiles, eq(userProfiles.userId, user.id))
		.leftJoin(xpTotals, and(eq(xpTotals.userId, user.id), eq(xpTotals.period, 'all'), eq(xpTotals.scope, 'all')))
		.where(eq(user.id, userId))
	if (!row) return undefined
	return {
		...row,
		languages: row.languages ?? [],
		yearsExperience: row.yearsExperience ?? 0,
		stacks: row.stacks ?? [],
		skillsToDevelop: row.skillsToDevelop ?? [],
		career: row.career ?? {},
		updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
		totalXP: row.totalXP ?? 0,
	}
}

/** Per enrolled (published) path: its title in the reader's language, published lessons done of total, the path's lesson XP, last activity. */
async function pathProgress(userId: string, lang: Language): Promise<PathProgress[]> {
	const db = await getDb()
	const [e, p, c, m, l, up, x] = [userEnrollments, learningPaths, courses, modules, lessons, userProgress, xpLedger]
	const lastActivity = sql`max(greatest(${up.completedAt}, ${up.lastViewedAt}))`
	const { rows } = await db.execute<Omit<PathProgress, 'percent'> & { titlePt: string | null }>(sql`
		SELECT ${p.id} AS id, ${p.title} AS title, ${p.titlePt} AS "titlePt",
			count(${l.id})::int AS total,
			count(${up.id}) FILTER (WHERE ${up.status} = 'completed')::int AS done,
			coalesce(sum(${x.amount}), 0)::int AS xp,
			${lastActivity} AS "lastActivity"
		FROM ${e}
		JOIN ${p} ON ${p.id} = ${e.learningPathId} AND ${p.isPublished}
		LEFT JOIN ${c} ON ${c.pathId} = ${p.id} AND ${c.isPublished}
		LEFT JOIN ${m} ON ${m.courseId} = ${c.id} AND ${m.isPublished}
		LEFT JOIN ${l} ON ${l.moduleId} = ${m.id} AND ${l.isPublished}
		LEFT JOIN ${up} ON ${up.lessonId} = ${l.id} AND ${up.userId} = ${userId}
		LEFT JOIN ${x} ON ${x.userId} = ${userId} AND ${x.sourceKind} = 'lesson' AND ${x.sourceId} = ${l.id}::text
		WHERE ${e.userId} = ${userId} AND ${e.isActive}
		GROUP BY ${p.id}, ${p.title}, ${e.createdAt}
		ORDER BY ${lastActivity} DESC NULLS LAST, ${e.createdAt}
	`)
	return rows.map((r) => {
		const total = Number(r.total)
		const done = Number(r.done)
		const lastActivity = r.lastActivity ? new Date(r.lastActivity).toISOString() : null
		const title = localize(lang, r.title, r.titlePt).text
		return { id: r.id, title, total, done, xp: Number(r.xp), lastActivity, percent: total ? Math.round((done / total) * 100) : 0 }
	})
}

/** Everything the profile page shows, in three queries run in parallel. */
export async function profilePage(user: SessionUser, language: Language, now = new Date()): Promise<ProfilePageData> {
	const [row, paths, days] = await Promise.all([profileRow(user.id), pathProgress(user.id, language), completionDays(user.id)])
	const heatmap = activityGrid(days, utcDay(now))
	const saved = row?.updatedAt ? new Date(row.updatedAt).toISOString() : null
	return {
		email: user.email,
		form: toForm(row && saved ? row : undefined, user),
		countries: countryOptions(language),
		progress: {
			paths,
			heatmap,
			totalXP: Number(row?.totalXP ?? 0),
			activeDays: heatmap.flat().filter((c) => c.count > 0).length,
		},
		savedAt: saved,
	}
}

/** Store the validated profile (one row per user); the account's display name follows the full name. */
export async function saveProfile(userId: string, p: Profile) {
	const db = await getDb()
	const values = {
		fullName: p.fullName,
		country: p.country,
		city: p.city || null,
		languages: p.languages,
		yearsExperience: p.yearsExperience,
		stacks: p.stacks,
		skillsToDevelop: p.skillsToDevelop,
		positionCompany: p.positionCompany || null,
		linkedinUrl: p.linkedinUrl,
		githubUrl: p.githubUrl,
		career: p.career,
	}
	await db.transaction(async (tx) => {
		await tx
			.insert(userProfiles)
			.values({ userId, ...values })
			.onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: sql`now()` } })
		await tx
			.update(user)
			.set({ name: p.fullName, updatedAt: sql`now()` })
			.where(eq(user.id, userId))
	})
}
