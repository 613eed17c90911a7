import { count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { memoryDatabase } from '#tests/support/test-db.ts'
import { lessons, learningPaths } from '#db/schema.ts'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { getT } from '~/features/i18n/i18n.server.ts'
import { ContentErrors, readContentTree, type ContentIssue } from './content-files.server.ts'
import { describeIssue } from './issues.ts'
import { importCurriculum } from './import.server.ts'
import { parseQuiz } from '~/features/quiz/quiz.ts'
import { youtubeId } from '~/lib/youtube.ts'

describe('the demo curriculum in content/', async () => {
	const tree = await readContentTree('content')

	it('has the three published paths, each with 2+ courses of 2+ modules of 3+ lessons', () => {
		expect(tree.map((p) => p.slug).sort()).toEqual(['blockchain-web3', 'defi-protocols', 'smart-contracts'])
		for (const p of tree) {
			expect(p.published, p.slug).toBe(true)
			expect(p.courses.length, p.slug).toBeGreaterThanOrEqual(2)
			for (const c of p.courses) {
				expect(c.modules.length, c.slug).toBeGreaterThanOrEqual(2)
				for (const m of c.modules) expect(m.lessons.length, m.slug).toBeGreaterThanOrEqual(3)
				const types = new Set(c.modules.flatMap((m) => m.lessons.map((l) => l.type)))
				// Code challenges (demo-challenges.server.test.ts) sit at the end of some modules.
				expect([...types].filter((t) => t !== 'challenge').sort(), c.slug).toEqual(['quiz', 'text', 'video'])
			}
		}
	})

	it('has valid quizzes and YouTube links', () => {
		for (const l of tree.flatMap((p) => p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons)))) {
			if (l.type === 'quiz') expect(parseQuiz(l.quiz).ok, l.slug).toBe(true)
			if (l.type === 'video') expect(youtubeId(l.video_url), l.slug).not.toBeNull()
			if (l.type === 'text') expect(l.body.length, l.slug).toBeGreaterThan(200)
		}
	})

	it('imports idempotently: a second run updates in place', async () => {
		const h = await memoryDatabase()
		const first = await importCurriculum(h.db, tree)
		const ids1 = (await h.db.select({ id: lessons.id }).from(lessons)).map((r) => r.id).sort()
		await importCurriculum(h.db, tree)
		const ids2 = (await h.db.select({ id: lessons.id }).from(lessons)).map((r) => r.id).sort()
		expect(ids2).toEqual(ids1)
		expect(ids1.length).toBe(first.lessons)
		const [{ n }] = (await h.db.select({ n: count() }).from(learningPaths)) as [{ n: number }]
		expect(Number(n)).toBe(3)
		// Both languages and the catalog facts reach the database (they used to be dropped).
		const [path] = await h.db.select().from(learningPaths).where(eq(learningPaths.slug, 'blockchain-web3'))
		expect(path).toMatchObject({ titlePt: 'Fundamentos de blockchain e Web3', level: 'beginner', topics: ['blockchain', 'ethereum', 'cryptography'] })
		expect(path!.prerequisitesPt).toMatch(/^Nenhum/)
		const [lesson] = await h.db.select().from(lessons).where(eq(lessons.slug, 'what-is-a-blockchain'))
		expect(lesson!.titlePt).toBeTruthy()
		expect(lesson!.contentPt).toMatch(/blockchain/i)
		expect(lesson!.contentPt).not.toBe(lesson!.content)
		const untranslated = await h.db.select({ slug: lessons.slug }).from(lessons).where(isNull(lessons.titlePt))
		expect(untranslated).toEqual([])
		await h.close()
	})
})

describe('content problems an author can act on', () => {
	it('lists every problem at once, each with its file, field and rule, in either language', async () => {
		const root = await fs.mkdtemp(path.join(os.tmpdir(), 'learnchain-bad-content-'))
		await fs.cp('content/blockchain-web3', path.join(root, 'blockchain-web3'), { recursive: true })
		const mod = path.join(root, 'blockchain-web3/01-how-blockchains-work/01-blocks-and-hashes')
		await fs.rename(path.join(mod, '01-what-is-a-blockchain.md'), path.join(mod, '01-l.md'))
		const course = path.join(root, 'blockchain-web3/01-how-blockchains-work/_course.md')
		await fs.writeFile(course, (await fs.readFile(course, 'utf8')).replace(/^level: .*$/m, 'level: expert'))
		const lesson = path.join(mod, '02-cryptographic-hashing.md')
		await fs.writeFile(lesson, (await fs.readFile(lesson, 'utf8')).replace(/^type: .*$/m, ''))
		let issues: ContentIssue[] = []
		try {
			await readContentTree(root)
		} catch (e) {
			if (e instanceof ContentErrors) issues = e.issues
		}
		await fs.rm(root, { recursive: true, force: true })
		const dir = 'blockchain-web3/01-how-blockchains-work'
		expect(issues).toEqual([
			{ file: `${dir}/_course.md`, field: 'level', rule: 'oneOf', values: { values: 'beginner, intermediate, advanced' } },
			{ file: `${dir}/01-blocks-and-hashes/01-l.md`, field: 'slug', rule: 'tooShort', values: { min: 3, slug: 'l' } },
			{ file: `${dir}/01-blocks-and-hashes/02-cryptographic-hashing.md`, field: 'type', rule: 'required' },
		])
		expect(describeIssue(getT('en-US'), issues[1]!)).toBe(`${dir}/01-blocks-and-hashes/01-l.md, field “slug”: must be at least 3 characters long`)
		expect(describeIssue(getT('pt-BR'), issues[2]!)).toBe(`${dir}/01-blocks-and-hashes/02-cryptographic-hashing.md, campo “type”: é obrigatório`)
	})
})
