import { Link } from 'react-router'
import { Button } from '~/components/ui/button'

export type Figure = { value: string; label: string }

/** The hero block shared by the three landings until their full pages land. */
export function LandingHero(props: {
	eyebrow: string
	title: string
	subtitle: string
	cta: { label: string; to: string }
	figures: Figure[]
}) {
	return (
		<main>
			<section className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-20 text-center md:py-28">
				<p className="text-primary text-sm font-semibold tracking-wide uppercase">{props.eyebrow}</p>
				<h1 className="text-4xl font-bold tracking-tight text-balance md:text-6xl">{props.title}</h1>
				<p className="text-muted-foreground max-w-2xl text-lg text-balance">{props.subtitle}</p>
				<Button asChild size="lg">
					<Link to={props.cta.to}>{props.cta.label}</Link>
				</Button>
			</section>
			<section className="border-y bg-muted/40">
				<dl className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-10 text-center sm:grid-cols-3">
					{props.figures.map((f) => (
						<div key={f.label}>
							<dt className="text-muted-foreground text-sm">{f.label}</dt>
							<dd className="text-3xl font-bold">{f.value}</dd>
						</div>
					))}
				</dl>
			</section>
		</main>
	)
}
