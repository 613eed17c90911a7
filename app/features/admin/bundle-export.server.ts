import { sql } from 'drizzle-orm'
import { stringify } from 'yaml'
import type { Db } from '#db/client.server.ts'
import { courses, learningPaths, lessons, modules } from '#db/schema.ts'
import { CHALLENGE_FILES, type CourseFile, type LessonFile, type ModuleFile, type PathFile } from '~/features/catalog/content-files.server.ts'
import { readChallenges, type ChallengeContent } from '~/features/challenges/content.server.ts'
import { DEFAULT_PASS_PERCENT, parseQuiz } from '~/features/quiz/quiz.ts'

// The inverse of readContentTree: the curriculum in the database as the content/ folder format
// (<path>/<NN-course>/<NN-module>/<NN-lesson>.md, YAML front matter), so export -> import round-trips.

/** One row of the curriculum join (courses, modules and lessons are left-joined: a path or course with nothing under it gives nulls there). */
type Row = {
	pSlug: string
	pTitle: string
	pDescription: string | null
	pTitlePt: string | null
	pDescriptionPt: string | null
	pLevel: 'beginner' | 'intermediate' | 'advanced' | null
	pTopics: string[] | null
	pPrereq: string | null
	pPrereqPt: string | null
	pCover: string | null
	pPublished: boolean
	cSlug: string | null
	cTitle: string
	cSummary: string | null
	cDescription: string | null
	cTitlePt: string | null
	cSummaryPt: string | null
	cDescriptionPt: string | null
	cLevel: 'beginner' | 'intermediate' | 'advanced' | null
	cPrereq: string | null
	cPrereqPt: string | null
	cOrder: number
	cDuration: number | null
	cThumbnail: string | null
	cPublished: boolean
	mSlug: string | null
	mTitle: string
	mSummary: string | null
	mTitlePt: string | null
	mSummaryPt: string | null
	mOrder: number
	mPublished: boolean
	lId: string | null
	lSlug: string | null
	lTitle: string
	lType: 'text' | 'video' | 'quiz' | 'challenge'
	lOrder: number
	lContent: string | null
	lTitlePt: string | null
	lContentPt: string | null
	lXp: number
	lDuration: number | null
	lThumbnail: string | null
	lPublished: boolean
}

const opt = <T>(v: T | null | undefined) => (v === null || v === undefined ? undefined : v)

function quizOf(content: string | null) {
	const parsed = parseQuiz(content ?? '[]')
	return parsed.ok ? parsed.questions : []
}

/** A quiz's own pass mark for its front matter; none when it passes at the default. */
function passPercentOf(content: string | null) {
	const parsed = parseQuiz(content ?? '[]')
	return parsed.ok && parsed.passPercent !== DEFAULT_PASS_PERCENT ? parsed.passPercent : undefined
}

function lessonFile(r: Row, challenge: ChallengeContent | undefined): LessonFile {
	return {
		title: r.lTitle,
		title_pt: opt(r.lTitlePt),
		published: r.lPublished,
		type: r.lType,
		xp: Number(r.lXp),
		duration_minutes: opt(r.lDuration),
		thumbnail_url: opt(r.lThumbnail),
		video_url: r.lType === 'video' ? (r.lContent ?? '') : undefined,
		quiz: r.lType === 'quiz' ? quizOf(r.lContent) : undefined,
		pass_percent: r.lType === 'quiz' ? passPercentOf(r.lContent) : undefined,
		slug: r.lSlug!,
		order: Number(r.lOrder),
		body: r.lType === 'text' || r.lType === 'challenge' ? (r.lContent ?? '') : '',
		...((r.lType === 'text' || r.lType === 'challenge') && r.lContentPt ? { body_pt: r.lContentPt } : {}),
		...(r.lType === 'challenge' && challenge
			? {
					challenge: { starter: challenge.starter, tests: challenge.tests, solution: challenge.solution },
					hints: challenge.hints.length ? challenge.hints : undefined,
					hints_pt: challenge.hintsPt.length ? challenge.hintsPt : undefined,
				}
			: {}),
	}
}

