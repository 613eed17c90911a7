import { describe, expect, it } from 'vitest'
import { requestProblem, tutorRequestSchema } from './schemas.ts'

const lessonId = '0b9a4f2e-6d1c-4c1e-9a43-2f5d8e7c1a10'
const chat = (content: string) => ({ mode: 'chat', lessonId, messages: [{ role: 'user', content }] })

describe('tutorRequestSchema', () => {
	it('is built once per message limit, and each keeps its own limit', () => {
		const short = tutorRequestSchema(10)
		expect(tutorRequestSchema(10)).toBe(short)
		const long = tutorRequestSchema(100)
		expect(long).not.toBe(short)

		const twenty = chat('x'.repeat(20))
		const refused = short.safeParse(twenty)
		expect(refused.success).toBe(false)
		if (!refused.success) expect(requestProblem(refused.error)).toBe('tooLong')
		expect(long.safeParse(twenty).success).toBe(true)
		// Asked again after the other: still its own limit.
		expect(tutorRequestSchema(10).safeParse(twenty).success).toBe(false)
	})
})
