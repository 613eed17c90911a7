import { z } from 'zod'

export const enrollSchema = z.object({ intent: z.literal('enroll'), pathId: z.uuid() })

export const lessonActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('complete'), lessonId: z.uuid() }),
	z.object({
		intent: z.literal('answer'),
		lessonId: z.uuid(),
		index: z.coerce.number().int().min(0).max(1000),
		answer: z.string().min(1).max(2000),
	}),
])
