import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import pt from './pt-BR.json'

// Keeps the Portuguese copy on the terms chosen in docs/glossary-pt-BR.md: one term per concept, sentence
// case. A new string that brings back a rejected variant fails here with the term to use instead.

function flatten(o: Record<string, unknown>, prefix = ''): [string, string][] {
	return Object.entries(o).flatMap(([k, v]) =>
		v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
	)
}
const strings = flatten(pt)

/** Rejected variant → the glossary's term. */
const forbidden: [RegExp, string][] = [
	[/matr[ií]cul/i, 'enroll: inscrever-se, inscrição, inscrito'],
	[/\bplacar\b|\branking\b/i, 'scoreboard: classificação'],
	[/instrutor/i, 'AI tutor: tutor de IA'],
	[/\bTutor de IA\b(?!$)/, 'AI tutor mid-sentence: tutor de IA, lower case'],
	[/\bestudante/i, 'learner: aluno'],
	[/\brequisiç/i, 'request: solicitação'],
	[/\bpesquis(ar|e|a\b)/i, 'search: buscar, busca'],
	[/\bsmart contracts?\b/i, 'smart contract: contrato inteligente'],
	[/\btimes?\b/i, 'team: equipe'],
	[/tent(ar|e) de novo/i, 'try again: tentar novamente'],
	[/\badmin\b/i, 'admin role: administrador'],
	[/bem-vind[oa]/i, 'welcome: boas-vindas (no gender)'],
	[/sal[aá]rio mensal/i, 'stipend: bolsa'],
	[/\bUSD\b/, 'US dollars: US$'],
	[/\bISAs\b/, 'ISA: acordo de participação na renda (ISA), no English plural'],
]

// Capitalised words allowed mid-sentence: names of products, places and people, and keys on a keyboard.
const properNouns = new Set(
	'Acme Labs Maria Silva DeFi Discord Enter Esc Tab Shift Backspace Ethereum GitHub Google LinkedIn Markdown MetaMask Rabby Sepolia Solidity Telegram Twitter Web3 YouTube Test'.split(
		' ',
	),
)
// Strings the product spec fixes word for word (spec section 2): kept as written even where they break the rule.
const fixedBySpec = new Set(['errors.fallback.reload'])

describe('pt-BR glossary', () => {
	it('uses one term per concept', () => {
		const found = strings.flatMap(([key, text]) => forbidden.filter(([re]) => re.test(text)).map(([, use]) => `${key}: “${text}” (${use})`))
		expect(found).toEqual([])
	})

	it('writes labels and titles in sentence case, not Title Case copied from English', () => {
		const found: string[] = []
		for (const [key, text] of strings) {
			// Country names are place names through and through (Estados Unidos, Reino Unido).
			if (fixedBySpec.has(key) || key.startsWith('profile.countries.')) continue
			const plain = text.replace(/{{[^}]+}}/g, 'x')
			for (const m of plain.matchAll(/(?<![\p{L}\p{N}_])[A-ZÁÉÍÓÚÂÊÔÃÕÇ][a-zà-ÿ]+\w*/gu)) {
				const before = plain.slice(0, m.index).trimEnd()
				// A capital opens a sentence, a quotation, a list item or a parenthesis.
				if (before === '' || /[.:?!·(“"'/—–-]$/.test(before)) continue
				if (!properNouns.has(m[0])) found.push(`${key}: “${text}” (${m[0]})`)
			}
		}
		expect(found).toEqual([])
	})

	it('keeps the Portuguese curriculum on the same terms', () => {
		const files = (readdirSync('content', { recursive: true }) as string[]).filter((f) => f.endsWith('.pt-BR.md') || /_(path|course|module)\.md$/.test(f))
		expect(files.length).toBeGreaterThan(10)
		const found: string[] = []
		for (const file of files) {
			const text = readFileSync(join('content', file), 'utf8')
			// The English front matter of _path/_course/_module files is not checked: only *_pt fields and pt-BR bodies.
			const portuguese = file.endsWith('.pt-BR.md') ? text : [...text.matchAll(/^\w+_pt: (.*)$/gm)].map((m) => m[1]).join('\n')
			for (const re of [/matr[ií]cul/i, /\bplacar\b/i, /instrutor de IA/i, /\btimes\b/i]) if (re.test(portuguese)) found.push(`${file} (${re})`)
		}
		expect(found).toEqual([])
	})
})
