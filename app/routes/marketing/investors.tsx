import { Flag, LineChart, Repeat2 } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ApplyButton } from '~/components/marketing/application-modal'
import { ClosingCta, Figures, Hero, Section } from '~/components/marketing/section'
import { useProgramValues } from '~/components/marketing/use-program'
import { Button } from '~/components/ui/button'
import { seoMeta } from '~/features/marketing/seo.ts'
import { landingSeo } from '~/features/marketing/seo.server.ts'
import { program } from '~/lib/program.ts'
import type { Route } from './+types/investors'

export function loader({ request }: Route.LoaderArgs) {
	return { seo: landingSeo(request, 'investors') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

// Every investor term of spec §9, in the order an investor reads them.
const terms = ['minimum', 'fundLife', 'distributions', 'fees', 'irr', 'payback', 'cap', 'round'] as const
const roadmapIcons = { fundLaunch: Flag, performanceData: LineChart, secondaryMarket: Repeat2 } as const

export default function InvestorLanding() {
	const { t } = useTranslation()
	const v = useProgramValues()
	return (
		<main>
			<Hero
				eyebrow={t('landing.investors.hero.eyebrow')}
				title={t('landing.investors.hero.title')}
				subtitle={t('landing.investors.hero.subtitle')}
				actions={
					<>
						<ApplyButton type="investor">{t('landing.investors.hero.cta')}</ApplyButton>
						<Button asChild variant="outline" size="lg">
							<a href="#structure">{t('landing.investors.hero.secondary')}</a>
						</Button>
					</>
				}
				visual={<ReturnCard irr={v.irr} label={t('landing.investors.metrics.irr')} />}
			/>

			<Figures
				label={t('landing.investors.metrics.label')}
				figures={[
					{ value: `${v.irr}%`, label: t('landing.investors.metrics.irr') },
					{ value: v.payback, label: t('landing.investors.metrics.payback') },
					{ value: `${v.investorPlacementRate}%`, label: t('landing.investors.metrics.placement', v) },
				]}
			/>

			<Section
				id="market"
				eyebrow={t('landing.investors.market.eyebrow')}
				title={t('landing.investors.market.title')}
				subtitle={t('landing.investors.market.subtitle')}
			>
				<dl className="grid gap-4 sm:grid-cols-3" data-testid="market-figures">
					{(
						[
							[v.marketSize, 'size'],
							[v.shortage, 'shortage'],
							[v.averageSalary, 'salary'],
						] as const
					).map(([value, key]) => (
						<div key={key} className="bg-card flex flex-col-reverse gap-2 rounded-2xl border p-8 text-center shadow-xs">
							<dt className="text-muted-foreground text-sm font-medium">{t(`landing.investors.market.${key}`)}</dt>
							<dd className="text-4xl font-extrabold tracking-tight md:text-5xl">{value}</dd>
						</div>
					))}
				</dl>
			</Section>

			<Section
				id="structure"
				muted
				eyebrow={t('landing.investors.structure.eyebrow')}
				title={t('landing.investors.structure.title')}
				subtitle={t('landing.investors.structure.subtitle')}
			>
				<div className="bg-card mx-auto max-w-3xl rounded-2xl border shadow-lg" data-testid="investment-structure">
					<h3 className="border-b px-6 py-4 text-lg font-semibold sm:px-8">{t('landing.investors.structure.cardTitle')}</h3>
					<dl className="divide-y">
						{terms.map((key) => (
							<div key={key} className="grid gap-1 px-6 py-4 sm:grid-cols-[14rem_1fr] sm:gap-4 sm:px-8">
								<dt className="text-muted-foreground text-sm font-medium">{t(`landing.investors.structure.rows.${key}.label`)}</dt>
								<dd className="font-semibold">{t(`landing.investors.structure.rows.${key}.value`, v)}</dd>
							</div>
						))}
					</dl>
					<p className="text-muted-foreground border-t px-6 py-4 text-xs sm:px-8">{t('landing.investors.structure.disclaimer')}</p>
				</div>
			</Section>

			<Section id="roadmap" eyebrow={t('landing.investors.roadmap.eyebrow')} title={t('landing.investors.roadmap.title')}>
				<ol className="relative grid gap-6 md:grid-cols-3">
					<span className="bg-border absolute top-6 right-[16%] left-[16%] hidden h-px md:block" aria-hidden />
					{program.roadmap.map((step) => {
						const Icon = roadmapIcons[step.id]
						return (
							<li key={step.id} className="relative flex gap-4 md:flex-col md:items-center md:text-center">
								<span className="bg-primary text-primary-foreground ring-background relative z-10 flex size-12 shrink-0 items-center justify-center rounded-full ring-8">
									<Icon className="size-5" aria-hidden />
								</span>
								<div>
									<p className="text-primary text-sm font-bold">{step.quarter}</p>
									<h3 className="text-lg font-semibold">{t(`landing.investors.roadmap.items.${step.id}.title`)}</h3>
									<p className="text-muted-foreground mt-1 text-sm">{t(`landing.investors.roadmap.items.${step.id}.body`, v)}</p>
								</div>
							</li>
						)
					})}
				</ol>
			</Section>

			<Section id="round" muted eyebrow={t('landing.investors.round.eyebrow')} title={t('landing.investors.round.title', v)}>
				<div className="bg-card mx-auto flex max-w-3xl flex-col items-center gap-6 rounded-2xl border p-8 text-center shadow-lg sm:p-12">
					<p className="from-primary bg-gradient-to-br to-violet-500 bg-clip-text text-6xl font-extrabold tracking-tight text-transparent sm:text-7xl">
						{v.round}
					</p>
					<p className="text-muted-foreground max-w-xl text-lg text-balance">{t('landing.investors.round.body', v)}</p>
					<ApplyButton type="investor">{t('landing.investors.round.cta')}</ApplyButton>
				</div>
			</Section>

			<ClosingCta
				title={t('landing.investors.closing.title')}
				body={t('landing.investors.closing.body')}
				action={
					<ApplyButton type="investor" variant="secondary">
						{t('landing.investors.closing.cta')}
					</ApplyButton>
				}
			/>
		</main>
	)
}

/** The hero illustration: a rising return curve within the target band. */
function ReturnCard({ irr, label }: { irr: string; label: string }) {
	return (
		<div className="bg-card rounded-2xl border p-6 shadow-2xl sm:p-8" aria-hidden>
			<p className="text-muted-foreground text-sm font-medium">{label}</p>
			<p className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{irr}%</p>
			<svg viewBox="0 0 320 140" className="mt-6 w-full" fill="none">
				<defs>
					<linearGradient id="roi-fill" x1="0" x2="0" y1="0" y2="1">
						<stop offset="0%" stopColor="var(--primary)" stopOpacity="0.35" />
						<stop offset="100%" stopColor="var(--primary)" stopOpacity="0" />
					</linearGradient>
				</defs>
				<path d="M0 130 C60 126 90 110 130 96 S210 52 250 40 S300 18 320 12 V140 H0Z" fill="url(#roi-fill)" />
				<path d="M0 130 C60 126 90 110 130 96 S210 52 250 40 S300 18 320 12" stroke="var(--primary)" strokeWidth="3" />
				{[0, 1, 2, 3].map((i) => (
					<line key={i} x1="0" x2="320" y1={20 + i * 36} y2={20 + i * 36} stroke="var(--border)" strokeDasharray="4 6" />
				))}
			</svg>
		</div>
	)
}
