// Text retrieval for the offline tutor: Markdown split into sections and passages, scored with BM25.

export type BlockKind = 'prose' | 'list' | 'table' | 'code'
export type Block = { kind: BlockKind; text: string }
export type Section = { heading: string; level: number; blocks: Block[] }

const headingLine = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/
const fenceLine = /^\s*(```|~~~)/
const listLine = /^\s*([-*+]|\d{1,9}[.)])\s+/

/** Plain heading text: no emphasis marks, code ticks or link syntax. */
export function plainText(markdown: string): string {
	return markdown
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[*_`]+/g, '')
		.replace(/\s+/g, ' ')
		.trim()
}

function kindOf(lines: string[]): BlockKind {
	const first = lines[0] ?? ''
	if (fenceLine.test(first)) return 'code'
	if (listLine.test(first)) return 'list'
	if (first.trim().startsWith('|')) return 'table'
	return 'prose'
}

/**
 * Sections by heading (the text before the first heading belongs to `intro`), each split into blocks at
 * blank lines; a fenced code block is one block, and a sentence ending in ':' keeps the list it introduces.
 */
export function splitSections(markdown: string, intro: string): Section[] {
	const sections: Section[] = [{ heading: intro, level: 1, blocks: [] }]
	let block: string[] = []
	let inFence: string | null = null
	const flush = () => {
		if (block.some((l) => l.trim() !== '')) {
			const blocks = sections.at(-1)!.blocks
			const text = block.join('\n').trim()
			const kind = kindOf(block)
			const previous = blocks.at(-1)
			// "Three ingredients are needed:" means little without the list or short example after it.
			const introduces = previous?.kind === 'prose' && previous.text.endsWith(':') && !previous.text.includes('\n\n')
			if (introduces && (kind === 'list' || (kind === 'code' && text.length <= 800))) previous.text += `\n\n${text}`
			else blocks.push({ kind, text })
		}
		block = []
	}
	for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
		if (inFence) {
			block.push(line)
			if (line.trim().startsWith(inFence)) {
				inFence = null
				flush()
			}
			continue
		}
		const fence = line.match(fenceLine)
		if (fence) {
			flush()
			inFence = fence[1]!
			block.push(line)
			continue
		}
		const heading = line.match(headingLine)
		if (heading) {
			flush()
			sections.push({ heading: plainText(heading[2]!), level: heading[1]!.length, blocks: [] })
			continue
		}
		if (line.trim() === '') flush()
		else block.push(line)
	}
	flush()
	return sections.filter((s, i) => i > 0 || s.blocks.length > 0)
}

// English and Portuguese words too common to say anything about a question's topic.
const stopWords = new Set(
	(
		'a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its me my ' +
		'no not of on or our so than that the their them then there these they this those to too us was we were what when where ' +
		'which while who whom why will with would you your about also any each just more most only other over same some such very ' +
		'explain tell please give show know mean means meaning define definition lesson question answer help understand ' +
		'o os as um uma uns umas de do da dos das em no na nos nas por para com sem que quem qual quais quando onde como porque ' +
		'e ou mas se ao aos seu sua seus suas eu voce ele ela eles elas isso isto este esta esse essa ser sao foi era ha tem ' +
		'explique explicar significa aula pergunta resposta ajuda entender me mim meu minha'
	).split(' '),
)

function stem(word: string): string {
	if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
	if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2)
	if (word.length > 6 && word.endsWith('ing')) return word.slice(0, -3)
	if (word.length > 5 && word.endsWith('ed')) return word.slice(0, -2)
	if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1)
	if (word.length > 4 && word.endsWith('e')) return word.slice(0, -1)
	return word
}

/** Lower-cased, accent-free, stop words removed, lightly stemmed. */
export function terms(text: string): string[] {
	return text
		.toLowerCase()
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.split(/[^a-z0-9]+/)
		.filter((w) => w.length > 1 && !stopWords.has(w))
		.map(stem)
}

/** A document as BM25 reads it: how often each term occurs, and how many terms it has. */
export type TermDoc = { counts: ReadonlyMap<string, number>; length: number }

export function termDoc(words: string[]): TermDoc {
	const counts = new Map<string, number>()
	for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
	return { counts, length: words.length }
}

/** Okapi BM25 of one query against every document; also hands back the idf it used. */
export function bm25(query: string[], docs: readonly TermDoc[], k1 = 1.2, b = 0.75) {
	const unique = [...new Set(query)]
	const avgLength = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length) || 1
	const idf = new Map<string, number>()
	for (const term of unique) {
		const df = docs.reduce((n, d) => n + (d.counts.has(term) ? 1 : 0), 0)
		idf.set(term, Math.log(1 + (docs.length - df + 0.5) / (df + 0.5)))
	}
	const scores = docs.map((doc) => {
		let score = 0
		for (const term of unique) {
			const tf = doc.counts.get(term) ?? 0
			if (tf) score += idf.get(term)! * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgLength)))
		}
		return score
	})
	return { scores, idf }
}
