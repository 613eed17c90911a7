import { z } from 'zod'
import { parseQuiz, storedQuiz } from '~/features/quiz/quiz.ts'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '~/lib/slug.ts'
import { singleLine, stripControls } from '~/lib/text.ts'

// The four admin forms (spec section 5), shared by the dialogs and the server actions.
// Messages are i18n keys; a key may carry one number after '#' ('admin.errors.quizShape#2'),
// rendered by errorText().

const E = 'admin.errors.'
export const LESSON_TYPES = ['text', 'video', 'quiz', 'challenge'] as const
export type LessonType = (typeof LESSON_TYPES)[number]
export const DEFAULT_LESSON_XP = 10
const MAX_INT = 100_000

// Titles, slugs and ids are one line; longer texts keep their line breaks. Control characters go
// (a NUL cannot even be stored).
const trimmed = (v: unknown) => (typeof v === 'string' ? singleLine(v) : v)
const blankToNull = (v: unknown) => {
	if (v === undefined || v === null) return null
	if (typeof v !== 'string') return v
	const text = stripControls(v).trim()
	return text === '' ? null : text
}
const toNumber = (v: unknown) => {
	if (typeof v !== 'string') return v
	return v.trim() === '' ? undefined : Number(v.trim())
}
const toOptionalNumber = (v: unknown) => {
	const b = blankToNull(v)
	return typeof b === 'string' ? Number(b) : b
}

const title = z.preprocess(
	trimmed,
	z
		.string({ error: `${E}titleMin` })
		.min(3, `${E}titleMin`)
		.max(200, `${E}titleMax`),
)
const slug = z.preprocess(
	trimmed,
	z
		.string({ error: `${E}slugMin` })
		.min(3, `${E}slugMin`)
		.max(SLUG_MAX_LENGTH, `${E}slugMax`)
		.regex(SLUG_PATTERN, `${E}slugFormat`),
)
const optionalText = (max: number, message: string) => z.preprocess(blankToNull, z.string().max(max, message).nullable())
const order = z.preprocess(
	toNumber,
	z
		.number({ error: `${E}orderInteger` })
		.int(`${E}orderInteger`)
		.min(1, `${E}orderMin`)
		.max(MAX_INT, `${E}orderMax`),
)
const duration = z.preprocess(
	toOptionalNumber,
	z
		.number({ error: `${E}durationInteger` })
		.int(`${E}durationInteger`)
		.min(0, `${E}durationMin`)
		.max(MAX_INT, `${E}durationMax`)
		.nullable(),
)
const xp = z.preprocess(
	toNumber,
	z
		.number({ error: `${E}xpInteger` })
		.int(`${E}xpInteger`)
		.min(0, `${E}xpMin`)
		.max(MAX_INT, `${E}xpMax`),
)
// Only web links: the card renders the thumbnail as a link, and javascript: must never get there.
const thumbnail = z.preprocess(
	blankToNull,
	z
		.url({ protocol: /^https?$/, error: `${E}urlInvalid` })
		.max(2000, `${E}urlInvalid`)
		.nullable(),
)
const published = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean())

// Portuguese twins (blank = not translated yet) and the catalog facts the explore page shows.
const optionalTitle = z.preprocess((v) => blankToNull(typeof v === 'string' ? singleLine(v) : v), z.string().max(200, `${E}titleMax`).nullable())
const level = z.preprocess(blankToNull, z.enum(['beginner', 'intermediate', 'advanced'], { error: `${E}level` }).nullable())
const prerequisites = optionalText(1000, `${E}prerequisitesMax`)

export const pathFormSchema = z.object({
	title,
	title_pt: optionalTitle,
	slug,
	description: optionalText(5000, `${E}descriptionMax`),
	description_pt: optionalText(5000, `${E}descriptionMax`),
	level,
	prerequisites,
	prerequisites_pt: prerequisites,
	is_published: published,
})

export const courseFormSchema = z.object({
	path_id: z.preprocess(trimmed, z.uuid({ error: `${E}selectPath` })),
	title,
	title_pt: optionalTitle,
	slug,
	summary: optionalText(200, `${E}summaryMax`),
	summary_pt: optionalText(200, `${E}summaryMax`),
	description: optionalText(5000, `${E}descriptionMax`),
	description_pt: optionalText(5000, `${E}descriptionMax`),
	level,
	prerequisites,
	prerequisites_pt: prerequisites,
	order,
	duration_minutes: duration,
	thumbnail_url: thumbnail,
	is_published: published,
})

