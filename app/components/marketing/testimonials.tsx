import { Quote } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Marquee } from './marquee'

// People's names are not translated; their roles and words are (landing.student.testimonials).
const people = [
	{ id: 'mariana', name: 'Mariana Costa' },
	{ id: 'lucas', name: 'Lucas Almeida' },
	{ id: 'priya', name: 'Priya Nair' },
	{ id: 'daniel', name: 'Daniel Okafor' },
	{ id: 'sofia', name: 'Sofia Martins' },
	{ id: 'james', name: 'James Carter' },
] as const

const tints = ['bg-indigo-600', 'bg-violet-600', 'bg-sky-700', 'bg-emerald-700', 'bg-fuchsia-600', 'bg-amber-700']

export function TestimonialMarquee() {
	const { t } = useTranslation()
	return (
		<Marquee label={t('landing.student.testimonials.title')} seconds={60} reverse stackOnPhone>
			{people.map((p, i) => (
				<li key={p.id} className="w-[18rem] shrink-0 sm:w-[22rem]">
					<figure className="bg-card flex h-full flex-col gap-4 rounded-xl border p-6 shadow-xs">
						<Quote className="text-primary/60 size-6" aria-hidden />
						<blockquote className="flex-1 text-sm leading-relaxed text-pretty">{t(`landing.student.testimonials.items.${p.id}.quote`)}</blockquote>
						<figcaption className="flex items-center gap-3">
							<span className={`${tints[i % tints.length]} flex size-9 items-center justify-center rounded-full text-sm font-semibold text-white`} aria-hidden>
								{p.name
									.split(' ')
									.map((w) => w[0])
									.join('')}
							</span>
							<span className="text-sm">
								<span className="block font-semibold">{p.name}</span>
								<span className="text-muted-foreground">{t(`landing.student.testimonials.items.${p.id}.role`)}</span>
							</span>
						</figcaption>
					</figure>
				</li>
			))}
		</Marquee>
	)
}
