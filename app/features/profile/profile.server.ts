import { and, eq, sql } from 'drizzle-orm'
import { user, userProfiles, xpTotals, type CareerPreferences } from '#db/schema.ts'
import type { SessionUser } from '~/features/auth/user.ts'
import { completionDays } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import type { ProfileFacts } from '~/features/achievements/rules.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
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

/** Per enrolled (published) path: published lessons done of total, the path's lesson XP, last activity. */
export async function pathProgress(userId: string): Promise<PathProgress[]> {
	const db = await getDb()
	const rows = rowsOf<Omit<PathProgress, 'percent'>>(
		await db.execute(sql`
			SELECT p.id, p.title,
				count(l.id)::int AS total,
				count(up.id) FILTER (WHERE up.status = 'completed')::int AS done,
				coalesce(sum(x.amount), 0)::int AS xp,
				max(greatest(up.completed_at, up.last_viewed_at)) AS "lastActivity"
			FROM user_enrollments e
			JOIN learning_paths p ON p.id = e.learning_path_id AND p.is_published
			LEFT JOIN courses c ON c.path_id = p.id AND c.is_published
			LEFT JOIN modules m ON m.course_id = c.id AND m.is_published
			LEFT JOIN lessons l ON l.module_id = m.id AND l.is_published
			LEFT JOIN user_progress up ON up.lesson_id = l.id AND up.user_id = ${userId}
			LEFT JOIN xp_ledger x ON x.user_id = ${userId} AND x.source_kind = 'lesson' AND x.source_id = l.id::text
			WHERE e.user_id = ${userId} AND e.is_active
			GROUP BY p.id, p.title, e.created_at
			ORDER BY max(greatest(up.completed_at, up.last_viewed_at)) DESC NULLS LAST, e.created_at
		`),
	)
	return rows.map((r) => {
		const total = Number(r.total)
		const done = Number(r.done)
		const lastActivity = r.lastActivity ? new Date(r.lastActivity).toISOString() : null
		return { ...r, total, done, xp: Number(r.xp), lastActivity, percent: total ? Math.round((done / total) * 100) : 0 }
	})
}

/** Everything the profile page shows, in three queries run in parallel. */
export async function profilePage(user: SessionUser, language: string, now = new Date()): Promise<ProfilePageData> {
	const [row, paths, days] = await Promise.all([profileRow(user.id), pathProgress(user.id), completionDays(user.id)])
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
		await tx.update(user).set({ name: p.fullName, updatedAt: sql`now()` }).where(eq(user.id, userId))
	})
}
