import { describe, expect, it } from 'vitest'
import { lessonContent, readContentTree } from '~/features/catalog/content-files.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { offlineReply, offlineSuggestions, rankPassages, type OfflineCorpus, type SourceLesson } from './offline.server.ts'
import { splitSections, terms } from './rank.ts'

const t = getT('en-US')

describe('the offline tutor on the demo curriculum', async () => {
	const tree = await readContentTree('content')
	const course = tree.find((p) => p.slug === 'smart-contracts')!.courses.find((c) => c.slug === 'tokens-testing-and-security')!
	const all = course.modules.flatMap((m) => m.lessons)
	const asSource = (l: (typeof all)[number]): SourceLesson => ({
		title: l.title,
		lessonType: l.type,
		content: lessonContent(l),
	})
	const lesson = all.find((l) => l.slug === 'reentrancy-attacks')!
	const corpus: OfflineCorpus = { lesson: asSource(lesson), others: all.filter((l) => l !== lesson).map(asSource) }

	it("answers 'what is a reentrancy attack?' with the passage under that heading", () => {
		const [best] = rankPassages('what is a reentrancy attack?', corpus)
		expect(best?.heading).toBe('What is a reentrancy attack?')
		expect(best?.current).toBe(true)
		const reply = offlineReply('what is a reentrancy attack?', corpus, t)
		expect(reply.startsWith('_Offline tutor:')).toBe(true)
		expect(reply).toContain('**From “What is a reentrancy attack?”**')
		expect(reply).toContain('A **reentrancy attack** happens when a contract makes an **external call**')
	})

	it('finds other sections and lessons of the course, citing them', () => {
		expect(rankPassages('How did the DAO hack happen in 2016?', corpus)[0]?.heading).toBe('The DAO hack (2016)')
		expect(rankPassages('what does the nonReentrant modifier of ReentrancyGuard do', corpus)[0]?.heading).toBe('Defence 2: ReentrancyGuard')
		const quiz = all.find((l) => l.type === 'quiz')!
		const fromQuiz = offlineReply('what is a reentrancy attack?', { lesson: asSource(quiz), others: corpus.others.concat(corpus.lesson) }, t)
		expect(fromQuiz).toMatch(/\*\*From “.+” in the lesson “.+”\*\*/)
	})

	it('says so when nothing matches, and lists what the lesson covers', () => {
		const reply = offlineReply('zzzz qqqq?', corpus, t)
		expect(reply).toContain('I could not find that in this lesson.')
		expect(reply).toContain('- The DAO hack (2016)')
		expect(reply).not.toContain('- Key takeaways')
	})

	it('suggests three questions from headings and key terms', () => {
		const suggestions = offlineSuggestions(corpus.lesson, t)
		expect(suggestions).toHaveLength(3)
		expect(suggestions[0]).toBe('What is a reentrancy attack?')
		expect(new Set(suggestions).size).toBe(3)
		for (const s of [
			asSource(all.find((l) => l.type === 'quiz')!),
			asSource(all.find((l) => l.type === 'video')!),
			{ title: 'Empty', lessonType: 'text', content: '' },
		])
			expect(offlineSuggestions(s, t)).toHaveLength(3)
	})

	it('suggests in Portuguese for pt-BR learners', () => {
		expect(offlineSuggestions({ title: 'X', lessonType: 'text', content: '## Gas\ntext' }, getT('pt-BR'))[0]).toBe('Pode explicar “Gas”?')
	})
})

describe('text helpers', () => {
	it('drops stop words and folds plurals and accents', () => {
		expect(terms('What are the reentrancy attacks? Não!')).toEqual(['reentrancy', 'attack', 'nao'])
	})

	it('keeps code blocks whole and ignores # lines inside them', () => {
		const sections = splitSections('Intro text.\n\n## A\nLead:\n\n- one\n- two\n\n```sh\n# not a heading\n\nstill code\n```', 'Title')
		expect(sections.map((s) => s.heading)).toEqual(['Title', 'A'])
		expect(sections[1]!.blocks.map((b) => b.kind)).toEqual(['prose', 'code'])
		expect(sections[1]!.blocks[0]!.text).toBe('Lead:\n\n- one\n- two')
	})
})
