import { describe, expect, it } from 'vitest'
import { lessonFormSchema, pathFormSchema, roleChangeSchema, usersQuerySchema } from '~/features/admin/schemas.ts'
import { applicationSchema, inboxFilterSchema } from '~/features/applications/schemas.ts'
import { profileSchema } from '~/features/profile/schemas.ts'
import { tutorRequestSchema } from '~/features/tutor/schemas.ts'

// PostgreSQL text cannot hold NUL: before these schemas dropped control characters, each of these
// inputs reached the database and failed there (a 500). Found by tests/e2e/bad-input.spec.ts.
const NUL = '\u0000'

describe('every schema whose text reaches the database drops control characters', () => {
	it('profile tags', () => {
		const p = profileSchema.parse({ fullName: 'Ana', country: 'BR', stacks: [`So${NUL}lidity`], career: { desiredRoles: [`${NUL}Dev`, NUL] } })
		expect(p.stacks).toEqual(['So lidity'])
		expect(p.career.desiredRoles).toEqual(['Dev'])
	})
	it('application message (line breaks kept)', () => {
		const a = applicationSchema.parse({ type: 'professional', name: 'Ana', email: 'ana@example.test', message: `hi${NUL}\r\nthere\u0007` })
		expect(a.message).toBe('hi\nthere')
	})
	it('admin titles (one line) and Markdown (line breaks kept)', () => {
		expect(pathFormSchema.parse({ title: `A${NUL}${NUL} path\n`, slug: 'a-path' }).title).toBe('A path')
		const lesson = lessonFormSchema.parse({
			module_id: '00000000-0000-4000-8000-000000000000',
			title: 'Lesson',
			slug: 'lesson',
			lesson_type: 'text',
			order: '1',
			xp_value: '5',
			content: `# Title${NUL}\n\ntext\u0001`,
		})
		expect(lesson.content).toBe('# Title\n\ntext')
	})
	it('admin and inbox searches, and the role change email', () => {
		expect(usersQuerySchema.parse({ q: `ana${NUL}` }).q).toBe('ana')
		expect(inboxFilterSchema.parse({ q: NUL }).q).toBeUndefined()
		expect(roleChangeSchema.parse({ intent: 'grant', email: `ana${NUL}@example.test` }).email).toBe('ana @example.test')
	})
	it('tutor questions', () => {
		const r = tutorRequestSchema(2000).parse({
			mode: 'chat',
			lessonId: '00000000-0000-4000-8000-000000000000',
			messages: [{ role: 'user', content: `why${NUL}?\nok` }],
		})
		expect(r.mode === 'chat' && r.messages[0]!.content).toBe('why?\nok')
	})
})
