import { sql } from 'drizzle-orm'
import type { SessionUser } from '~/features/auth/user.ts'
import { completionDays } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import type { ProfileFacts } from '~/features/achievements/rules.ts'
import { getDb } from '~/lib/db.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { activityGrid } from './activity.ts'
import { countryOptions } from './countries.ts'
import type { Profile, ProfileForm } from './schema.ts'
import type { PathProgress, ProfilePageData } from './types.ts'

// The profile columns are the achievement rules' facts, plus what only this page shows.
type ProfileRow = ProfileFacts & {
	career: Profile['career'] | Record<string, never>
	updatedAt: string | null
	totalXP: number
}

/** The stored profile (or an empty one, prefilled with the account's name) as the form's state. */
function toForm(row: ProfileRow | undefined, user: SessionUser): ProfileForm {
	const c: Partial<Profile['career']> = row?.career ?? {}
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

async function profileRow(userId: string) {
	const db = await getDb()
	const [row] = rowsOf<ProfileRow>(
		await db.execute(sql`
			SELECT p.full_name AS "fullName", p.country, p.city, p.languages, p.years_experience AS "yearsExperience",
				p.stacks, p.skills_to_develop AS "skillsToDevelop", p.position_company AS "positionCompany",
				p.linkedin_url AS "linkedinUrl", p.github_url AS "githubUrl", p.career, p.updated_at AS "updatedAt",
				(SELECT coalesce(sum(amount), 0)::int FROM xp_ledger WHERE user_id = ${userId}) AS "totalXP"
			FROM (SELECT 1) one
			LEFT JOIN user_profiles p ON p.user_id = ${userId}
		`),
	)
	return row
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
	const career = JSON.stringify(p.career)
	await db.transaction(async (tx) => {
		await tx.execute(sql`
			INSERT INTO user_profiles (user_id, full_name, country, city, languages, years_experience, stacks, skills_to_develop,
				position_company, linkedin_url, github_url, career)
			VALUES (${userId}, ${p.fullName}, ${p.country}, ${p.city || null}, ${JSON.stringify(p.languages)}::jsonb, ${p.yearsExperience},
				${JSON.stringify(p.stacks)}::jsonb, ${JSON.stringify(p.skillsToDevelop)}::jsonb, ${p.positionCompany || null},
				${p.linkedinUrl}, ${p.githubUrl}, ${career}::jsonb)
			ON CONFLICT (user_id) DO UPDATE SET
				full_name = excluded.full_name, country = excluded.country, city = excluded.city, languages = excluded.languages,
				years_experience = excluded.years_experience, stacks = excluded.stacks, skills_to_develop = excluded.skills_to_develop,
				position_company = excluded.position_company, linkedin_url = excluded.linkedin_url, github_url = excluded.github_url,
				career = excluded.career, updated_at = now()
		`)
		await tx.execute(sql`UPDATE "user" SET name = ${p.fullName}, updated_at = now() WHERE id = ${userId}`)
	})
}
