export function PageHeader({ title, description, children }: { title: string; description?: string; children?: React.ReactNode }) {
	return (
		<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
			<div className="min-w-0">
				<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
				{description ? <p className="text-muted-foreground mt-1">{description}</p> : null}
			</div>
			{children}
		</div>
	)
}

export function EmptyState({ title, body, children }: { title: string; body?: string; children?: React.ReactNode }) {
	return (
		<div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
			<p className="font-medium">{title}</p>
			{body ? <p className="text-muted-foreground max-w-md text-sm">{body}</p> : null}
			{children}
		</div>
	)
}
