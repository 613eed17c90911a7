import { describe, expect, it } from 'vitest'
import en from '~/locales/en-US.json'
import { fieldErrors } from '~/lib/field-errors.ts'
import { courseFormSchema, errorText, lessonFormSchema, moduleFormSchema, pathFormSchema } from './schemas.ts'

const uuid = '6f1c2a8e-3b1d-4c7a-9e2f-1a2b3c4d5e6f'
const errors = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: Record<string, string>) => {
	const r = schema.safeParse(input)
	return r.success ? {} : fieldErrors(r.error as never)
}

/** The English text of an error key, as the form shows it. */
function text(message: string | undefined) {
	const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) as string
	return message ? errorText((key, opts) => lookup(key).replace('{{n}}', String(opts?.n)), message) : undefined
}

describe('admin form schemas', () => {
	it('trim strings, store empty optional strings as null and default publication to off', () => {
		expect(pathFormSchema.parse({ title: '  Solidity  ', slug: ' solidity ', description: '   ', title_pt: '  ' })).toEqual({
			title: 'Solidity',
			title_pt: null,
			slug: 'solidity',
			description: null,
			description_pt: null,
			level: null,
			prerequisites: null,
			prerequisites_pt: null,
			is_published: false,
		})
	})

	it('keep the Portuguese twins and the level, and refuse an unknown level', () => {
		const parsed = pathFormSchema.parse({
			title: 'Solidity',
			title_pt: '  Solidity em português ',
			slug: 'solidity',
			level: 'advanced',
			prerequisites_pt: 'Nenhum',
		})
		expect(parsed).toMatchObject({ title_pt: 'Solidity em português', level: 'advanced', prerequisites_pt: 'Nenhum' })
		expect(text(errors(pathFormSchema, { title: 'Solidity', slug: 'solidity', level: 'expert' }).level)).toBe('Choose beginner, intermediate or advanced')
	})

	it('use the spec messages for title and slug', () => {
		expect(text(errors(pathFormSchema, { title: 'ab', slug: 'ab' }).title)).toBe('Title must have at least 3 characters')
		expect(text(errors(pathFormSchema, { title: 'abc', slug: 'ab' }).slug)).toBe('Slug must have at least 3 characters')
		for (const slug of ['Upper', 'two--hyphens', '-lead', 'trail-', 'sp ace', 'acentuação'])
			expect(text(errors(pathFormSchema, { title: 'abc', slug }).slug), slug).toBe('Use lowercase letters, numbers, and hyphens only')
		expect(errors(pathFormSchema, { title: 'abc', slug: 'a'.repeat(81) }).slug).toBe('admin.errors.slugMax')
		expect(errors(pathFormSchema, { title: 'abc', slug: 'erc-20-tokens' })).toEqual({})
	})

	it('coerce numbers and give the course rules their messages', () => {
		const base = { path_id: uuid, title: 'Course', slug: 'course', order: '2', duration_minutes: '', thumbnail_url: '' }
		expect(courseFormSchema.parse(base)).toMatchObject({ order: 2, duration_minutes: null, thumbnail_url: null, summary: null })
		expect(courseFormSchema.parse({ ...base, duration_minutes: ' 15 ' }).duration_minutes).toBe(15)
		const e = errors(courseFormSchema, { ...base, path_id: 'nope', summary: 'x'.repeat(201), order: '0', thumbnail_url: 'notaurl' })
		expect(Object.fromEntries(Object.entries(e).map(([k, v]) => [k, text(v)]))).toEqual({
			path_id: 'Select a learning path',
			summary: 'Summary is too long',
			order: 'Order must be at least 1',
			thumbnail_url: 'Must be a valid URL',
		})
		expect(text(errors(courseFormSchema, { ...base, order: '1.5' }).order)).toBe('Order must be an integer')
		expect(text(errors(courseFormSchema, { ...base, order: 'abc' }).order)).toBe('Order must be an integer')
		expect(text(errors(courseFormSchema, { ...base, order: '' }).order)).toBe('Order must be an integer')
		expect(text(errors(courseFormSchema, { ...base, duration_minutes: '-1' }).duration_minutes)).toBe('Duration must be zero or greater')
		// Only web links may become a thumbnail link.
		expect(errors(courseFormSchema, { ...base, thumbnail_url: 'javascript:alert(1)' }).thumbnail_url).toBe('admin.errors.urlInvalid')
	})

	it('requires a course for a module', () => {
		expect(text(errors(moduleFormSchema, { title: 'Module', slug: 'module', order: '1' }).course_id)).toBe('Select a course')
	})

	it('checks each lesson type and names the wrong quiz question', () => {
		const base = { module_id: uuid, title: 'Lesson', slug: 'lesson', order: '1', xp_value: '10' }
		expect(text(errors(lessonFormSchema, { ...base, module_id: '', lesson_type: 'text', content: 'x' }).module_id)).toBe('Select a module')
		expect(text(errors(lessonFormSchema, { ...base, xp_value: '-1', lesson_type: 'text', content: 'x' }).xp_value)).toBe('XP must be zero or greater')
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'text', content: '   ' }).content)).toBe('Provide content for the text lesson')
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'video', content: '' }).content)).toBe('Provide a video URL')
		// Any non-blank video URL is accepted (the dialog shows whether YouTube understands it).
		expect(errors(lessonFormSchema, { ...base, lesson_type: 'video', content: 'not a url' })).toEqual({})
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'quiz', content: '{' }).content)).toBe('Provide a valid JSON array of quiz questions')
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'quiz', content: '{"a":1}' }).content)).toBe('Provide a valid JSON array of quiz questions')
		const q = (extra: object) =>
			JSON.stringify([
				{ question: 'Q1', options: ['a', 'b'], correctAnswer: 'a' },
				{ question: 'Q2', ...extra },
			])
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'quiz', content: q({ options: ['a'], correctAnswer: 'a' }) }).content)).toBe(
			'Question 2 needs a question, at least 2 options and a correct answer',
		)
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'quiz', content: q({ options: ['a', 'a'], correctAnswer: 'a' }) }).content)).toBe(
			'Question 2 has duplicate options',
		)
		expect(text(errors(lessonFormSchema, { ...base, lesson_type: 'quiz', content: q({ options: ['a', 'b'], correctAnswer: 'c' }) }).content)).toBe(
			'Question 2: the correct answer must be one of the options',
		)
		expect(errors(lessonFormSchema, { ...base, lesson_type: 'podcast', content: 'x' }).lesson_type).toBe('admin.errors.lessonType')
	})

	it('stores quizzes as compact, trimmed JSON', () => {
		const content = JSON.stringify([{ question: ' Q ', options: [' a ', 'b'], correctAnswer: 'a', extra: 1 }], null, 2)
		const parsed = lessonFormSchema.parse({ module_id: uuid, title: 'Quiz', slug: 'quiz', lesson_type: 'quiz', order: '1', xp_value: '0', content })
		expect(parsed.content).toBe('[{"question":"Q","options":["a","b"],"correctAnswer":"a"}]')
	})

	it("stores a quiz's own pass mark beside its questions, and refuses one outside 1-100", () => {
		const content = JSON.stringify([{ question: 'Q', options: ['a', 'b'], correctAnswer: 'a' }])
		const quiz = { module_id: uuid, title: 'Quiz', slug: 'quiz', lesson_type: 'quiz', order: '1', xp_value: '0', content }
		expect(JSON.parse(lessonFormSchema.parse({ ...quiz, pass_percent: '85' }).content)).toEqual({ passPercent: 85, questions: JSON.parse(content) })
		expect(JSON.parse(lessonFormSchema.parse({ ...quiz, pass_percent: '' }).content)).toEqual(JSON.parse(content))
		// An edit that leaves the field empty keeps the mark already stored in the JSON.
		const stored = JSON.stringify({ passPercent: 90, questions: JSON.parse(content) })
		expect(JSON.parse(lessonFormSchema.parse({ ...quiz, content: stored }).content)).toMatchObject({ passPercent: 90 })
		for (const bad of ['0', '101', '7.5', 'lots'])
			expect(text(errors(lessonFormSchema, { ...quiz, pass_percent: bad }).pass_percent)).toBe('Enter a whole number from 1 to 100')
	})
})
