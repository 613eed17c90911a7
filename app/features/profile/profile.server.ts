import { eq, sql, type AnyColumn } from 'drizzle-orm'
import { learnerPathActivity, user, userEnrollments, userProfiles, xpTotals, type CareerPreferences } from '#db/schema.ts'
import type { SessionUser } from '~/features/auth/user.ts'
import { pathLessonsDone } from '~/features/catalog/curriculum.server.ts'
import { catalogContext, type CatalogColumns, type CatalogContext } from '~/features/catalog/learner-state.server.ts'
import { localize } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { certificatesColumn, certificatesOf } from '~/features/certificates/certificates.server.ts'
import { walletsColumn, walletsOf } from '~/features/wallet/wallets.server.ts'
import { completionDaysColumn, completionDaysOf } from '~/features/progress/progress.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
import type { ProfileFacts } from '~/features/achievements/rules.ts'
import { getDb } from '~/lib/db.server.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { activityDays } from './activity.ts'
import type { Profile, ProfileForm } from './schemas.ts'
import type { PathProgress, ProfilePageData } from './types.ts'

// The profile columns are the achievement rules' facts, plus what only this page shows.
type ProfileRow = ProfileFacts & {
	career: CareerPreferences
	updatedAt: string | null
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

/** The achievement rules' profile facts of a user_profiles row (`p`, a table or its alias), as JSON object fields. */
export const profileFactsFields = (p: Record<keyof ProfileFacts, AnyColumn>) =>
	sql`'fullName', ${p.fullName}, 'country', ${p.country}, 'city', ${p.city}, 'languages', ${p.languages},
		'yearsExperience', ${p.yearsExperience}, 'stacks', ${p.stacks}, 'skillsToDevelop', ${p.skillsToDevelop},
		'positionCompany', ${p.positionCompany}, 'linkedinUrl', ${p.linkedinUrl}, 'githubUrl', ${p.githubUrl}`

type ProfileColumns = { profile: ProfileRow | null; total_xp: number | null; days: unknown; path_facts: unknown; wallets: unknown; certificates: unknown }

/**
 * The page's own columns in the learner's catalog statement: the stored profile, and what triggers keep for
 * it: the total XP, the completion days, and per active enrollment the path's XP and last activity; then the
 * wallet tab's linked wallets and certificates (two statements of their own before: each one costs the
 * embedded database about half a millisecond before it reads a row). The
 * lessons done and total of each path come from the kept curriculum and completed set. No column reads every
 * lesson of the learner's paths or their whole history, as the page's reads did before (issue 21).
 */
const profileColumns: CatalogColumns = (userId) => {
	const [p, e, t, a] = [userProfiles, userEnrollments, xpTotals, learnerPathActivity]
	return sql`
		(SELECT json_build_object(${profileFactsFields(p)}, 'career', ${p.career}, 'updatedAt', ${p.updatedAt})
			FROM ${p} WHERE ${p.userId} = ${userId}) AS profile,
		(SELECT ${t.xp} FROM ${t} WHERE ${t.userId} = ${userId} AND ${t.period} = 'all' AND ${t.scope} = 'all') AS total_xp,
		${completionDaysColumn(userId)},
		(SELECT json_agg(json_build_array(${e.learningPathId}, coalesce(${t.xp}, 0), ${a.lastAt}) ORDER BY ${e.createdAt}, ${e.id})
			FROM ${e}
			-- The path's XP is its scoreboard's: xp_totals, per path the lesson was in when earned.
			LEFT JOIN ${t} ON ${t.userId} = ${userId} AND ${t.period} = 'all' AND ${t.scope} = ${e.learningPathId}::text
			LEFT JOIN ${a} ON ${a.userId} = ${userId} AND ${a.pathId} = ${e.learningPathId}
			WHERE ${e.userId} = ${userId} AND ${e.isActive}) AS path_facts,
		${walletsColumn(userId)},
		${certificatesColumn(userId)}`
}

/**
 * Per enrolled published path, most recent activity first (then in enrollment order): its published lessons done of
 * total (the kept tree and the learner's completed set, as the catalog counts them), its XP, last activity.
 */
function pathsProgress({ tree, learner }: CatalogContext, facts: [string, number, string | null][], lang: Language): PathProgress[] {
	const paths: PathProgress[] = []
	for (const [id, xp, at] of facts) {
		const path = tree.path.get(id)
		if (!path?.isPublished) continue
		const { done, total } = pathLessonsDone(path, learner.completed)
		const lastActivity = at ? new Date(at).toISOString() : null
		paths.push({
			id,
			title: localize(lang, path.title, path.titlePt).text,
			done,
			total,
			percent: total ? Math.round((done / total) * 100) : 0,
			xp: Number(xp),
			lastActivity,
		})
	}
	// Most recent activity first, paths never touched last; the sort is stable, so ties keep enrollment order.
	return paths.sort((a, b) => (b.lastActivity ?? '').localeCompare(a.lastActivity ?? ''))
}

/** Everything the profile page shows, in one statement (the learner's catalog statement with the page's columns). */
export async function profilePage(user: SessionUser, language: Language, now = new Date()): Promise<ProfilePageData> {
	const context = await catalogContext<ProfileColumns>(user.id, profileColumns)
	const { profile, total_xp, days, path_facts, wallets, certificates } = context.extra
	const row = jsonValue<ProfileRow | null>(profile, null)
	const saved = row?.updatedAt ? new Date(row.updatedAt).toISOString() : null
	return {
		email: user.email,
		form: toForm(row && saved ? row : undefined, user),
		progress: {
			paths: pathsProgress(context, jsonValue(path_facts, []), language),
			activity: activityDays(completionDaysOf(days), utcDay(now)),
			totalXP: Number(total_xp ?? 0),
		},
		savedAt: saved,
		wallets: walletsOf(wallets),
		certificates: certificatesOf(certificates, language, context.tree),
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
