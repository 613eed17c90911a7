import { BadgeDollarSign, Briefcase, CalendarCheck, Check, Code2, HandCoins, Users, UserRoundCheck } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ApplyButton } from '~/components/marketing/application-modal'
import { CodeShowcase } from '~/components/marketing/code-showcase'
import { ClosingCta, FeatureGrid, Figures, Hero, Section } from '~/components/marketing/section'
import { StipendCard } from '~/components/marketing/stipend-card'
import { TechLogoMarquee } from '~/components/marketing/tech-logos'
import { TestimonialMarquee } from '~/components/marketing/testimonials'
import { useProgramValues } from '~/components/marketing/use-program'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { seoMeta } from '~/features/marketing/seo.ts'
import { landingSeo } from '~/features/marketing/seo.server.ts'
import type { Route } from './+types/student'

export function loader({ request }: Route.LoaderArgs) {
	return { seo: landingSeo(request, 'student') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

const benefits = [
	{ id: 'stipend', icon: BadgeDollarSign },
	{ id: 'isa', icon: HandCoins },
	{ id: 'projects', icon: Code2 },
	{ id: 'mentors', icon: UserRoundCheck },
	{ id: 'career', icon: Briefcase },
	{ id: 'cohort', icon: Users },
] as const

const cohortItems = ['duration', 'stipend', 'total', 'payment', 'placement'] as const

/** The student (professionals) landing, served at / and /old/hidden/index. */
export default function StudentLanding() {
	const { t } = useTranslation()
	const v = useProgramValues()
	return (
		<main>
			<Hero
				eyebrow={t('landing.student.hero.eyebrow', v)}
				title={t('landing.student.hero.title')}
				subtitle={t('landing.student.hero.subtitle', v)}
				note={t('landing.student.hero.note')}
				actions={
					<>
						<ApplyButton type="professional">{t('landing.student.hero.cta')}</ApplyButton>
						<Button asChild variant="outline" size="lg">
							<a href="#how-it-works">{t('landing.student.hero.secondary')}</a>
						</Button>
					</>
				}
				visual={<StipendCard v={v} />}
			/>

			<section aria-labelledby="logos-title" className="pb-12">
				<h2 id="logos-title" className="text-muted-foreground mb-6 px-4 text-center text-sm font-medium">
					{t('landing.student.logos.title')}
				</h2>
				<div className="mx-auto max-w-6xl">
					<TechLogoMarquee label={t('landing.student.logos.title')} />
				</div>
			</section>

			<Figures
				label={t('landing.student.figures.label')}
				figures={[
					{ value: String(v.months), label: t('landing.student.figures.months') },
					{ value: v.stipendMonthlyShort, label: t('landing.student.figures.salary') },
					{ value: `${v.placementRate}%`, label: t('landing.student.figures.placement') },
				]}
			/>

			<Section
				id="how-it-works"
				eyebrow={t('landing.student.showcase.eyebrow')}
				title={t('landing.student.showcase.title')}
				subtitle={t('landing.student.showcase.subtitle')}
			>
				<CodeShowcase />
			</Section>

			<Section
				id="benefits"
				muted
				eyebrow={t('landing.student.benefits.eyebrow')}
				title={t('landing.student.benefits.title')}
				subtitle={t('landing.student.benefits.subtitle')}
			>
				<FeatureGrid
					items={benefits.map((b) => ({
						icon: b.icon,
						title: t(`landing.student.benefits.items.${b.id}.title`, v),
						body: t(`landing.student.benefits.items.${b.id}.body`, v),
					}))}
				/>
			</Section>

			<section aria-labelledby="testimonials-title" className="py-16 md:py-24">
				<h2 id="testimonials-title" className="mb-10 px-4 text-center text-3xl font-bold tracking-tight md:text-4xl">
					{t('landing.student.testimonials.title')}
				</h2>
				<TestimonialMarquee />
			</section>

			<Section id="cohort" muted eyebrow={t('landing.student.cohort.eyebrow')} title={t('landing.student.cohort.title', v)}>
				<div className="bg-card mx-auto max-w-2xl overflow-hidden rounded-2xl border shadow-lg" data-testid="cohort-card">
					<div className="from-primary flex flex-wrap items-center justify-between gap-3 bg-gradient-to-r to-violet-600 px-6 py-5 text-white dark:from-indigo-700 dark:to-violet-800">
						<p className="flex items-center gap-2 text-lg font-semibold">
							<CalendarCheck className="size-5" aria-hidden />
							{t('landing.student.cohort.title', v)}
						</p>
						<Badge className="bg-white/20 text-white">{t('landing.student.cohort.badge')}</Badge>
					</div>
					<div className="grid gap-6 p-6 sm:p-8">
						<p className="text-2xl font-bold">{t('landing.student.cohort.seats', v)}</p>
						<ul className="grid gap-3 sm:grid-cols-2">
							{cohortItems.map((id) => (
								<li key={id} className="flex items-start gap-2 text-sm">
									<Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
									{t(`landing.student.cohort.items.${id}`, v)}
								</li>
							))}
						</ul>
						{/* Its label is long in Portuguese: on a phone it wraps inside the button rather than past the card. */}
						<ApplyButton type="professional" className="h-auto min-h-10 w-full py-2 text-center whitespace-normal">
							{t('landing.student.cohort.cta', v)}
						</ApplyButton>
					</div>
				</div>
			</Section>

			<ClosingCta
				title={t('landing.student.closing.title')}
				body={t('landing.student.closing.body', v)}
				action={
					<ApplyButton type="professional" variant="secondary">
						{t('landing.student.closing.cta')}
					</ApplyButton>
				}
			/>
		</main>
	)
}
