import { createElement, type ComponentType, type ForwardRefExoticComponent } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import * as lucide from 'lucide-react'
import { describe, expect, it } from 'vitest'
import createLucideIcon, { shapesMarkup, type IconNode } from './lucide-icon.ts'

type LucideComponent = ForwardRefExoticComponent<Record<string, unknown>> & { render: (props: object, ref: null) => { props: { iconNode: IconNode } } }

// Every icon lucide exports, once (each also has an alias ending in `Icon` and one starting with `Lucide`).
const icons = Object.entries(lucide as Record<string, unknown>).filter(
	(e): e is [string, LucideComponent] => /^[A-Z]/.test(e[0]) && !/Icon$|^Lucide/.test(e[0]) && typeof (e[1] as { render?: unknown }).render === 'function',
)
// lucide's own factory: the icon's element before its Icon draws it carries the shapes and the name's class.
const nodeOf = (icon: LucideComponent) => icon.render({}, null).props.iconNode
const nameOf = (icon: LucideComponent) => /lucide-([a-z0-9-]+)$/.exec(String((icon.render({}, null).props as { className?: string }).className))![1]!

const render = (component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) => renderToStaticMarkup(createElement(component, props))

describe('createLucideIcon (the build-time swap of lucide-react/dist/esm/createLucideIcon.js)', () => {
	it('covers lucide: well over a thousand icons to compare', () => {
		expect(icons.length).toBeGreaterThan(1000)
	})

	it("renders every icon as the same markup as lucide's own, with the props the app passes", () => {
		const variants: Record<string, unknown>[] = [
			{},
			{ className: 'size-4 text-orange-500', 'aria-hidden': true },
			{ 'aria-label': 'Streak', role: 'img' },
			{ size: 16, strokeWidth: 1.5, absoluteStrokeWidth: true, color: 'red' },
		]
		let compared = 0
		for (const [, icon] of icons) {
			const ours = createLucideIcon(nameOf(icon), nodeOf(icon))
			for (const props of variants) {
				expect(render(ours, props)).toBe(render(icon, props))
				compared++
			}
		}
		expect(compared).toBe(icons.length * variants.length)
	})

	it('draws the shapes as elements when the icon is given children', () => {
		const [, flame] = icons.find(([name]) => name === 'Flame')!
		const ours = createLucideIcon('flame', nodeOf(flame))
		const props = { children: createElement('title', { key: 'title' }, 'Hot') }
		expect(render(ours, props)).toBe(render(flame, props))
		expect(render(ours, props)).toContain('<title>Hot</title>')
	})

	it('escapes attribute values and leaves React keys out', () => {
		expect(shapesMarkup([['path', { d: 'M1 1"/><script>', key: 'k1', strokeWidth: 3 }]])).toBe(
			'<path d="M1 1&quot;/&gt;&lt;script&gt;" stroke-width="3"></path>',
		)
	})
})
