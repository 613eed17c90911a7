import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CoverArt, coverShapes } from './catalog-facts'

// The cover as it was drawn with one React element per shape, kept here as the reference the string must equal.
function hash(s: string) {
	let h = 2166136261
	for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
	return h >>> 0
}
function ElementsCover({ seed }: { seed: string }) {
	const h = hash(seed)
	const hue = h % 360
	const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360
	const id = `cover-${h.toString(36)}`
	const blocks = Array.from({ length: 5 }, (_, i) => ({ x: 30 + i * 58, y: 38 + (((h >> (i * 3)) & 7) - 3.5) * 5, s: 26 + ((h >> (i * 2)) & 7) }))
	return (
		<svg>
			<defs>
				<linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
					<stop offset="0" stopColor={`hsl(${hue} 70% 45%)`} />
					<stop offset="1" stopColor={`hsl(${hue2} 70% 30%)`} />
				</linearGradient>
			</defs>
			<rect width="320" height="106" fill={`url(#${id})`} />
			{blocks.slice(1).map((b, i) => (
				<line
					key={`l${i}`}
					x1={blocks[i]!.x + blocks[i]!.s / 2}
					y1={blocks[i]!.y + blocks[i]!.s / 2}
					x2={b.x + b.s / 2}
					y2={b.y + b.s / 2}
					stroke="white"
					strokeOpacity="0.45"
					strokeWidth="2"
				/>
			))}
			{blocks.map((b, i) => (
				<rect key={i} x={b.x} y={b.y} width={b.s} height={b.s} rx="5" fill="white" fillOpacity={0.18 + i * 0.05} stroke="white" strokeOpacity="0.6" />
			))}
		</svg>
	)
}

describe('generated cover art', () => {
	const seeds = [
		'blockchain-web3-foundations',
		'solidity-smart-contracts',
		'defi-protocols',
		'a',
		'',
		'trilha-ação-✓',
		...Array.from({ length: 200 }, (_, i) => `seed-${i}`),
	]

	it('is the markup the shapes rendered as React elements gave, for every seed', () => {
		for (const seed of seeds) expect(`<svg>${coverShapes(seed)}</svg>`, seed).toBe(renderToStaticMarkup(<ElementsCover seed={seed} />))
	})

	it('draws the shapes inside the decorative svg, and the author image when there is one', () => {
		const html = renderToStaticMarkup(<CoverArt seed="defi-protocols" />)
		expect(html).toBe(
			`<svg viewBox="0 0 320 106" class="aspect-[3/1] w-full overflow-hidden rounded-t-xl" aria-hidden="true" data-testid="cover-art" preserveAspectRatio="xMidYMid slice">${coverShapes('defi-protocols')}</svg>`,
		)
		expect(renderToStaticMarkup(<CoverArt seed="x" url="/covers/x.png" />)).toMatch(/^<img src="\/covers\/x.png" alt=""/)
	})
})
