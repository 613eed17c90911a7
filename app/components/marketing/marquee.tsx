import { cn } from '~/lib/utils'
import './marketing.css'

/**
 * An endless horizontal scroller. The items render twice (the copy is hidden from assistive
 * tech); with prefers-reduced-motion it stops and becomes a swipeable row (see marketing.css).
 * `stackOnPhone`: below 40rem the items stand still in a column, each read whole (words are never
 * cut at the screen's edge by a moving row of cards wider than the phone).
 */
export function Marquee({
	label,
	children,
	reverse,
	stackOnPhone,
	seconds = 40,
	className,
}: {
	label: string
	children: React.ReactNode
	reverse?: boolean
	stackOnPhone?: boolean
	seconds?: number
	className?: string
}) {
	return (
		<div
			className={cn('marquee', className)}
			data-reverse={reverse ? '' : undefined}
			data-stack={stackOnPhone ? '' : undefined}
			// A group, not a region: the section around it is already the landmark with this name.
			role="group"
			aria-label={label}
			// Focusable: focus pauses the scroll, and with reduced motion the keyboard scrolls the row.
			tabIndex={0}
			style={{ '--marquee-duration': `${seconds}s` } as React.CSSProperties}
		>
			<div className="marquee-track">
				<ul className="flex shrink-0 gap-4 pr-4">{children}</ul>
				<ul className="flex shrink-0 gap-4 pr-4" aria-hidden data-duplicate="">
					{children}
				</ul>
			</div>
		</div>
	)
}
