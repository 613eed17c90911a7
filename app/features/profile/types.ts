import type { HeatCell } from './activity.ts'
import type { CountryOption } from './countries.ts'
import type { ProfileForm } from './schemas.ts'

/** One enrolled path on the Learning Progress tab. */
export type PathProgress = {
	id: string
	title: string
	done: number
	total: number
	percent: number
	xp: number
	lastActivity: string | null
}

export type ProfilePageData = {
	email: string
	form: ProfileForm
	countries: readonly CountryOption[]
	progress: { paths: PathProgress[]; heatmap: HeatCell[][]; totalXP: number; activeDays: number }
	savedAt: string | null
}
