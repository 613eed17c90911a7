export function ProgressBar({ value, label }: { value: number; label: string }) {
	const pct = Math.max(0, Math.min(100, Math.round(value)))
	return (
		<div
			role="progressbar"
			aria-valuenow={pct}
			aria-valuemin={0}
			aria-valuemax={100}
			aria-label={label}
			className="bg-muted h-2 w-full overflow-hidden rounded-full"
		>
			<div className="bg-primary h-full rounded-full transition-[width]" style={{ width: `${pct}%` }} />
		</div>
	)
}
