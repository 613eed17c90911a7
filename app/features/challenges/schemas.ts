import { z } from 'zod'
import { CHALLENGE_LIMITS } from './types.ts'

// Bodies of the challenge routes (JSON). Messages are i18n keys.

const E = 'challenge.errors.'
const within = (v: string) => new TextEncoder().encode(v).length <= CHALLENGE_LIMITS.maxSourceBytes
// NUL cannot be stored in PostgreSQL text; the compiler would refuse it anyway.
const source = z
	.string({ error: `${E}invalidRequest` })
	.transform((v) => v.replace(/\u0000/g, ''))
	.refine(within, `${E}tooLarge`)

export const runSchema = z.object({ lessonId: z.uuid({ error: `${E}notFound` }), source })
export const draftSchema = z.object({ lessonId: z.uuid({ error: `${E}notFound` }), source: source.nullable() })
export const checkSchema = z.object({ starter: source, tests: source, solution: source })
