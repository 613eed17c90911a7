import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { readContentTree, type LessonFile } from '~/features/catalog/content-files.server.ts'
import type { Solc } from './engine/compile.server.ts'
import { runJob } from './engine/run-job.server.ts'

// Every demo challenge of content/: its reference solution passes every test, and its starter code
// compiles and fails at least one (so a learner starts from failures to fix, not from a finished lesson).

const solc = createRequire(import.meta.url)('solc') as Solc
const tree = await readContentTree('content')
const challenges: { where: string; lesson: LessonFile }[] = tree.flatMap((p) =>
	p.courses.flatMap((c) =>
		c.modules.flatMap((m) =>
			m.lessons.filter((l) => l.type === 'challenge').map((lesson) => ({ where: `${p.slug}/${c.slug}/${m.slug}/${lesson.slug}`, lesson })),
		),
	),
)

describe('demo challenges', () => {
	test('at least eight, across the smart-contracts and defi-protocols paths, each with hints in both languages', () => {
		expect(challenges.length).toBeGreaterThanOrEqual(8)
		expect(new Set(challenges.map((c) => c.where.split('/')[0]))).toEqual(new Set(['smart-contracts', 'defi-protocols']))
		for (const { where, lesson } of challenges) {
			expect(lesson.hints?.length, where).toBeGreaterThan(0)
			expect(lesson.hints_pt?.length, where).toBe(lesson.hints?.length)
			expect(lesson.body_pt, where).toBeTruthy()
			expect(lesson.title_pt, where).toBeTruthy()
		}
	})

	for (const { where, lesson } of challenges) {
		test(`${where}: the reference passes, the starter fails`, async () => {
			const { starter, tests, solution } = lesson.challenge!
			const reference = await runJob(solc, { source: solution, tests })
			expect(reference.status, JSON.stringify(reference).slice(0, 600)).toBe('tested')
			if (reference.status !== 'tested') return
			expect(
				reference.tests.filter((t) => !t.passed),
				'failing tests of the reference',
			).toEqual([])
			const start = await runJob(solc, { source: starter, tests })
			expect(start.status, JSON.stringify(start).slice(0, 600)).toBe('tested')
			if (start.status !== 'tested') return
			expect(start.passed).toBeLessThan(start.total)
		})
	}
})
