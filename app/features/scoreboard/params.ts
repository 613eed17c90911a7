import { z } from 'zod'

const boardTabs = ['global', 'path'] as const
export const periods = ['week', 'all'] as const
export type BoardTab = (typeof boardTabs)[number]
export type Period = (typeof periods)[number]

export const TOP_N = 10

/** The board's query string; unknown values fall back to the defaults instead of failing. */
export const boardQuerySchema = z.object({
	tab: z.enum(boardTabs).catch('global'),
	period: z.enum(periods).catch('all'),
	path: z.uuid().optional().catch(undefined),
})

export type BoardQuery = z.infer<typeof boardQuerySchema>

/** "This week" starts on Monday 00:00 UTC. */
export function weekStart(now: Date): Date {
	const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
	d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
	return d
}

/** Initials for an avatar from a display name (never from an email, which other learners must not see). */
export function nameInitials(name: string | null | undefined) {
	const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
	const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0]?.slice(0, 2) ?? '')
	return letters.toUpperCase() || '?'
}

export type BoardRow = {
	rank: number
	userId: string
	name: string | null
	email: string | null
	image: string | null
	xp: number
	lessons: number
	/** Code challenges whose tests the learner passed. */
	challenges: number
	isViewer: boolean
}

export type BoardPath = { id: string; title: string; slug: string }
