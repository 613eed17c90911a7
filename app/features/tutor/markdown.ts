// A small Markdown renderer for chat replies, safe by construction: every piece of source text is
// HTML-escaped before any tag is added, and the only attribute written is an http(s) link target.
// Covers what tutors write: paragraphs, headings, lists, quotes, tables, inline and fenced code,
// bold, italic and links. Anything else comes out as plain, escaped text.

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]!)

/** Emphasis on text that is already escaped (escaping leaves * and _ alone). */
function emphasis(escaped: string): string {
	return escaped
		.replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '<strong>$1</strong>')
		.replace(/__(?=\S)(.+?)(?<=\S)__/g, '<strong>$1</strong>')
		.replace(/(^|[^*\w])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![*\w])/g, '$1<em>$2</em>')
		.replace(/(^|[^_\w])_(?=[^\s_])([^_\n]*?[^\s_])_(?![_\w])/g, '$1<em>$2</em>')
}

const link = /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g

function textWithLinks(text: string): string {
	// Links are cut out before emphasis so that no markup can land inside an href.
	let out = ''
	let last = 0
	for (const m of text.matchAll(link)) {
		out += emphasis(escapeHtml(text.slice(last, m.index)))
		out += `<a href="${escapeHtml(m[2]!)}" target="_blank" rel="noopener noreferrer nofollow">${emphasis(escapeHtml(m[1]!))}</a>`
		last = m.index + m[0].length
	}
	return out + emphasis(escapeHtml(text.slice(last)))
}

export function renderInline(text: string): string {
	// Code spans first, so nothing inside them is treated as emphasis or a link.
	return text
		.split(/(`[^`\n]+`)/)
		.map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : textWithLinks(part)))
		.join('')
}

const fence = /^\s*(```|~~~)/
const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/
const bullet = /^\s*[-*+]\s+(.*)$/
const numbered = /^\s*\d{1,9}[.)]\s+(.*)$/
const quote = /^\s{0,3}>\s?(.*)$/
const rule = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/
const tableRow = /^\s*\|.*\|\s*$/
const tableRule = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/

const cells = (row: string) =>
	row
		.trim()
		.replace(/^\||\|$/g, '')
		.split('|')
		.map((c) => renderInline(c.trim()))

export function renderChatMarkdown(source: string): string {
	const lines = source.replace(/\r\n?/g, '\n').split('\n')
	const out: string[] = []
	let i = 0
	const startsBlock = (line: string) =>
		fence.test(line) || heading.test(line) || bullet.test(line) || numbered.test(line) || quote.test(line) || rule.test(line) || tableRow.test(line)

	while (i < lines.length) {
		const line = lines[i]!
		if (line.trim() === '') {
			i++
		} else if (fence.test(line)) {
			const marker = line.trim().slice(0, 3)
			const code: string[] = []
			i++
			while (i < lines.length && !lines[i]!.trim().startsWith(marker)) code.push(lines[i++]!)
			i++ // the closing fence (or the end of a reply still streaming)
			out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`)
		} else if (heading.test(line)) {
			out.push(`<p><strong>${renderInline(line.match(heading)![1]!)}</strong></p>`)
			i++
		} else if (rule.test(line)) {
			out.push('<hr>')
			i++
		} else if (bullet.test(line) || numbered.test(line)) {
			const ordered = numbered.test(line)
			const pattern = ordered ? numbered : bullet
			const items: string[] = []
			while (i < lines.length) {
				const current = lines[i]!
				const item = current.match(pattern)
				if (item) items.push(item[1]!)
				// An indented line continues the item above it (nested lists flatten into it).
				else if (items.length && /^\s+\S/.test(current) && !fence.test(current))
					items[items.length - 1] += ` ${current.trim().replace(/^([-*+]|\d+[.)])\s+/, '')}`
				else break
				i++
			}
			const tag = ordered ? 'ol' : 'ul'
			out.push(`<${tag}>${items.map((it) => `<li>${renderInline(it)}</li>`).join('')}</${tag}>`)
		} else if (quote.test(line)) {
			const quoted: string[] = []
			while (i < lines.length && quote.test(lines[i]!)) quoted.push(lines[i++]!.match(quote)![1]!)
			out.push(`<blockquote>${renderChatMarkdown(quoted.join('\n'))}</blockquote>`)
		} else if (tableRow.test(line) && i + 1 < lines.length && tableRule.test(lines[i + 1]!)) {
			const head = cells(line)
			i += 2
			const body: string[][] = []
			while (i < lines.length && tableRow.test(lines[i]!)) body.push(cells(lines[i++]!))
			const row = (tag: string, r: string[]) => `<tr>${r.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`
			out.push(`<table><thead>${row('th', head)}</thead><tbody>${body.map((r) => row('td', r)).join('')}</tbody></table>`)
		} else {
			const para: string[] = [line]
			i++
			while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!)) para.push(lines[i++]!)
			out.push(`<p>${para.map((l) => renderInline(l.trim())).join('<br>')}</p>`)
		}
	}
	return out.join('')
}
