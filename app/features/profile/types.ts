import type { ActivityDays } from './activity.ts'
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
	progress: { paths: PathProgress[]; activity: ActivityDays; totalXP: number }
	savedAt: string | null
}