export const moduleFormSchema = z.object({
	course_id: z.preprocess(trimmed, z.uuid({ error: `${E}selectCourse` })),
	title,
	title_pt: optionalTitle,
	slug,
	summary: optionalText(1000, `${E}summaryMax`),
	summary_pt: optionalText(1000, `${E}summaryMax`),
	order,
	is_published: published,
})

const quizProblems: Record<string, string> = {
	shape: 'quizShape',
	duplicateOptions: 'quizDuplicateOptions',
	answerNotAnOption: 'quizAnswerNotAnOption',
}

// A challenge's code fields: the same 24 KB cap the grader applies to every source.
const CODE_MAX = 24 * 1024
const code = z.preprocess(
	(v) => (typeof v === 'string' ? stripControls(v).replace(/\s+$/, '') : ''),
	z.string().refine((v) => new TextEncoder().encode(v).length <= CODE_MAX, `${E}codeTooLong`),
)
/** Hints: one per line; blank lines dropped. */
const hintLines = z.preprocess(
	(v) =>
		typeof v === 'string'
			? stripControls(v)
					.split('\n')
					.map((l) => singleLine(l))
					.filter(Boolean)
			: [],
	z.array(z.string().max(500, `${E}hintTooLong`)).max(10, `${E}tooManyHints`),
)

