import fs from 'node:fs/promises'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

// The curriculum on disk: content/<path>/<NN-course>/<NN-module>/<NN-lesson>.md with YAML front matter.
// The same folder format is the admin import/export format.

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
	description: z.string().trim().optional(),
	duration_minutes: z.number().int().min(0).optional(),
	thumbnail_url: z.url().optional(),
})
const moduleMeta = z.object({ ...base, summary: z.string().trim().optional() })
const lessonMeta = z.object({
	...base,
	type: z.enum(['text', 'video', 'quiz']),
	xp: z.number().int().min(0).default(10),
	duration_minutes: z.number().int().min(0).optional(),
	thumbnail_url: z.url().optional(),
	video_url: z.string().trim().optional(),
	quiz: z.array(z.object({ question: z.string(), options: z.array(z.string()).min(2), correctAnswer: z.string() })).optional(),
})

export type LessonFile = z.infer<typeof lessonMeta> & { slug: string; order: number; body: string }
export type ModuleFile = z.infer<typeof moduleMeta> & { slug: string; order: number; lessons: LessonFile[] }
export type CourseFile = z.infer<typeof courseMeta> & { slug: string; order: number; modules: ModuleFile[] }
export type PathFile = z.infer<typeof pathMeta> & { slug: string; courses: CourseFile[] }

export function splitFrontMatter(source: string): { data: unknown; body: string } {
	const m = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/)
	if (!m) return { data: {}, body: source }
	return { data: parseYaml(m[1]!) ?? {}, body: m[2]!.trim() }
}

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
				const files = (await fs.readdir(mDir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort()
				const lessons: LessonFile[] = []
				for (const f of files) {
					const { meta: lMeta, body } = await readMeta(path.join(mDir, f), lessonMeta)
					lessons.push({ ...lMeta, ...ordered(f), body })
				}
				modules.push({ ...mMeta, ...ordered(moduleDir), lessons })
			}
			courses.push({ ...cMeta, ...ordered(courseDir), modules })
		}
		paths.push({ ...meta, slug: slug.parse(pathDir), courses })
	}
	return paths
}

/** What the lessons table stores as content for each lesson type. */
export function lessonContent(l: LessonFile): string {
	if (l.type === 'video') return l.video_url ?? ''
	if (l.type === 'quiz') return JSON.stringify(l.quiz ?? [])
	return l.body
}
