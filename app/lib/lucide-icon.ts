import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react'

/**
 * lucide-react's `createLucideIcon`, swapped in at build time by vite/static-icons.ts (docs/decisions/0014).
 * lucide draws an icon as an `<svg>` holding one React element per path, circle or line: on a signed-in page a
 * third of the elements React renders, on the server and again in the browser. Here the shapes are one string,
 * serialised once per icon, set as the svg's inner HTML; the `<svg>` itself and its props are lucide's. The
 * markup is the same bytes lucide's React elements render (lucide-icon.test.ts compares every icon), so a page
 * reads the same, and hydration leaves the inner HTML alone. An icon given children falls back to elements.
 */

export type IconNode = [tag: string, attrs: Record<string, string | number>][]
type IconProps = SVGProps<SVGSVGElement> & { size?: string | number; absoluteStrokeWidth?: boolean; children?: ReactNode }

// lucide's defaults, in lucide's order (lucide-react/dist/esm/defaultAttributes.js): the order of the attributes.
const defaults = {
	xmlns: 'http://www.w3.org/2000/svg',
	width: 24,
	height: 24,
	viewBox: '0 0 24 24',
	fill: 'none',
	stroke: 'currentColor',
	strokeWidth: 2,
	strokeLinecap: 'round',
	strokeLinejoin: 'round',
} as const

const toKebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
const toPascal = (s: string) => {
	const camel = s.replace(/^([A-Z])|[\s_-]+(\w)/g, (_, first?: string, next?: string) => (next ? next.toUpperCase() : first!.toLowerCase()))
	return camel.charAt(0).toUpperCase() + camel.slice(1)
}
const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const mergeClasses = (...classes: (string | undefined)[]) =>
	classes
		.filter((c, i, all): c is string => Boolean(c) && c!.trim() !== '' && all.indexOf(c) === i)
		.join(' ')
		.trim()

const hasA11yProp = (props: object) => Object.keys(props).some((p) => p.startsWith('aria-') || p === 'role' || p === 'title')

/** The shapes as HTML, as React writes them: attribute names in kebab case, `key` left out, every element closed. */
export function shapesMarkup(node: IconNode) {
	return node
		.map(([tag, attrs]) => {
			let out = `<${tag}`
			for (const [name, value] of Object.entries(attrs)) if (name !== 'key') out += ` ${toKebab(name)}="${escapeAttribute(String(value))}"`
			return `${out}></${tag}>`
		})
		.join('')
}

export default function createLucideIcon(iconName: string, iconNode: IconNode) {
	const kebabClass = `lucide-${toKebab(toPascal(iconName))}`
	const nameClass = `lucide-${iconName}`
	let shapes: { __html: string } | undefined
	const Component = forwardRef<SVGSVGElement, IconProps>(
		({ color = 'currentColor', size = 24, strokeWidth = 2, absoluteStrokeWidth, className, children, ...rest }, ref) => {
			const props = {
				ref,
				...defaults,
				width: size,
				height: size,
				stroke: color,
				strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth,
				className: mergeClasses('lucide', mergeClasses(kebabClass, nameClass, className)),
				...(!children && !hasA11yProp(rest) && { 'aria-hidden': 'true' as const }),
				...rest,
			}
			if (children)
				return createElement('svg', props, [...iconNode.map(([tag, attrs]) => createElement(tag, attrs)), ...(Array.isArray(children) ? children : [children])])
			return createElement('svg', { ...props, dangerouslySetInnerHTML: (shapes ??= { __html: shapesMarkup(iconNode) }) })
		},
	)
	Component.displayName = toPascal(iconName)
	return Component
}
