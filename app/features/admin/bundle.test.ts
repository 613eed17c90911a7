import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, DbHandle } from '#db/client.server.ts'
import { memoryDatabase } from '#tests/support/test-db.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { contentFiles, curriculumTree } from './bundle-export.server.ts'
import { applyImport, previewImport, readBundleFiles, readTree } from './bundle-import.server.ts'
import { BundleError, packZip, unpackZip } from './bundle-zip.server.ts'
import { createItem } from './content.server.ts'
import { courseFormSchema, lessonFormSchema, moduleFormSchema, pathFormSchema } from './schemas.ts'

/** Everything a learner or admin can see of the curriculum, keyed by slugs instead of ids. */
async function snapshot(db: Db) {
	return rowsOf(
		await db.execute(sql`
			SELECT p.slug AS path, p.title AS p_title, p.description AS p_description, p.is_published AS p_pub, (p.published_at IS NULL) AS p_unpub,
				c.slug AS course, c.title AS c_title, c.summary, c.description, c."order" AS c_order, c.duration_minutes AS c_duration,
				c.thumbnail_url AS c_thumb, c.is_published AS c_pub,
				m.slug AS module, m.title AS m_title, m.summary AS m_summary, m."order" AS m_order, m.is_published AS m_pub,
				l.slug AS lesson, l.title AS l_title, l.lesson_type, l."order" AS l_order, l.content, l.xp_value, l.duration_minutes,
				l.thumbnail_url, l.is_published AS l_pub,
				p.title_pt AS p_title_pt, p.description_pt AS p_description_pt, p.level AS p_level, p.topics AS p_topics,
				p.prerequisites AS p_prereq, p.prerequisites_pt AS p_prereq_pt, p.cover_url AS p_cover,
				c.title_pt AS c_title_pt, c.summary_pt AS c_summary_pt, c.description_pt AS c_description_pt, c.level AS c_level,
				c.prerequisites AS c_prereq, c.prerequisites_pt AS c_prereq_pt,
				m.title_pt AS m_title_pt, m.summary_pt AS m_summary_pt, l.title_pt AS l_title_pt, l.content_pt AS l_content_pt
			FROM learning_paths p
			LEFT JOIN courses c ON c.path_id = p.id
			LEFT JOIN modules m ON m.course_id = c.id
			LEFT JOIN lessons l ON l.module_id = m.id
			ORDER BY p.slug, c.slug, m.slug, l.slug
		`),
	)
}

let source: DbHandle
let tmp: string

beforeAll(async () => {
	source = await memoryDatabase()
	await importCurriculum(source.db, await readContentTree('content'))
	// Edge cases the demo content lacks: drafts, an empty path, a course with no modules, a module
	// with no lessons, optional fields set, multi-line text and YAML-looking strings.
	const admin = (await createAccount(source.db, { email: 'a@example.test', password: 'long-enough-password', role: 'admin' })).id
	const ok = async (r: Promise<{ ok: boolean; id?: string }>) => {
		const x = await r
		if (!x.ok) throw new Error(JSON.stringify(x))
		return x.id!
	}
	const p = await ok(
		createItem(
			'path',
			admin,
			pathFormSchema.parse({ title: 'Edge: cases # and "quotes"', slug: 'edge-cases', description: 'Line one\n\nLine two: yes' }),
			source.db,
		),
	)
	await ok(createItem('path', admin, pathFormSchema.parse({ title: 'Empty path', slug: 'empty-path', is_published: 'on' }), source.db))
	const c = await ok(
		createItem(
			'course',
			admin,
			courseFormSchema.parse({
				path_id: p,
				title: 'Draft course',
				slug: 'draft-course',
				summary: '- starts with a dash',
				order: '1',
				duration_minutes: '0',
				thumbnail_url: 'https://example.com/t.png?x=1&y=2',
			}),
			source.db,
		),
	)
	await ok(
		createItem('course', admin, courseFormSchema.parse({ path_id: p, title: 'No modules', slug: 'no-modules', order: '2', is_published: 'on' }), source.db),
	)
	const m = await ok(
		createItem('module', admin, moduleFormSchema.parse({ course_id: c, title: 'Module', slug: 'module-one', order: '1', summary: 'yes' }), source.db),
	)
	await ok(createItem('module', admin, moduleFormSchema.parse({ course_id: c, title: 'Empty module', slug: 'empty-module', order: '2' }), source.db))
	const lesson = (fields: Record<string, string>) => lessonFormSchema.parse({ module_id: m, order: '1', xp_value: '0', ...fields })
	await ok(
		createItem(
			'lesson',
			admin,
			lesson({
				title: 'Text',
				slug: 'text-lesson',
				lesson_type: 'text',
				content: '---\nNot front matter\n---\n\n```sol\ncontract A {}\n```',
				duration_minutes: '3',
			}),
			source.db,
		),
	)
	await ok(
		createItem(
			'lesson',
			admin,
			lesson({ title: 'Video', slug: 'video-lesson', lesson_type: 'video', content: 'https://youtu.be/dQw4w9WgXcQ', order: '2', is_published: 'on' }),
			source.db,
		),
	)
	await ok(
		createItem(
			'lesson',
			admin,
			lesson({
				title: 'Quiz',
				slug: 'quiz-lesson',
				lesson_type: 'quiz',
				order: '3',
				xp_value: '25',
				content: JSON.stringify([{ question: 'yes?', options: ['yes', 'no', 'null'], correctAnswer: 'null' }]),
			}),
			source.db,
		),
	)
	tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'learnchain-roundtrip-'))
})

