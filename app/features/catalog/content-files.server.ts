import fs from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { storedQuiz } from '~/features/quiz/quiz.ts'
import type { ContentIssue } from './issues.ts'
import { LEVELS } from './types.ts'

// The curriculum on disk: content/<path>/<NN-course>/<NN-module>/<NN-lesson>.md with YAML front matter.
// The same folder format is the admin import/export format; docs/content-format.md describes it.
// Portuguese (pt-BR) sits beside English: `*_pt` front-matter fields, and a lesson's body in
// `<NN-lesson>.pt-BR.md` next to its English file.

const slug = z
	.string()
	.min(3)
	.max(80)
	.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
const base = {
	title: z.string().trim().min(3),
	title_pt: z.string().trim().optional(),
	published: z.boolean().default(true),
}
// What the catalog shows about a path or course (issue 20.3): its level and what to know first.
const catalogFacts = {
	level: z.enum(LEVELS).optional(),
	prerequisites: z.string().trim().optional(),
	prerequisites_pt: z.string().trim().optional(),
}
const pathMeta = z.object({
	...base,
	...catalogFacts,
	description: z.string().trim().optional(),
	description_pt: z.string().trim().optional(),
	// Topic tags for the explore filter: short lowercase words, shared by both languages (labels come from the locale files).
	topics: z.array(slug).max(8).optional(),
	cover_url: z.url().optional(),
})
const courseMeta = z.object({
	...base,
	...catalogFacts,
	summary: z.string().trim().max(200).optional(),
	summary_pt: z.string().trim().max(200).optional(),
	description: z.string().trim().optional(),
	description_pt: z.string().trim().optional(),
	duration_minutes: z.number().int().min(0).optional(),
	thumbnail_url: z.url().optional(),
})
const moduleMeta = z.object({ ...base, summary: z.string().trim().optional(), summary_pt: z.string().trim().optional() })
const quizQuestion = z
	.object({
		question: z.string(),
		question_pt: z.string().optional(),
		options: z.array(z.string()).min(2),
		options_pt: z.array(z.string()).optional(),
		correctAnswer: z.string(),
		// Why each option is right or wrong, shown after answering (one entry per option, '' for none).
		explanations: z.array(z.string()).optional(),
		explanations_pt: z.array(z.string()).optional(),
	})
	// Messages are rule codes, explained in the author's language by admin.content.rules.* in the locale files.
	.refine((q) => !q.options_pt || q.options_pt.length === q.options.length, { message: 'onePerOption', path: ['options_pt'] })
	.refine((q) => !q.explanations || q.explanations.length === q.options.length, { message: 'onePerOption', path: ['explanations'] })
	.refine((q) => !q.explanations_pt || q.explanations_pt.length === q.options.length, { message: 'onePerOption', path: ['explanations_pt'] })
const lessonMeta = z.object({
	...base,
	type: z.enum(['text', 'video', 'quiz', 'challenge']),
	xp: z.number().int().min(0).default(10),
	duration_minutes: z.number().int().min(0).optional(),
	thumbnail_url: z.url().optional(),
	video_url: z.string().trim().optional(),
	quiz: z.array(quizQuestion).optional(),
	// The share of questions a learner must get right to pass a quiz lesson, in percent.
	pass_percent: z.number().int().min(1).max(100).optional(),
	// Challenge lessons: hints revealed one per failed run (English and Portuguese, same order).
	hints: z.array(z.string().trim().min(1)).optional(),
	hints_pt: z.array(z.string().trim().min(1)).optional(),
})

/** A challenge's code, from the .sol files beside its lesson file. */
export type ChallengeFiles = { starter: string; tests: string; solution: string }
/** <NN-lesson>.starter.sol, .test.sol and .solution.sol sit next to a challenge's <NN-lesson>.md. */
export const CHALLENGE_FILES = { starter: '.starter.sol', tests: '.test.sol', solution: '.solution.sol' } as const

export type LessonFile = z.infer<typeof lessonMeta> & { slug: string; order: number; body: string; body_pt?: string; challenge?: ChallengeFiles }
export type ModuleFile = z.infer<typeof moduleMeta> & { slug: string; order: number; lessons: LessonFile[] }
export type CourseFile = z.infer<typeof courseMeta> & { slug: string; order: number; modules: ModuleFile[] }
export type PathFile = z.infer<typeof pathMeta> & { slug: string; courses: CourseFile[] }

