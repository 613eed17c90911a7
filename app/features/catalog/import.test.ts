import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.server.ts'
import { lessons, learningPaths } from '#db/schema.ts'
import { readContentTree } from './content-files.server.ts'
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
		const h = await openDatabase({ dataDir: 'memory://' })
		const first = await importCurriculum(h.db, tree)
		const ids1 = (await h.db.select({ id: lessons.id }).from(lessons)).map((r) => r.id).sort()
		await importCurriculum(h.db, tree)
		const ids2 = (await h.db.select({ id: lessons.id }).from(lessons)).map((r) => r.id).sort()
		expect(ids2).toEqual(ids1)
		expect(ids1.length).toBe(first.lessons)
		const [{ n }] = (await h.db.select({ n: count() }).from(learningPaths)) as [{ n: number }]
		expect(Number(n)).toBe(3)
		await h.close()
	})
})
