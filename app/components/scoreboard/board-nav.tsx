import { Link, useLocation, useSearchParams } from 'react-router'
import { cn } from '~/lib/utils'

/** A row of links that behave like a segmented control; the current one is marked for assistive tech. */
export function SegmentNav({
	label,
	items,
	className,
}: {
	label: string
	items: { key: string; label: string; to: string; current: boolean }[]
	className?: string
}) {
	return (
		<nav aria-label={label} className={cn('bg-muted inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg p-[3px]', className)}>
			{items.map((item) => (
				<Link
					key={item.key}
					to={item.to}
					preventScrollReset
					aria-current={item.current ? 'page' : undefined}
					className={cn(
						'focus-visible:ring-ring/50 rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-[3px]',
						item.current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
					)}
				>
					{item.label}
				</Link>
			))}
		</nav>
	)
}

/** The board's URL with some query values replaced. */
export function useBoardHref() {
	const [params] = useSearchParams()
	const { pathname } = useLocation()
	return (changes: Record<string, string | undefined>) => {
		const next = new URLSearchParams(params)
		for (const [k, v] of Object.entries(changes)) {
			if (v === undefined) next.delete(k)
			else next.set(k, v)
		}
		const qs = next.toString()
		return qs ? `${pathname}?${qs}` : pathname
	}
}