/** The whole curriculum (or the path with this slug) as a tree; two queries. */
export async function curriculumTree(db: Db, opts: { pathSlug?: string } = {}): Promise<PathFile[]> {
	const [p, c, m, l] = [learningPaths, courses, modules, lessons]
	const { rows } = await db.execute<Row>(sql`
		SELECT ${p.slug} AS "pSlug", ${p.title} AS "pTitle", ${p.description} AS "pDescription", ${p.isPublished} AS "pPublished",
			${p.titlePt} AS "pTitlePt", ${p.descriptionPt} AS "pDescriptionPt", ${p.level} AS "pLevel", ${p.topics} AS "pTopics",
			${p.prerequisites} AS "pPrereq", ${p.prerequisitesPt} AS "pPrereqPt", ${p.coverUrl} AS "pCover",
			${c.titlePt} AS "cTitlePt", ${c.summaryPt} AS "cSummaryPt", ${c.descriptionPt} AS "cDescriptionPt", ${c.level} AS "cLevel",
			${c.prerequisites} AS "cPrereq", ${c.prerequisitesPt} AS "cPrereqPt",
			${m.titlePt} AS "mTitlePt", ${m.summaryPt} AS "mSummaryPt", ${l.titlePt} AS "lTitlePt", ${l.contentPt} AS "lContentPt",
			${c.slug} AS "cSlug", ${c.title} AS "cTitle", ${c.summary} AS "cSummary", ${c.description} AS "cDescription", ${c.order} AS "cOrder",
			${c.durationMinutes} AS "cDuration", ${c.thumbnailUrl} AS "cThumbnail", ${c.isPublished} AS "cPublished",
			${m.slug} AS "mSlug", ${m.title} AS "mTitle", ${m.summary} AS "mSummary", ${m.order} AS "mOrder", ${m.isPublished} AS "mPublished",
			${l.id} AS "lId", ${l.slug} AS "lSlug", ${l.title} AS "lTitle", ${l.lessonType} AS "lType", ${l.order} AS "lOrder", ${l.content} AS "lContent",
			${l.xpValue} AS "lXp", ${l.durationMinutes} AS "lDuration", ${l.thumbnailUrl} AS "lThumbnail", ${l.isPublished} AS "lPublished"
		FROM ${p}
		LEFT JOIN ${c} ON ${c.pathId} = ${p.id}
		LEFT JOIN ${m} ON ${m.courseId} = ${c.id}
		LEFT JOIN ${l} ON ${l.moduleId} = ${m.id}
		${opts.pathSlug ? sql`WHERE ${p.slug} = ${opts.pathSlug}` : sql``}
		ORDER BY ${p.slug}, ${c.order}, ${c.slug}, ${m.order}, ${m.slug}, ${l.order}, ${l.slug}
	`)
	// Challenge data in a second query, through the schema (two round trips whatever the size).
	const challenges = await readChallenges(
		db,
		rows.filter((r) => r.lType === 'challenge' && r.lId).map((r) => r.lId!),
	)
	const paths: PathFile[] = []
	for (const r of rows) {
		let p = paths.at(-1)
		if (!p || p.slug !== r.pSlug) {
			p = {
				title: r.pTitle,
				title_pt: opt(r.pTitlePt),
				description: opt(r.pDescription),
				description_pt: opt(r.pDescriptionPt),
				level: opt(r.pLevel),
				topics: r.pTopics?.length ? r.pTopics : undefined,
				prerequisites: opt(r.pPrereq),
				prerequisites_pt: opt(r.pPrereqPt),
				cover_url: opt(r.pCover),
				published: r.pPublished,
				slug: r.pSlug,
				courses: [],
			}
			paths.push(p)
		}
		if (!r.cSlug) continue
		let c: CourseFile | undefined = p.courses.at(-1)
		if (!c || c.slug !== r.cSlug) {
			c = {
				title: r.cTitle,
				title_pt: opt(r.cTitlePt),
				summary: opt(r.cSummary),
				summary_pt: opt(r.cSummaryPt),
				description: opt(r.cDescription),
				description_pt: opt(r.cDescriptionPt),
				level: opt(r.cLevel),
				prerequisites: opt(r.cPrereq),
				prerequisites_pt: opt(r.cPrereqPt),
				duration_minutes: opt(r.cDuration),
				thumbnail_url: opt(r.cThumbnail),
				published: r.cPublished,
				slug: r.cSlug,
				order: Number(r.cOrder),
				modules: [],
			}
			p.courses.push(c)
		}
		if (!r.mSlug) continue
		let m: ModuleFile | undefined = c.modules.at(-1)
		if (!m || m.slug !== r.mSlug) {
			m = {
				title: r.mTitle,
				title_pt: opt(r.mTitlePt),
				summary: opt(r.mSummary),
				summary_pt: opt(r.mSummaryPt),
				published: r.mPublished,
				slug: r.mSlug,
				order: Number(r.mOrder),
				lessons: [],
			}
			c.modules.push(m)
		}
		if (r.lSlug) m.lessons.push(lessonFile(r, r.lId ? challenges.get(r.lId) : undefined))
	}
	return paths
}

