import { lessonText, type ChallengeContext } from './context.ts'
import { bm25, plainText, splitSections, termDoc, terms, type BlockKind, type TermDoc } from './rank.ts'

// The offline tutor: answers from the course itself when no model is configured or the model fails.
// It never invents anything: it finds the passages of the lesson (then of its course) that best match
// the question and quotes them under the headings they come from.

export type Translate = (key: string, options?: Record<string, unknown>) => string
export type SourceLesson = { title: string; lessonType: string; content: string | null; challenge?: ChallengeContext | null }
export type OfflineCorpus = { lesson: SourceLesson; others: SourceLesson[] }

const MAX_REPLY_PASSAGE_CHARS = 1400
const MAX_PASSAGE_CHARS = 1200

// Sections every lesson has: they say little about a topic, so they make poor suggestions.
const genericHeadings =
	/^(key takeaways?|takeaways|summary|in summary|introduction|overview|conclusions?|recap|next steps|further reading|resources|references|exercises?|practice|what you('ll| will) learn|resumo|conclus[aã]o|introdu[cç][aã]o|vis[aã]o geral|pr[oó]ximos passos|refer[eê]ncias|exerc[ií]cios|pontos[- ]chave)$/i

/** A passage of one lesson, with what the search reads of it. */
type LessonPassage = { heading: string; sectionKey: number; first: boolean; kind: BlockKind; text: string; doc: TermDoc; headingTerms: ReadonlySet<string> }
type LessonPassages = { sections: number; passages: LessonPassage[] }

// A lesson's passages, split and stemmed, per lesson object: a course's other lessons come from the kept
// curriculum as the same objects every time (context.server.ts), so each is indexed once, not per question.
const passagesByLesson = new WeakMap<SourceLesson, LessonPassages>()

function lessonPassages(source: SourceLesson): LessonPassages {
	let kept = passagesByLesson.get(source)
	if (kept) return kept
	const sections = splitSections(lessonText(source), source.title)
	const passages: LessonPassage[] = []
	sections.forEach((section, sectionKey) => {
		const headingTerms = new Set(terms(section.heading))
		section.blocks.forEach((block, i) => {
			if (block.text.length > MAX_PASSAGE_CHARS && block.kind !== 'prose') return
			passages.push({ heading: section.heading, sectionKey, first: i === 0, kind: block.kind, text: block.text, doc: termDoc(terms(block.text)), headingTerms })
		})
	})
	passagesByLesson.set(source, (kept = { sections: sections.length, passages }))
	return kept
}

function clipProse(text: string, max: number) {
	if (text.length <= max) return text
	const cut = text.slice(0, max)
	const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'))
	return `${sentenceEnd > max / 2 ? cut.slice(0, sentenceEnd + 1) : cut.trimEnd()} …`
}

type Scored = { lesson: string; current: boolean; heading: string; text: string; score: number; order: number }

/** The best passages for a question, grouped by section, each group in reading order. */
export function rankPassages(question: string, corpus: OfflineCorpus) {
	const query = terms(question)
	if (!query.length) return []
	// A quiz's own questions answer nothing: for a quiz the course's lessons are the source.
	// A challenge's brief reads like a text lesson.
	const readable = (source: SourceLesson) => source.lessonType === 'text' || source.lessonType === 'challenge'
	const sources = [
		...(readable(corpus.lesson) ? [{ source: corpus.lesson, current: true }] : []),
		...corpus.others.filter(readable).map((source) => ({ source, current: false })),
	]
	// Every passage of every source in reading order, by reference (a course holds thousands): which source
	// and which section of all each one is in are kept beside it.
	const passages: LessonPassage[] = []
	const sourceOf: number[] = []
	const sectionOf: number[] = []
	let sectionKeys = 0
	sources.forEach(({ source }, at) => {
		const { sections, passages: own } = lessonPassages(source)
		for (const p of own) {
			passages.push(p)
			sourceOf.push(at)
			sectionOf.push(sectionKeys + p.sectionKey)
		}
		sectionKeys += sections
	})
	if (!passages.length) return []
	const { scores, idf } = bm25(
		query,
		passages.map((p) => p.doc),
	)
	const unique = [...new Set(query)]
	const bySection = new Map<number, Scored[]>()
	scores.forEach((raw, i) => {
		if (raw === 0) return
		const p = passages[i]!
		const { source, current } = sources[sourceOf[i]!]!
		let score = raw
		for (const term of unique) if (p.headingTerms.has(term)) score += idf.get(term)!
		if (current) score *= 1.5
		if (p.first) score *= 1.15
		if (p.kind === 'code') score *= 0.6
		const scored = { lesson: source.title, current, heading: p.heading, text: p.text, score, order: i }
		const section = bySection.get(sectionOf[i]!)
		if (section) section.push(scored)
		else bySection.set(sectionOf[i]!, [scored])
	})
	const sections = [...bySection.values()].map((ps) => ({ best: Math.max(...ps.map((p) => p.score)), passages: ps })).sort((a, b) => b.best - a.best)
	const top = sections[0]?.best ?? 0
	return sections
		.filter((s, i) => i === 0 || (i < 2 && s.best >= top * 0.6))
		.map((s) => {
			const chosen = [...s.passages]
				.sort((a, b) => b.score - a.score)
				.filter((p, i) => i === 0 || (i < 2 && p.score >= s.best * 0.5))
				.sort((a, b) => a.order - b.order)
			const { lesson, current, heading } = chosen[0]!
			return { lesson, current, heading, score: s.best, passages: chosen.map((p) => p.text) }
		})
}

function topics(corpus: OfflineCorpus): string[] {
	const headings = splitSections(lessonText(corpus.lesson), '')
		.filter((s) => s.level >= 2 && s.heading && !genericHeadings.test(s.heading))
		.map((s) => s.heading)
	return (headings.length ? headings : corpus.others.map((l) => l.title)).slice(0, 6)
}

/** Words of a test's name ("testDecrementAtZeroReverts" -> "decrement at zero reverts"). */
const nameWords = (name: string) =>
	name
		.replace(/^test_?/, '')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/_/g, ' ')
		.toLowerCase()

/**
 * On a code challenge: what the last run said (the first failing test's message, or the first compile
 * error with its line), and extra search words from it, so the passages quoted are the brief's part about it.
 */
function challengeNote(challenge: ChallengeContext | null | undefined, t: Translate): { lines: string[]; query: string } {
	const run = challenge?.lastRun
	if (!run || run.status === 'problem') return { lines: [], query: '' }
	if (run.status === 'compileError') {
		const e = run.errors[0]
		if (!e) return { lines: [], query: '' }
		return { lines: [t('tutor.offline.challengeCompile', { message: e.message, line: e.line })], query: e.message }
	}
	const failing = run.tests.find((x) => !x.passed)
	if (!failing) return { lines: [t('tutor.offline.challengePassed')], query: '' }
	return {
		lines: [t('tutor.offline.challengeFailing', { name: failing.name, reason: failing.reason ?? '' }), t('tutor.offline.challengeExplain')],
		query: `${nameWords(failing.name)} ${failing.reason ?? ''}`,
	}
}

/** A Markdown reply that says what it is, quotes the best passages and names where they come from. */
export function offlineReply(question: string, corpus: OfflineCorpus, t: Translate): string {
	const parts = [t('tutor.offline.intro')]
	const note = challengeNote(corpus.lesson.challenge, t)
	parts.push(...note.lines)
	const groups = rankPassages(note.query ? `${question} ${note.query}` : question, corpus)
	if (!groups.length) {
		parts.push(t('tutor.offline.noMatch'))
		const list = topics(corpus)
		if (list.length) parts.push(list.map((h) => `- ${h}`).join('\n'))
		parts.push(t('tutor.offline.tryTopics'))
		if (corpus.lesson.lessonType === 'challenge') parts.push(t('tutor.offline.challengeNoSolution'))
		return parts.join('\n\n')
	}
	let budget = MAX_REPLY_PASSAGE_CHARS
	for (const group of groups) {
		if (budget <= 0) break
		parts.push(
			`**${group.current ? t('tutor.offline.from', { heading: group.heading }) : t('tutor.offline.fromLesson', { heading: group.heading, lesson: group.lesson })}**`,
		)
		for (const text of group.passages) {
			if (budget <= 0) break
			const passage = text.startsWith('```') || text.startsWith('|') ? text : clipProse(text, budget)
			parts.push(passage)
			budget -= passage.length
		}
	}
	if (corpus.lesson.lessonType === 'challenge') parts.push(t('tutor.offline.challengeNoSolution'))
	return parts.join('\n\n')
}

function keyTerms(markdown: string): string[] {
	const counts = new Map<string, { term: string; n: number }>()
	for (const m of markdown.matchAll(/\*\*([^*\n]{3,40})\*\*/g)) {
		const term = plainText(m[1]!).replace(/[.,:;!?]+$/, '')
		const words = term.split(/\s+/)
		// Not a term: a phrase, a number, or a fragment that starts mid-sentence ("in Solidity").
		if (words.length > 4 || !/[a-z]/i.test(term) || terms(words[0]!).length === 0) continue
		const key = term.toLowerCase()
		counts.set(key, { term, n: (counts.get(key)?.n ?? 0) + 1 })
	}
	return [...counts.values()].sort((a, b) => b.n - a.n).map((c) => c.term)
}

/** Three questions from the lesson's headings and key terms (quiz: its questions), then general ones. */
export function offlineSuggestions(lesson: SourceLesson, t: Translate): string[] {
	const text = lessonText(lesson)
	const fromHeadings = splitSections(text, '')
		.filter((s) => s.level >= 2 && s.heading && !genericHeadings.test(s.heading))
		.map((s) =>
			lesson.lessonType === 'quiz'
				? t('tutor.suggest.quiz', { question: s.heading.replace(/^Question \d+:\s*/, '') })
				: s.heading.endsWith('?')
					? s.heading
					: t('tutor.suggest.explain', { topic: s.heading }),
		)
	const headingText = fromHeadings.join(' ').toLowerCase()
	const fromTerms =
		lesson.lessonType === 'text'
			? keyTerms(text)
					.filter((term) => !headingText.includes(term.toLowerCase()))
					.map((term) => t('tutor.suggest.term', { term }))
			: []
	const mixed: string[] = []
	for (let i = 0; i < Math.max(fromHeadings.length, fromTerms.length); i++) {
		if (fromHeadings[i]) mixed.push(fromHeadings[i]!)
		if (fromTerms[i]) mixed.push(fromTerms[i]!)
	}
	const general = [t('tutor.suggest.summary'), t('tutor.suggest.example', { title: lesson.title }), t('tutor.suggest.review')]
	const seen = new Set<string>()
	return [...mixed, ...general].filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase())).slice(0, 3)
}
