import { describe, expect, it } from 'vitest'
import { lessonContent, readContentTree } from '~/features/catalog/content-files.server.ts'
import type { GradeResult } from '~/features/challenges/types.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { buildLessonContext } from './context.ts'
import { offlineReply, type OfflineCorpus } from './offline.server.ts'

// The tutor on a code challenge: it sees the learner's code and last run, explains the failing test, points
// at the brief, and has nothing of the lesson's tests or reference solution to give away.

describe('the tutor on a code challenge', async () => {
	const tree = await readContentTree('content')
	const lesson = tree.flatMap((p) => p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons))).find((l) => l.slug === 'counter-with-events')!
	const code = lesson.challenge!.starter.replace('// TODO: add one to count and emit Incremented', 'count += 2;')
	const lastRun: GradeResult = {
		status: 'tested',
		passed: 4,
		total: 6,
		warnings: [],
		ms: 40,
		tests: [
			{ name: 'testStartsAtZero', passed: true, gasUsed: 3000, reason: null, kind: null },
			{ name: 'testDecrementAtZeroReverts', passed: false, gasUsed: 5000, reason: 'expected the revert reason "Counter: already zero"', kind: 'revert' },
		],
	}
	const source = { title: lesson.title, lessonType: 'challenge', content: lessonContent(lesson), challenge: { code, lastRun } }

	it("puts the learner's code and last run in the model's context, never the tests or the reference", () => {
		const context = buildLessonContext({ courseTitle: 'Solidity Fundamentals', ...source })
		expect(context).toContain('count += 2;')
		expect(context).toContain('testDecrementAtZeroReverts: failed: expected the revert reason "Counter: already zero"')
		expect(context).toContain('## What to build')
		expect(context).not.toContain('contract CounterTest')
		expect(context).not.toContain('require(count > 0')
		expect(context.length).toBeLessThanOrEqual(8000)
	})

	it('offline: explains the failing test and quotes the part of the brief about it, in both languages', () => {
		const corpus: OfflineCorpus = { lesson: source, others: [] }
		const reply = offlineReply('why does my test fail?', corpus, getT('en-US'))
		expect(reply).toContain('Your last run: **testDecrementAtZeroReverts** failed with “expected the revert reason "Counter: already zero"”.')
		expect(reply).toContain('`decrement()`')
		expect(reply).toContain('I will not write the solution for you')
		expect(reply).not.toContain('require(count > 0')
		const pt = offlineReply('por que meu teste falha?', corpus, getT('pt-BR'))
		expect(pt).toContain('Sua última execução: **testDecrementAtZeroReverts** falhou')
	})

	it('offline: a compile error is named with its line', () => {
		const broken: GradeResult = {
			status: 'compileError',
			errors: [{ file: 'solution', line: 9, column: 5, severity: 'error', message: "Expected ';' but got '}'", problem: null }],
		}
		const reply = offlineReply('what is wrong?', { lesson: { ...source, challenge: { code, lastRun: broken } }, others: [] }, getT('en-US'))
		expect(reply).toContain("Your last run did not compile: “Expected ';' but got '}'” on line 9.")
	})
})
