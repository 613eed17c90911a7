import { z } from 'zod'
import { stripControls } from '~/lib/text.ts'

// The browser sends only the mode, the lesson and the learner's words: the server owns the context,
// the model and its parameters. Unknown keys (lessonContext, model, temperature...) are refused.

const tutorRoles = ['user', 'assistant'] as const
export type TutorRole = (typeof tutorRoles)[number]

/** A hard ceiling whatever the configuration says, so a parse never walks megabytes of JSON. */
const HARD_MAX_CHARS = 20_000

const message = z.strictObject({
	role: z.enum(tutorRoles),
	// Control characters go (a NUL cannot even be stored); line breaks stay.
	content: z.string().max(HARD_MAX_CHARS, 'tutor.errors.tooLong').transform(stripControls),
})

function buildTutorRequestSchema(maxMessageChars: number) {
	return z.discriminatedUnion('mode', [
		z.strictObject({ mode: z.literal('suggest'), lessonId: z.uuid('tutor.errors.lessonNotFound') }),
		z.strictObject({
			mode: z.literal('chat'),
			lessonId: z.uuid('tutor.errors.lessonNotFound'),
			// The stored conversation is the history; only the last entry, the learner's new message, is used.
			messages: z
				.array(message)
				.min(1, 'tutor.errors.blank')
				.max(50, 'tutor.errors.invalid')
				.refine((list) => list.at(-1)?.role === 'user', 'tutor.errors.invalid')
				.refine((list) => (list.at(-1)?.content.trim().length ?? 0) > 0, 'tutor.errors.blank')
				.refine((list) => (list.at(-1)?.content.trim().length ?? 0) <= maxMessageChars, 'tutor.errors.tooLong'),
		}),
	])
}
// Built once per limit: a zod schema costs more to build than to use (building one per request was 4.5 % of
// a tutor request's CPU in a profile, and each new schema prepares its parser again on first use).
const bySize = new Map<number, ReturnType<typeof buildTutorRequestSchema>>()
export function tutorRequestSchema(maxMessageChars: number) {
	let schema = bySize.get(maxMessageChars)
	if (!schema) bySize.set(maxMessageChars, (schema = buildTutorRequestSchema(maxMessageChars)))
	return schema
}
export type TutorRequest = z.infer<ReturnType<typeof tutorRequestSchema>>

export const lessonQuerySchema = z.object({ lessonId: z.uuid('tutor.errors.lessonNotFound') })

/** The first problem, as a code under tutor.errors. */
export function requestProblem(error: z.ZodError): string {
	const key = error.issues[0]?.message ?? ''
	return key.startsWith('tutor.errors.') ? key.slice('tutor.errors.'.length) : 'invalid'
}

/* Shapes the chat panel reads. */
export type TutorMessage = { id: string; role: TutorRole; content: string }
export type ConversationPayload = { messages: TutorMessage[]; maxMessageChars: number }
export type SuggestPayload = { suggestions: string[] }
export type ChatPayload = { reply: string; source: TutorSource }
export type TutorSource = 'ai' | 'offline'
export type ErrorPayload = { error: string; code: string }

/** Events of the chat stream (one JSON object per SSE `data:` line). */
export type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; source: TutorSource } | { type: 'error'; message: string }