function splitFrontMatter(source: string): { data: unknown; body: string } {
	const m = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/)
	if (!m) return { data: {}, body: source }
	return { data: parseYaml(m[1]!) ?? {}, body: m[2]!.trim() }
}

/** A lesson's Portuguese body sits next to it: 01-intro.md and 01-intro.pt-BR.md. */
const PT_SUFFIX = '.pt-BR.md'

/** One problem a content author can act on: the file, the field (a dotted path) and the rule it breaks. */
export type { ContentIssue }

/** Thrown by readContentTree with every problem found, not only the first. */
export class ContentErrors extends Error {
	constructor(readonly issues: ContentIssue[]) {
		super(issues.map(formatIssueEnglish).join('\n'))
	}
}

/** English one-liner, for logs and the Error message; people get the translated list (issueKey). */
function formatIssueEnglish(i: ContentIssue) {
	return `${i.file}: ${i.field}: ${i.rule}${i.values ? ` ${JSON.stringify(i.values)}` : ''}`
}

/** zod's issue, reduced to a rule code the locale files explain (admin.content.rules.*) and its numbers. */
function ruleOf(issue: z.core.$ZodIssue, input: unknown): Pick<ContentIssue, 'rule' | 'values'> {
	// A missing field fails as whatever its schema is (an enum says invalid_value); the author needs "required".
	if (input === undefined && issue.code !== 'custom') return { rule: 'required' }
	switch (issue.code) {
		case 'too_small':
			return issue.origin === 'array'
				? { rule: 'tooFewItems', values: { min: Number(issue.minimum) } }
				: issue.origin === 'string'
					? { rule: 'tooShort', values: { min: Number(issue.minimum) } }
					: { rule: 'tooSmall', values: { min: Number(issue.minimum) } }
		case 'too_big':
			return issue.origin === 'array'
				? { rule: 'tooManyItems', values: { max: Number(issue.maximum) } }
				: issue.origin === 'string'
					? { rule: 'tooLong', values: { max: Number(issue.maximum) } }
					: { rule: 'tooBig', values: { max: Number(issue.maximum) } }
		case 'invalid_type':
			return { rule: 'wrongType', values: { expected: issue.expected } }
		case 'invalid_format':
			return issue.format === 'regex' ? { rule: 'slugFormat' } : issue.format === 'url' ? { rule: 'url' } : { rule: 'format', values: { format: issue.format } }
		case 'invalid_value':
			return { rule: 'oneOf', values: { values: issue.values.map(String).join(', ') } }
		case 'custom':
			return { rule: issue.message }
		default:
			return { rule: 'invalid' }
	}
}

/** Whatever sits at a dotted path inside the parsed front matter (to tell "missing" from "wrong"). */
function at(data: unknown, keys: PropertyKey[]): unknown {
	let v = data
	for (const k of keys) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined
	return v
}

/** Reading context: the folder's root (file names are reported relative to it) and the problems so far. */
type Reader = { root: string; issues: ContentIssue[] }
const rel = (r: Reader, file: string) => path.relative(r.root, file).split(path.sep).join('/')

/** NN-slug folder or file name; a problem is recorded (and null returned) when it is not one. */
function ordered(r: Reader, file: string, name: string): { order: number; slug: string } | null {
	const m = name.replace(/\.md$/, '').match(/^(\d+)-(.+)$/)
	if (!m) {
		r.issues.push({ file: rel(r, file), field: 'name', rule: 'orderedName' })
		return null
	}
	const s = checkSlug(r, file, m[2]!)
	return s === null ? null : { order: Number(m[1]), slug: s }
}

function checkSlug(r: Reader, file: string, value: string): string | null {
	const parsed = slug.safeParse(value)
	if (parsed.success) return parsed.data
	for (const issue of parsed.error.issues)
		r.issues.push({ file: rel(r, file), field: 'slug', ...ruleOf(issue, value), values: { ...ruleOf(issue, value).values, slug: value } })
	return null
}

async function readMeta<T extends z.ZodType>(r: Reader, file: string, schema: T): Promise<{ meta: z.infer<T>; body: string } | null> {
	let source: string
	try {
		source = await fs.readFile(file, 'utf8')
	} catch {
		r.issues.push({ file: rel(r, file), field: '-', rule: 'missingFile' })
		return null
	}
	let split: { data: unknown; body: string }
	try {
		split = splitFrontMatter(source)
	} catch {
		r.issues.push({ file: rel(r, file), field: 'front matter', rule: 'yaml' })
		return null
	}
	const parsed = schema.safeParse(split.data)
	if (!parsed.success) {
		for (const issue of parsed.error.issues) {
			const field = issue.path.length ? issue.path.map(String).join('.') : 'front matter'
			r.issues.push({ file: rel(r, file), field, ...ruleOf(issue, at(split.data, issue.path)) })
		}
		return null
	}
	return { meta: parsed.data, body: split.body }
}