export const lessonFormSchema = z
	.object({
		module_id: z.preprocess(trimmed, z.uuid({ error: `${E}selectModule` })),
		title,
		title_pt: optionalTitle,
		slug,
		lesson_type: z.enum(LESSON_TYPES, { error: `${E}lessonType` }),
		order,
		xp_value: xp,
		content: z.preprocess((v) => (typeof v === 'string' ? stripControls(v).trim() : ''), z.string().max(200_000, `${E}contentMax`)),
		// The Portuguese body of a text lesson or a challenge brief (quizzes carry *_pt inside their JSON).
		content_pt: z.preprocess(blankToNull, z.string().max(200_000, `${E}contentMax`).nullable()),
		duration_minutes: duration,
		thumbnail_url: thumbnail,
		is_published: published,
		starter_code: code,
		tests_code: code,
		solution_code: code,
		hints: hintLines,
		hints_pt: hintLines,
		// A quiz's pass mark in percent; empty keeps the one stored in the quiz JSON (70 by default).
		pass_percent: z.preprocess(
			(v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
			z.coerce
				.number({ error: `${E}passPercent` })
				.int(`${E}passPercent`)
				.min(1, `${E}passPercent`)
				.max(100, `${E}passPercent`)
				.optional(),
		),
	})
	.superRefine((v, ctx) => {
		const issue = (message: string, field = 'content') => ctx.addIssue({ code: 'custom', message, path: [field] })
		if (v.lesson_type === 'challenge') {
			if (!v.content) issue(`${E}challengeBrief`)
			if (!v.starter_code.trim()) issue(`${E}starterCode`, 'starter_code')
			if (!v.tests_code.trim()) issue(`${E}testsCode`, 'tests_code')
			if (!v.solution_code.trim()) issue(`${E}solutionCode`, 'solution_code')
		}
		if (v.lesson_type === 'text' && !v.content) issue(`${E}textContent`)
		if (v.lesson_type === 'video' && !v.content) issue(`${E}videoUrl`)
		if (v.lesson_type === 'quiz') {
			const quiz = parseQuiz(v.content)
			if (!quiz.ok && quiz.index !== undefined) issue(`${E}${quizProblems[quiz.problem] ?? 'quizShape'}#${quiz.index + 1}`)
			else if (!quiz.ok) issue(`${E}quizJson`)
			else if (quiz.questions.length === 0) issue(`${E}quizEmpty`)
		}
	})
	// Quizzes are stored as compact, trimmed JSON: what the learner is graded on, and what export writes.
	.transform((v) => {
		if (v.lesson_type !== 'quiz') return v
		const quiz = parseQuiz(v.content)
		return quiz.ok ? { ...v, content: storedQuiz(quiz.questions, v.pass_percent ?? quiz.passPercent) } : v
	})

export type PathForm = z.infer<typeof pathFormSchema>
export type CourseForm = z.infer<typeof courseFormSchema>
export type ModuleForm = z.infer<typeof moduleFormSchema>
export type LessonForm = z.infer<typeof lessonFormSchema>

export const contentKinds = ['path', 'course', 'module', 'lesson'] as const
export type ContentKind = (typeof contentKinds)[number]

export const formSchemas = {
	path: pathFormSchema,
	course: courseFormSchema,
	module: moduleFormSchema,
	lesson: lessonFormSchema,
} as const
export type FormOf<K extends ContentKind> = z.infer<(typeof formSchemas)[K]>

export const contentIntents = ['create', 'update', 'toggle', 'delete', 'move-up', 'move-down'] as const
export type ContentIntent = (typeof contentIntents)[number]
export const intentSchema = z.object({ intent: z.enum(contentIntents) })
export const idSchema = z.object({ id: z.uuid() })
export const toggleSchema = z.object({ id: z.uuid(), is_published: published })

/** Search params of the content screens; anything malformed is dropped, never an error. */
export const contentFilterSchema = z.object({
	path: z.uuid().optional().catch(undefined),
	course: z.uuid().optional().catch(undefined),
	module: z.uuid().optional().catch(undefined),
})
export type ContentFilter = z.infer<typeof contentFilterSchema>

// Lists are capped so a huge curriculum cannot produce a huge page; the filters narrow them.
export const LIST_LIMIT = 500

// The lessons screen is searched, filtered and paged on the server (issue 20.8): its state lives in the URL
// (?q=&type=&status=&path=&course=&module=&page=) so a view survives reload and back and can be shared.
export const LESSON_PAGE_SIZE = 25
export const PUBLISH_STATES = ['published', 'draft'] as const
export type PublishState = (typeof PUBLISH_STATES)[number]
export const LESSON_QUERY_PARAMS = ['q', 'type', 'status', 'path', 'course', 'module', 'page'] as const
export type LessonListQuery = ContentFilter & { q?: string; type?: LessonType; status?: PublishState; page: number }

const lessonQueryFields = {
	// A search longer than any title is cut, not refused.
	q: z.string().transform((v) => singleLine(v).slice(0, 100)),
	type: z.enum(LESSON_TYPES),
	status: z.enum(PUBLISH_STATES),
	path: z.uuid(),
	course: z.uuid(),
	module: z.uuid(),
	page: z
		.string()
		.regex(/^\d{1,7}$/)
		.transform(Number)
		.pipe(z.number().int().min(1)),
}

/**
 * The lessons screen's search params. A value that does not parse is dropped and named in `ignored`, so the
 * page can say so instead of failing; an empty value is no filter.
 */
export function parseLessonListQuery(params: URLSearchParams): { query: LessonListQuery; ignored: string[] } {
	const query: LessonListQuery = { page: 1 }
	const ignored: string[] = []
	for (const name of LESSON_QUERY_PARAMS) {
		const raw = params.get(name)
		if (raw === null || raw.trim() === '') continue
		const parsed = lessonQueryFields[name].safeParse(raw.trim())
		if (!parsed.success) ignored.push(name)
		else if (parsed.data !== '') Object.assign(query, { [name]: parsed.data })
	}
	return { query, ignored }
}

/** The search params of a parsed lessons query (what the page links keep): valid values only, no page 1. */
export function lessonListParams(query: LessonListQuery): URLSearchParams {
	const out = new URLSearchParams()
	for (const name of LESSON_QUERY_PARAMS) {
		const value = query[name]
		if (value !== undefined && !(name === 'page' && value === 1)) out.set(name, String(value))
	}
	return out
}

export const usersQuerySchema = z.object({
	q: z.string().transform(singleLine).pipe(z.string().max(100)).optional().catch(undefined),
	page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
})
export const roleChangeSchema = z.object({
	intent: z.enum(['grant', 'revoke']),
	email: z.string().transform(singleLine).pipe(z.string().min(3).max(254)),
})

/** Render a message key, with its optional '#n' question number. */
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, message: string) {
	const [key, n] = message.split('#')
	return t(key!, n ? { n: Number(n) } : undefined)
}
