import { Link } from 'react-router'

export function Logo({ name = 'Learnchain', textClassName }: { name?: string; textClassName?: string }) {
	return (
		<Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label={name}>
			<svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
				<rect width="32" height="32" rx="8" className="fill-primary" />
				<path d="M9 9v14h6M17 13l3-3 3 3-3 3zM20 16v7" stroke="white" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
			</svg>
			<span className={textClassName}>{name}</span>
		</Link>
	)
}