afterAll(async () => {
	await source.close()
	await fs.rm(tmp, { recursive: true, force: true })
})

describe('content export and import', () => {
	it('round-trips: export to files, import into an empty database, same curriculum', async () => {
		const files = contentFiles(await curriculumTree(source.db))
		for (const f of files) {
			await fs.mkdir(path.dirname(path.join(tmp, f.path)), { recursive: true })
			await fs.writeFile(path.join(tmp, f.path), f.text)
		}
		const tree = await readTree(tmp)
		const target = await memoryDatabase()
		const progress: number[] = []
		const preview = await applyImport(target.db, null, tree, { source: 'cli', onProgress: (done) => progress.push(done) })
		expect(preview.counts.update).toEqual({ paths: 0, courses: 0, modules: 0, lessons: 0 })
		expect(preview.counts.create.paths).toBe(5)
		expect(progress.at(-1)).toBe(progress.length)
		expect(await snapshot(target.db)).toEqual(await snapshot(source.db))
		// Every imported item has its audit row.
		const [audit] = rowsOf<{ n: number }>(await target.db.execute(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import'`))
		expect(audit!.n).toBe(preview.items.length)
		await target.close()
	})

	it('round-trips through a .zip, and a second import only updates', async () => {
		const zip = packZip(contentFiles(await curriculumTree(source.db)))
		const tree = await readBundleFiles(await unpackZip(zip))
		const target = await memoryDatabase()
		await applyImport(target.db, null, tree)
		expect(await snapshot(target.db)).toEqual(await snapshot(source.db))
		const again = await previewImport(target.db, tree)
		expect(again.counts.create).toEqual({ paths: 0, courses: 0, modules: 0, lessons: 0 })
		expect(again.counts.update.lessons).toBeGreaterThan(40)
		await target.close()
	})

	it('exports one path on its own, and accepts a bundle wrapped in one folder', async () => {
		const files = contentFiles(await curriculumTree(source.db, { pathSlug: 'edge-cases' }))
		expect(new Set(files.map((f) => f.path.split('/')[0]))).toEqual(new Set(['edge-cases']))
		const wrapped = await unpackZip(zipSync(Object.fromEntries(files.map((f) => [`content/${f.path}`, strToU8(f.text)]))))
		const tree = await readBundleFiles(wrapped)
		expect(tree.map((p) => p.slug)).toEqual(['edge-cases'])
		expect(tree[0]!.courses.map((c) => c.modules.length)).toEqual([2, 0])
	})

	it('refuses unsafe, broken and invalid bundles with a reason', async () => {
		const code = async (fn: () => unknown) => {
			try {
				await fn()
			} catch (e) {
				return e instanceof BundleError ? `${e.code}${e.detail ? `: ${e.detail}` : ''}` : String(e)
			}
			return 'accepted'
		}
		expect(await code(() => unpackZip(strToU8('not a zip')))).toBe('notZip')
		expect(await code(() => unpackZip(zipSync({ '../evil.md': strToU8('x') })))).toMatch(/^unsafe/)
		expect(await code(() => readBundleFiles([]))).toBe('empty')
		const badQuiz = contentFiles(await curriculumTree(source.db, { pathSlug: 'edge-cases' })).map((f) =>
			f.path.endsWith('quiz-lesson.md') ? { ...f, text: f.text.replace('correctAnswer: "null"', 'correctAnswer: maybe') } : f,
		)
		const issues = async (fn: () => unknown) => {
			try {
				await fn()
			} catch (e) {
				if (e instanceof BundleError) return e.issues
			}
			return []
		}
		expect(await issues(() => readBundleFiles(badQuiz))).toEqual([
			{ file: 'edge-cases/01-draft-course/01-module-one/03-quiz-lesson.md', field: 'quiz.0', rule: 'quiz.answerNotAnOption' },
		])
		const badTitle = [{ path: 'some-path/_path.md', text: '---\ntitle: x\n---\n' }]
		expect(await issues(() => readBundleFiles(badTitle))).toEqual([{ file: 'some-path/_path.md', field: 'title', rule: 'tooShort', values: { min: 3 } }])
	})
})
