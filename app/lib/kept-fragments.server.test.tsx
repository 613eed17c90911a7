import { useId, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FragmentContext, KeptFragment } from '~/components/kept-fragment.tsx'
import { I18nProvider } from '~/features/i18n/react.tsx'
import { createI18nStore } from '~/features/i18n/i18n.server.ts'
import { assertSamePage, createKeptFragments } from './kept-fragments.server.ts'

type Kept = ReturnType<typeof createKeptFragments>

/** A page as the server makes it: with the sink when there is one, finished into plain HTML. */
function render(node: ReactNode, kept?: Kept, language: 'en-US' | 'pt-BR' = 'en-US') {
	const tree = <I18nProvider store={createI18nStore(language)}>{node}</I18nProvider>
	if (!kept) return { html: renderToString(tree), hits: 0, fills: 0 }
	const sink = kept.forRender()
	const html = sink.finish(renderToString(<FragmentContext.Provider value={sink}>{tree}</FragmentContext.Provider>))
	return { html, hits: sink.hits, fills: sink.fills }
}

function Id({ label }: { label: string }) {
	return <i id={useId()}>{label}</i>
}

/** Text beside the fragment on both sides, ids before and after it, and a fragment in a list. */
function Page({ items, title }: { items: string[]; title: string }) {
	return (
		<main>
			<Id label="before" />
			text
			<KeptFragment id="list" deps={[items]}>
				<ul>
					{items.map((item) => (
						<li key={item}>{item}</li>
					))}
				</ul>
			</KeptFragment>
			{title}
			<Id label="after" />
		</main>
	)
}

describe('kept fragments', () => {
	it('a fragment rendered once is reused, and the page is the page rendered without it', () => {
		const kept = createKeptFragments({ maxBytes: 1 << 20 })
		const plain = render(<Page items={['a', 'b']} title="Title" />).html
		const first = render(<Page items={['a', 'b']} title="Title" />, kept)
		expect(first).toMatchObject({ html: plain, hits: 0, fills: 1 })
		expect(kept.size).toBe(1)
		// Another page with the same list (its own title) takes the list as kept.
		const second = render(<Page items={['a', 'b']} title="Other" />, kept)
		expect(second).toMatchObject({ html: render(<Page items={['a', 'b']} title="Other" />).html, hits: 1, fills: 0 })
		expect(second.html).not.toContain('kept-fragment')
	})

	it('keys a fragment by its dependencies and the language', () => {
		const kept = createKeptFragments({ maxBytes: 1 << 20 })
		render(<Page items={['a', 'b']} title="T" />, kept)
		const changed = render(<Page items={['a', 'c']} title="T" />, kept)
		expect(changed).toMatchObject({ html: render(<Page items={['a', 'c']} title="T" />).html, fills: 1, hits: 0 })
		const portuguese = render(<Page items={['a', 'b']} title="T" />, kept, 'pt-BR')
		expect(portuguese).toMatchObject({ fills: 1, hits: 0 })
		expect(kept.size).toBe(3)
	})

	it('in the browser (no sink) a fragment is its children', () => {
		function Bare() {
			return (
				<p>
					x
					<KeptFragment id="b" deps={[]}>
						<b>y</b>
					</KeptFragment>
				</p>
			)
		}
		expect(render(<Bare />).html).toBe('<p>x<b>y</b></p>')
	})

	it('children given as a function are made only for a render that fills the fragment', () => {
		const kept = createKeptFragments({ maxBytes: 1 << 20 })
		let made = 0
		const page = () => (
			<p>
				x
				<KeptFragment id="lazy" deps={['same']}>
					{() => {
						made++
						return <b>y</b>
					}}
				</KeptFragment>
			</p>
		)
		expect(render(page()).html).toBe('<p>x<b>y</b></p>')
		expect(made).toBe(1)
		expect(render(page(), kept)).toMatchObject({ html: '<p>x<b>y</b></p>', fills: 1 })
		expect(made).toBe(2)
		// Kept: the page is the same, and the elements were not made again.
		expect(render(page(), kept)).toMatchObject({ html: '<p>x<b>y</b></p>', hits: 1 })
		expect(made).toBe(2)
	})

	it('a fragment inside a fragment is kept with its outer one', () => {
		const kept = createKeptFragments({ maxBytes: 1 << 20 })
		const Nested = ({ n }: { n: number }) => (
			<div>
				<KeptFragment id="outer" deps={[n]}>
					<section>
						<KeptFragment id="inner" deps={[]}>
							<b>inner</b>
						</KeptFragment>
						<span>{n}</span>
					</section>
				</KeptFragment>
			</div>
		)
		expect(render(<Nested n={1} />, kept)).toMatchObject({ html: '<div><section><b>inner</b><span>1</span></section></div>', fills: 1 })
		expect(render(<Nested n={1} />, kept)).toMatchObject({ html: '<div><section><b>inner</b><span>1</span></section></div>', hits: 1, fills: 0 })
		expect(kept.size).toBe(1)
	})

	it('keeps no fragment with text at an edge, which would run into a neighbour’s text', () => {
		const kept = createKeptFragments({ maxBytes: 1 << 20 })
		const Edge = () => (
			<p>
				<KeptFragment id="edge" deps={[]}>
					<b>x</b>
					tail
				</KeptFragment>
			</p>
		)
		render(<Edge />, kept)
		expect(kept.size).toBe(0)
		expect(render(<Edge />, kept).fills).toBe(1)
	})

	it('stays within its budget, least recently used out first, and keeps nothing when off', () => {
		const list = (n: number) => Array.from({ length: 40 }, (_, i) => `item ${n}-${i}`)
		const one = createKeptFragments({ maxBytes: 1 << 20 })
		render(<Page items={list(0)} title="" />, one)
		const size = one.bytes
		// Room for eight.
		const budget = size * 8 + 10
		const kept = createKeptFragments({ maxBytes: budget })
		for (let n = 1; n <= 8; n++) render(<Page items={list(n)} title="" />, kept)
		expect(kept.size).toBe(8)
		render(<Page items={list(1)} title="" />, kept) // 1 is now the most recently used
		render(<Page items={list(9)} title="" />, kept) // so 2 goes
		expect(kept.size).toBe(8)
		expect(kept.bytes).toBeLessThanOrEqual(budget)
		expect(render(<Page items={list(1)} title="" />, kept).hits).toBe(1)
		expect(render(<Page items={list(2)} title="" />, kept).hits).toBe(0)
		// A fragment past an eighth of the budget is never kept.
		const small = createKeptFragments({ maxBytes: size * 4 })
		render(<Page items={list(5)} title="" />, small)
		expect(small.size).toBe(0)
		expect(createKeptFragments({ maxBytes: 0 }).on).toBe(false)
	})

	it('the check names where a page made with fragments differs from one made without', () => {
		expect(() => assertSamePage('<p>same</p>', '<p>same</p>', '/x')).not.toThrow()
		expect(() => assertSamePage('<p>kept</p>', '<p>made</p>', '/dashboard')).toThrow(/kept fragments changed \/dashboard at 3/)
		expect(() => assertSamePage('<p>kept</p>', null, '/dashboard')).toThrow(/kept fragments changed/)
	})
})
