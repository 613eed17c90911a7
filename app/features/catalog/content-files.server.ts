import fs from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { storedQuiz } from '~/features/quiz/quiz.ts'

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
const pathMeta = z.object({ ...base, description: z.string().trim().optional(), description_pt: z.string().trim().optional() })
const courseMeta = z.object({
	...base,
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
	.refine((q) => !q.options_pt || q.options_pt.length === q.options.length, { message: 'options_pt must list as many options as options', path: ['options_pt'] })
	.refine((q) => !q.explanations || q.explanations.length === q.options.length, { message: 'explanations must have one entry per option', path: ['explanations'] })
	.refine((q) => !q.explanations_pt || q.explanations_pt.length === q.options.length, { message: 'explanations_pt must have one entry per option', path: ['explanations_pt'] })
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

export function splitFrontMatter(source: string): { data: unknown; body: string } {
	const m = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/)
	if (!m) return { data: {}, body: source }
	return { data: parseYaml(m[1]!) ?? {}, body: m[2]!.trim() }
}

/** A lesson's Portuguese body sits next to it: 01-intro.md and 01-intro.pt-BR.md. */
const PT_SUFFIX = '.pt-BR.md'

function ordered(name: string) {
	const m = name.replace(/\.md$/, '').match(/^(\d+)-(.+)$/)
	if (!m) throw new Error(`"${name}" must be named NN-slug`)
	return { order: Number(m[1]), slug: slug.parse(m[2]) }
}

async function readMeta<T extends z.ZodType>(file: string, schema: T): Promise<{ meta: z.infer<T>; body: string }> {
	const { data, body } = splitFrontMatter(await fs.readFile(file, 'utf8'))
	const parsed = schema.safeParse(data)
	if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`)
	return { meta: parsed.data, body }
}

async function subdirs(dir: string) {
	const entries = await fs.readdir(dir, { withFileTypes: true })
	return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort()
}

/** Read and validate the whole tree; throws with the offending file's name. */
export async function readContentTree(root: string): Promise<PathFile[]> {
	const paths: PathFile[] = []
	for (const pathDir of await subdirs(root)) {
		const pDir = path.join(root, pathDir)
		const { meta } = await readMeta(path.join(pDir, '_path.md'), pathMeta)
		const courses: CourseFile[] = []
		for (const courseDir of await subdirs(pDir)) {
			const cDir = path.join(pDir, courseDir)
			const { meta: cMeta } = await readMeta(path.join(cDir, '_course.md'), courseMeta)
			const modules: ModuleFile[] = []
			for (const moduleDir of await subdirs(cDir)) {
				const mDir = path.join(cDir, moduleDir)
				const { meta: mMeta } = await readMeta(path.join(mDir, '_module.md'), moduleMeta)
				const names = await fs.readdir(mDir)
				const files = names.filter((f) => f.endsWith('.md') && !f.endsWith(PT_SUFFIX) && !f.startsWith('_')).sort()
				const lessons: LessonFile[] = []
				for (const f of files) {
					const { meta: lMeta, body } = await readMeta(path.join(mDir, f), lessonMeta)
					const ptName = f.replace(/\.md$/, PT_SUFFIX)
					const bodyPt = names.includes(ptName) ? splitFrontMatter(await fs.readFile(path.join(mDir, ptName), 'utf8')).body : undefined
					const challenge = lMeta.type === 'challenge' ? await readChallenge(mDir, f, names) : undefined
					lessons.push({ ...lMeta, ...ordered(f), body, ...(bodyPt ? { body_pt: bodyPt } : {}), ...(challenge ? { challenge } : {}) })
				}
				modules.push({ ...mMeta, ...ordered(moduleDir), lessons })
			}
			courses.push({ ...cMeta, ...ordered(courseDir), modules })
		}
		paths.push({ ...meta, slug: slug.parse(pathDir), courses })
	}
	return paths
}

async function readChallenge(dir: string, lessonFile: string, names: string[]): Promise<ChallengeFiles> {
	const stem = lessonFile.replace(/\.md$/, '')
	const read = async (suffix: string) => {
		const name = stem + suffix
		if (!names.includes(name)) throw new Error(`${path.join(dir, lessonFile)}: a challenge needs ${name} beside it`)
		return fs.readFile(path.join(dir, name), 'utf8')
	}
	return { starter: await read(CHALLENGE_FILES.starter), tests: await read(CHALLENGE_FILES.tests), solution: await read(CHALLENGE_FILES.solution) }
}

/** What the lessons table stores as content for each lesson type. */
export function lessonContent(l: LessonFile): string {
	if (l.type === 'video') return l.video_url ?? ''
	if (l.type === 'quiz') return storedQuiz(l.quiz ?? [], l.pass_percent)
	return l.body
}
