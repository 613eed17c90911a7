import { useTranslation } from 'react-i18next'
import { LandingHero } from '~/components/landing-hero'
import { getT } from '~/features/i18n/i18n.server.ts'
import { program } from '~/lib/program.ts'
import type { Route } from './+types/investors'

export function loader({ request }: Route.LoaderArgs) {
	const t = getT(request)
	return { title: `${t('landing.investors.title')} · Learnchain`, description: t('landing.investors.subtitle') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	{ name: 'description', content: loaderData?.description },
]

export default function InvestorLanding() {
	const { t } = useTranslation()
	const inv = program.investor
	return (
		<LandingHero
			eyebrow={t('nav.forInvestors')}
			title={t('landing.investors.title')}
			subtitle={t('landing.investors.subtitle')}
			cta={{ label: t('landing.investors.cta'), to: '/signup' }}
			figures={[
				{ value: `${inv.targetIrr[0]}-${inv.targetIrr[1]}%`, label: t('landing.investors.figureReturn') },
				{ value: `${inv.paybackYears[0]}-${inv.paybackYears[1]}`, label: t('landing.investors.figurePayback') },
				{ value: `${program.investorPlacementRate}%`, label: t('landing.investors.figurePlacement') },
			]}
		/>
	)
}