export type BundleFile = { path: string; text: string }

const pad = (n: number) => String(n).padStart(2, '0')

/** Front matter (keys with no value left out) and an optional Markdown body. */
function document(meta: Record<string, unknown>, body = '') {
	const data = Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined && v !== null))
	const front = stringify(data, { lineWidth: 0 })
	return `---\n${front}---\n${body ? `\n${body}\n` : ''}`
}

/** The tree as files of the content/ folder format, paths relative to its root. */
export function contentFiles(tree: PathFile[]): BundleFile[] {
	const files: BundleFile[] = []
	for (const p of tree) {
		files.push({
			path: `${p.slug}/_path.md`,
			text: document({
				title: p.title,
				title_pt: p.title_pt,
				description: p.description,
				description_pt: p.description_pt,
				level: p.level,
				topics: p.topics,
				prerequisites: p.prerequisites,
				prerequisites_pt: p.prerequisites_pt,
				cover_url: p.cover_url,
				published: p.published,
			}),
		})
		for (const c of p.courses) {
			const cDir = `${p.slug}/${pad(c.order)}-${c.slug}`
			files.push({
				path: `${cDir}/_course.md`,
				text: document({
					title: c.title,
					title_pt: c.title_pt,
					summary: c.summary,
					summary_pt: c.summary_pt,
					description: c.description,
					description_pt: c.description_pt,
					level: c.level,
					prerequisites: c.prerequisites,
					prerequisites_pt: c.prerequisites_pt,
					duration_minutes: c.duration_minutes,
					thumbnail_url: c.thumbnail_url,
					published: c.published,
				}),
			})
			for (const m of c.modules) {
				const mDir = `${cDir}/${pad(m.order)}-${m.slug}`
				files.push({
					path: `${mDir}/_module.md`,
					text: document({ title: m.title, title_pt: m.title_pt, summary: m.summary, summary_pt: m.summary_pt, published: m.published }),
				})
				for (const l of m.lessons) {
					const stem = `${mDir}/${pad(l.order)}-${l.slug}`
					if (l.challenge) {
						files.push({ path: stem + CHALLENGE_FILES.starter, text: l.challenge.starter })
						files.push({ path: stem + CHALLENGE_FILES.tests, text: l.challenge.tests })
						files.push({ path: stem + CHALLENGE_FILES.solution, text: l.challenge.solution })
					}
					files.push({
						path: `${stem}.md`,
						text: document(
							{
								title: l.title,
								title_pt: l.title_pt,
								type: l.type,
								xp: l.xp,
								duration_minutes: l.duration_minutes,
								thumbnail_url: l.thumbnail_url,
								video_url: l.video_url,
								published: l.published,
								quiz: l.quiz,
								pass_percent: l.pass_percent,
								hints: l.hints,
								hints_pt: l.hints_pt,
							},
							l.body,
						),
					})
					if (l.body_pt) files.push({ path: `${stem}.pt-BR.md`, text: `${l.body_pt}\n` })
				}
			}
		}
	}
	return files
}