async function subdirs(dir: string) {
	const entries = await fs.readdir(dir, { withFileTypes: true })
	return entries
		.filter((e) => e.isDirectory())
		.map((e) => e.name)
		.sort()
}

/**
 * Read and validate the whole tree. Every problem is collected (file, field, rule) and thrown at the end
 * as one ContentErrors, so an author fixes them all in one go instead of one per run.
 */
export async function readContentTree(root: string): Promise<PathFile[]> {
	const r: Reader = { root, issues: [] }
	const paths: PathFile[] = []
	for (const pathDir of await subdirs(root)) {
		const pDir = path.join(root, pathDir)
		const pathRead = await readMeta(r, path.join(pDir, '_path.md'), pathMeta)
		const pathSlug = checkSlug(r, pDir, pathDir)
		const courses: CourseFile[] = []
		for (const courseDir of await subdirs(pDir)) {
			const cDir = path.join(pDir, courseDir)
			const courseRead = await readMeta(r, path.join(cDir, '_course.md'), courseMeta)
			const cName = ordered(r, cDir, courseDir)
			const modules: ModuleFile[] = []
			for (const moduleDir of await subdirs(cDir)) {
				const mDir = path.join(cDir, moduleDir)
				const moduleRead = await readMeta(r, path.join(mDir, '_module.md'), moduleMeta)
				const mName = ordered(r, mDir, moduleDir)
				const names = await fs.readdir(mDir)
				const files = names.filter((f) => f.endsWith('.md') && !f.endsWith(PT_SUFFIX) && !f.startsWith('_')).sort()
				const lessons: LessonFile[] = []
				for (const f of files) {
					const file = path.join(mDir, f)
					const lessonRead = await readMeta(r, file, lessonMeta)
					const lName = ordered(r, file, f)
					if (!lessonRead || !lName) continue
					const ptName = f.replace(/\.md$/, PT_SUFFIX)
					const bodyPt = names.includes(ptName) ? splitFrontMatter(await fs.readFile(path.join(mDir, ptName), 'utf8')).body.trim() : undefined
					const challenge = lessonRead.meta.type === 'challenge' ? await readChallenge(r, mDir, f, names) : undefined
					lessons.push({ ...lessonRead.meta, ...lName, body: lessonRead.body, ...(bodyPt ? { body_pt: bodyPt } : {}), ...(challenge ? { challenge } : {}) })
				}
				if (moduleRead && mName) modules.push({ ...moduleRead.meta, ...mName, lessons })
			}
			if (courseRead && cName) courses.push({ ...courseRead.meta, ...cName, modules })
		}
		if (pathRead && pathSlug) paths.push({ ...pathRead.meta, slug: pathSlug, courses })
	}
	if (r.issues.length) throw new ContentErrors(r.issues)
	return paths
}

async function readChallenge(r: Reader, dir: string, lessonFile: string, names: string[]): Promise<ChallengeFiles | undefined> {
	const stem = lessonFile.replace(/\.md$/, '')
	const missing = Object.values(CHALLENGE_FILES).filter((suffix) => !names.includes(stem + suffix))
	for (const suffix of missing)
		r.issues.push({ file: rel(r, path.join(dir, lessonFile)), field: 'type', rule: 'challengeFile', values: { name: stem + suffix } })
	if (missing.length) return undefined
	const read = (suffix: string) => fs.readFile(path.join(dir, stem + suffix), 'utf8')
	return { starter: await read(CHALLENGE_FILES.starter), tests: await read(CHALLENGE_FILES.tests), solution: await read(CHALLENGE_FILES.solution) }
}

/** The Portuguese body (text lessons and challenge briefs); quizzes carry theirs inside the quiz JSON. */
export function lessonContentPt(l: LessonFile): string | null {
	return l.type === 'text' || l.type === 'challenge' ? l.body_pt || null : null
}

/** What the lessons table stores as content for each lesson type. */
export function lessonContent(l: LessonFile): string {
	if (l.type === 'video') return l.video_url ?? ''
	if (l.type === 'quiz') return storedQuiz(l.quiz ?? [], l.pass_percent)
	return l.body
}
