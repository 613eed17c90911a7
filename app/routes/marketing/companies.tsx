import { Check, Compass, Rocket, ShieldCheck, Sparkles } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ApplyButton } from '~/components/marketing/application-modal'
import { ClosingCta, FeatureGrid, Figures, Hero, Section } from '~/components/marketing/section'
import { useProgramValues } from '~/components/marketing/use-program'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { seoMeta } from '~/features/marketing/seo.ts'
import { landingSeo } from '~/features/marketing/seo.server.ts'
import { program, type CompanyTier } from '~/lib/program.ts'
import { cn } from '~/lib/utils'
import type { Route } from './+types/companies'

export function loader({ request }: Route.LoaderArgs) {
	return { seo: landingSeo(request, 'companies') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

const benefits = [
	{ id: 'vetted', icon: ShieldCheck },
	{ id: 'ready', icon: Rocket },
	{ id: 'shape', icon: Compass },
	{ id: 'access', icon: Sparkles },
] as const

const tierFeatures: Record<CompanyTier['id'], readonly string[]> = {
	project: ['capstone', 'demo', 'firstLook'],
	curriculum: ['everything', 'module', 'interviews', 'brand'],
	ecosystem: ['everything', 'priority', 'hackathons', 'board'],
}

export default function CompanyLanding() {
	const { t } = useTranslation()
	const v = useProgramValues()
	return (
		<main>
			<Hero
				eyebrow={t('landing.companies.hero.eyebrow')}
				title={t('landing.companies.hero.title')}
				subtitle={t('landing.companies.hero.subtitle', v)}
				actions={
					<>
						<ApplyButton type="company">{t('landing.companies.hero.cta')}</ApplyButton>
						<Button asChild variant="outline" size="lg">
							<a href="#tiers">{t('landing.companies.hero.secondary')}</a>
						</Button>
					</>
				}
				visual={<TalentCard />}
			/>

			<Figures
				label={t('landing.companies.metrics.label')}
				figures={[
					{ value: String(v.graduates), label: t('landing.companies.metrics.graduates', v) },
					{ value: `${v.placementRate}%`, label: t('landing.companies.metrics.placement') },
					{ value: String(v.months), label: t('landing.companies.metrics.months') },
					{ value: String(program.companyTiers.length), label: t('landing.companies.metrics.tiers') },
				]}
			/>

			<Section
				id="benefits"
				eyebrow={t('landing.companies.benefits.eyebrow')}
				title={t('landing.companies.benefits.title')}
				subtitle={t('landing.companies.benefits.subtitle', v)}
			>
				<FeatureGrid
					items={benefits.map((b) => ({
						icon: b.icon,
						title: t(`landing.companies.benefits.items.${b.id}.title`),
						body: t(`landing.companies.benefits.items.${b.id}.body`),
					}))}
				/>
			</Section>

			<Section
				id="tiers"
				muted
				eyebrow={t('landing.companies.tiers.eyebrow')}
				title={t('landing.companies.tiers.title')}
				subtitle={t('landing.companies.tiers.subtitle', v)}
			>
				<ul className="grid items-stretch gap-6 lg:grid-cols-3">
					{program.companyTiers.map((tier) => (
						<li
							key={tier.id}
							data-testid={`tier-${tier.id}`}
							className={cn(
								'bg-card relative flex flex-col rounded-2xl border p-6 shadow-xs sm:p-8',
								tier.featured && 'border-primary ring-primary/30 shadow-xl ring-2 lg:-my-4 lg:py-12',
							)}
						>
							<Badge variant={tier.featured ? 'default' : 'secondary'} className="mb-4">
								{t(`landing.companies.tiers.labels.${tier.label}`)}
							</Badge>
							<h3 className="text-xl font-bold">{t(`landing.companies.tiers.items.${tier.id}.name`)}</h3>
							<p className="text-muted-foreground mt-2 text-sm">{t(`landing.companies.tiers.items.${tier.id}.description`)}</p>
							<ul className="mt-6 mb-8 grid gap-3 text-sm">
								{tierFeatures[tier.id].map((f) => (
									<li key={f} className="flex items-start gap-2">
										<Check className="text-primary mt-0.5 size-4 shrink-0" aria-hidden />
										{t(`landing.companies.tiers.items.${tier.id}.features.${f}`)}
									</li>
								))}
							</ul>
							<ApplyButton type="company" variant={tier.featured ? 'default' : 'outline'} className="mt-auto w-full">
								{t(`landing.companies.tiers.items.${tier.id}.cta`)}
							</ApplyButton>
						</li>
					))}
				</ul>
			</Section>

			<ClosingCta
				title={t('landing.companies.closing.title', v)}
				body={t('landing.companies.closing.body', v)}
				action={
					<ApplyButton type="company" variant="secondary">
						{t('landing.companies.closing.cta')}
					</ApplyButton>
				}
			/>
		</main>
	)
}

/** The hero illustration: a stack of candidate cards with their skills. */
function TalentCard() {
	const people = [
		{ initials: 'MC', skills: ['Solidity', 'Foundry', 'Security'], tint: 'bg-indigo-600' },
		{ initials: 'LA', skills: ['DeFi', 'TypeScript', 'viem'], tint: 'bg-emerald-700' },
		{ initials: 'PN', skills: ['React', 'wagmi', 'The Graph'], tint: 'bg-violet-600' },
	]
	return (
		<div className="relative grid gap-3" aria-hidden>
			{people.map((p, i) => (
				<div
					key={p.initials}
					className={cn('bg-card flex items-center gap-4 rounded-xl border p-4 shadow-lg', i === 1 && 'lg:translate-x-8', i === 2 && 'lg:translate-x-16')}
				>
					<span className={cn(p.tint, 'flex size-11 shrink-0 items-center justify-center rounded-full font-semibold text-white')}>{p.initials}</span>
					<div className="min-w-0 flex-1">
						<div className="bg-muted mb-2 h-2.5 w-28 rounded-full" />
						<div className="flex flex-wrap gap-1.5">
							{p.skills.map((s) => (
								<span key={s} className="bg-primary/10 text-primary rounded-md px-2 py-0.5 text-xs font-medium">
									{s}
								</span>
							))}
						</div>
					</div>
					<Check className="size-5 shrink-0 text-emerald-600" />
				</div>
			))}
		</div>
	)
}
