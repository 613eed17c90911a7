import { createHash } from 'node:crypto'
import type { FragmentSink } from '~/components/kept-fragment.tsx'

/**
 * Kept fragments (components/kept-fragment.tsx): HTML of page parts by key, least recently used out first past
 * `maxBytes`. A render takes a sink, whose `finish` turns the render's placeholders into HTML: a hit's
 * `<kept-fragment data-hit="n"></kept-fragment>` becomes the kept HTML, a fill's element is unwrapped and its
 * inner HTML kept. The custom element stands where the fragment's children stand, so React writes the same
 * separators around it as around them, and wraps them without adding to the tree position `useId` reads.
 * A key is kept as its SHA-256 (a course's outline is kilobytes of JSON), and counted in the budget with its HTML.
 */
export function createKeptFragments({ maxBytes }: { maxBytes: number }) {
	const entries = new Map<string, string>()
	let bytes = 0
	// JavaScript strings of this HTML are one byte per character (Latin-1) or two; counted as two.
	const size = (key: string, html: string) => (key.length + html.length) * 2
	const keep = (key: string, html: string) => {
		if (size(key, html) > maxBytes / 8) return
		const old = entries.get(key)
		if (old !== undefined) {
			entries.delete(key)
			bytes -= size(key, old)
		}
		for (const [k, e] of entries) {
			if (bytes + size(key, html) <= maxBytes) break
			entries.delete(k)
			bytes -= size(k, e)
		}
		entries.set(key, html)
		bytes += size(key, html)
	}

	return {
		on: maxBytes > 0,
		get bytes() {
			return bytes
		},
		get size() {
			return entries.size
		},
		forRender(): FragmentSink & { finish(html: string): string; readonly hits: number; readonly fills: number } {
			const hits: string[] = []
			const fills: string[] = []
			return {
				get hits() {
					return hits.length
				},
				get fills() {
					return fills.length
				},
				take(name) {
					const key = createHash('sha256').update(name).digest('base64url')
					const html = entries.get(key)
					if (html === undefined) return { fill: fills.push(key) - 1 }
					entries.delete(key)
					entries.set(key, html)
					return { hit: hits.push(html) - 1 }
				},
				finish(html) {
					if (hits.length === 0 && fills.length === 0) return html
					let out = ''
					let from = 0
					for (let at = html.indexOf(OPEN, from); at !== -1; at = html.indexOf(OPEN, from)) {
						out += html.slice(from, at)
						const hit = HIT.exec(html.slice(at, at + 64))
						if (hit) {
							out += hits[Number(hit[1])]
							from = at + hit[0].length
							continue
						}
						const fill = FILL.exec(html.slice(at, at + 64))
						if (!fill) throw new Error('kept fragment: unknown placeholder')
						const start = at + fill[0].length
						// A fill's children render with no sink (components/kept-fragment.tsx), so no placeholder nests in it.
						const end = html.indexOf(CLOSE, start)
						const inner = html.slice(start, end)
						if (edgesAreElements(inner)) keep(fills[Number(fill[1])]!, copyOf(inner))
						out += inner
						from = end + CLOSE.length
					}
					return out + html.slice(from)
				},
			}
		},
	}
}

const OPEN = '<kept-fragment data-'
const CLOSE = '</kept-fragment>'
const HIT = /^<kept-fragment data-hit="(\d+)"><\/kept-fragment>/
const FILL = /^<kept-fragment data-fill="(\d+)">/

/**
 * A string of its own. V8 answers `slice` with a view that holds the whole string it was cut from: a kept
 * fragment cut from its page held that page (npm run soak: 45 MB more heap for an 8 MB budget).
 */
const copyOf = (html: string) => Buffer.from(html, 'utf8').toString('utf8')

/** Text at an edge would run into a neighbour's text where the fragment stands, without React's separator. */
const edgesAreElements = (html: string) => html.startsWith('<') && !html.startsWith('<!--') && html.endsWith('>') && !html.endsWith('-->')

/** The check behind TEST_KEPT_FRAGMENTS_CHECK: a page made with kept fragments is the page made without them. */
export function assertSamePage(made: string, plain: string | null, url: string) {
	if (plain === made) return
	let at = 0
	while (plain && at < plain.length && plain[at] === made[at]) at++
	const around = (html: string | null) => JSON.stringify(html?.slice(Math.max(0, at - 120), at + 120))
	throw new Error(`kept fragments changed ${url} at ${at}:\n  with them:    ${around(made)}\n  without them: ${around(plain)}`)
}
