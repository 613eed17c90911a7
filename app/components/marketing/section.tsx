import { cn } from '~/lib/utils'

/** A landing section with its eyebrow, heading and lead paragraph. */
export function Section({
	id,
	eyebrow,
	title,
	subtitle,
	children,
	className,
	muted,
}: {
	id?: string
	eyebrow?: string
	title: string
	subtitle?: string
	children?: React.ReactNode
	className?: string
	muted?: boolean
}) {
	const headingId = id ? `${id}-title` : undefined
	return (
		<section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-16 md:py-24', muted && 'bg-muted/40 border-y', className)}>
			<div className="mx-auto max-w-6xl px-4">
				<header className="mx-auto mb-10 max-w-2xl text-center md:mb-14">
					{eyebrow ? <p className="text-primary mb-3 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p> : null}
					<h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
						{title}
					</h2>
					{subtitle ? <p className="text-muted-foreground mt-4 text-lg text-balance">{subtitle}</p> : null}
				</header>
				{children}
			</div>
		</section>
	)
}

/** The opening block of a landing: copy on the left, an illustration on the right (below on phones). */
export function Hero({
	eyebrow,
	title,
	subtitle,
	actions,
	note,
	visual,
}: {
	eyebrow: string
	title: string
	subtitle: string
	actions: React.ReactNode
	note?: string
	visual?: React.ReactNode
}) {
	return (
		<section className="relative overflow-hidden" aria-labelledby="hero-title">
			<div className="hero-grid pointer-events-none absolute inset-0 -z-10" aria-hidden />
			<div
				className="from-primary/15 pointer-events-none absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-radial to-transparent blur-3xl"
				aria-hidden
			/>
			<div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 md:pt-20 md:pb-24 lg:grid-cols-[1.1fr_0.9fr]">
				<div className="flex flex-col items-center gap-6 text-center lg:items-start lg:text-left">
					<p className="bg-background/80 text-primary rounded-full border px-3 py-1 text-xs font-semibold tracking-wide uppercase shadow-xs">{eyebrow}</p>
					<h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
						{title}
					</h1>
					<p className="text-muted-foreground max-w-xl text-lg text-balance md:text-xl">{subtitle}</p>
					<div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
					{note ? <p className="text-muted-foreground text-sm">{note}</p> : null}
				</div>
				{visual ? <div className="mx-auto w-full max-w-md lg:max-w-none">{visual}</div> : null}
			</div>
		</section>
	)
}

export type Figure = { value: string; label: string }

/** Big numbers in a band; `label` names the list for screen readers. */
export function Figures({ figures, label }: { figures: Figure[]; label: string }) {
	return (
		<section aria-label={label} className="bg-muted/40 border-y">
			<dl
				className={cn(
					'mx-auto grid max-w-6xl gap-8 px-4 py-10 text-center md:py-12',
					figures.length === 4 ? 'grid-cols-2 lg:grid-cols-4' : 'grid-cols-1 sm:grid-cols-3',
				)}
			>
				{figures.map((f) => (
					<div key={f.label} className="flex flex-col-reverse gap-1" data-testid="figure">
						<dt className="text-muted-foreground text-sm font-medium">{f.label}</dt>
						<dd className="from-primary bg-gradient-to-br to-violet-500 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent md:text-5xl">
							{f.value}
						</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

/** Icon cards in a responsive grid. */
export function FeatureGrid({ items }: { items: { icon: React.ComponentType<{ className?: string }>; title: string; body: string }[] }) {
	return (
		<ul className={cn('grid gap-4 sm:grid-cols-2', items.length % 3 === 0 ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}>
			{items.map((item) => (
				<li key={item.title} className="bg-card rounded-xl border p-6 shadow-xs transition-shadow hover:shadow-md">
					<span className="bg-primary/10 text-primary mb-4 inline-flex size-10 items-center justify-center rounded-lg">
						<item.icon className="size-5" aria-hidden />
					</span>
					<h3 className="font-semibold">{item.title}</h3>
					<p className="text-muted-foreground mt-2 text-sm leading-relaxed">{item.body}</p>
				</li>
			))}
		</ul>
	)
}

/** The last call to action of a landing. */
export function ClosingCta({ title, body, action }: { title: string; body: string; action: React.ReactNode }) {
	return (
		<section aria-labelledby="closing-title" className="px-4 py-16 md:py-24">
			<div className="from-primary relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br to-violet-600 px-6 py-14 text-center text-white shadow-xl md:px-16 dark:from-indigo-700 dark:to-violet-800">
				<div className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" aria-hidden />
				<h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
					{title}
				</h2>
				<p className="mx-auto mt-4 max-w-xl text-lg text-balance text-white/85">{body}</p>
				<div className="mt-8 flex justify-center">{action}</div>
			</div>
		</section>
	)
}
