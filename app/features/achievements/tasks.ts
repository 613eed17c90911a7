// The achievement tasks of spec section 3, with their XP. Statuses are computed by rules.ts.

export const taskCategories = ['community', 'profile', 'learning', 'social'] as const
export type TaskCategory = (typeof taskCategories)[number]

export const taskIds = [
	'join-telegram',
	'join-discord',
	'first-message',
	'verify-email',
	'complete-profile',
	'connect-github',
	'connect-linkedin',
	'follow-twitter',
	'share-progress',
	'first-lesson',
	'streak-7',
	'complete-path',
	'perfect-quiz',
	'first-challenge',
] as const
export type TaskId = (typeof taskIds)[number]

/** Where a self-reported task sends the learner before they confirm it. */
export type ExternalLink = 'telegram' | 'discord' | 'twitter' | 'share'

export type TaskDef = {
	id: TaskId
	xp: number
	category: TaskCategory
	/** The server cannot check it: the learner opens the link, then confirms. */
	selfReported: boolean
	link?: ExternalLink
}

export const tasks: readonly TaskDef[] = [
	{ id: 'join-telegram', xp: 100, category: 'community', selfReported: true, link: 'telegram' },
	{ id: 'join-discord', xp: 100, category: 'community', selfReported: true, link: 'discord' },
	{ id: 'first-message', xp: 50, category: 'community', selfReported: false },
	{ id: 'verify-email', xp: 150, category: 'profile', selfReported: false },
	{ id: 'complete-profile', xp: 200, category: 'profile', selfReported: false },
	{ id: 'connect-github', xp: 100, category: 'profile', selfReported: false },
	{ id: 'connect-linkedin', xp: 100, category: 'profile', selfReported: false },
	{ id: 'follow-twitter', xp: 75, category: 'social', selfReported: true, link: 'twitter' },
	{ id: 'share-progress', xp: 150, category: 'social', selfReported: true, link: 'share' },
	{ id: 'first-lesson', xp: 50, category: 'learning', selfReported: false },
	{ id: 'streak-7', xp: 300, category: 'learning', selfReported: false },
	{ id: 'complete-path', xp: 500, category: 'learning', selfReported: false },
	{ id: 'perfect-quiz', xp: 200, category: 'learning', selfReported: false },
	// Not in the spec's list: added with code challenges (issue 18).
	{ id: 'first-challenge', xp: 100, category: 'learning', selfReported: false },
]

const byId = new Map<string, TaskDef>(tasks.map((t) => [t.id, t]))
export const taskById = (id: string): TaskDef | undefined => byId.get(id)

// The community's public addresses, kept in one place.
export const communityLinks = {
	telegram: 'https://t.me/learnchain',
	discord: 'https://discord.gg/learnchain',
	twitter: 'https://x.com/learnchain',
} as const

/** A prefilled post that shares the learner's progress. */
export function shareLink(text: string, url: string) {
	return `https://x.com/intent/post?${new URLSearchParams({ text, url })}`
}

export const STREAK_GOAL = 7
export const PROFILE_FIELDS = 10
