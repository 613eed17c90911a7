import type { CertificateSummary } from '~/features/certificates/types.ts'
import type { LinkedWallet } from '~/features/wallet/types.ts'
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
	/** The wallet tab's lists, read in the same statement. */
	wallets: LinkedWallet[]
	certificates: CertificateSummary[]
}
