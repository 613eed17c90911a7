import { z } from 'zod'

/** What the achievements page may post; anything else (an amount, a user id) is refused or ignored. */
export const achievementActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('claim'), taskId: z.string().min(1).max(64) }),
	z.object({ intent: z.literal('connect-github') }),
])
