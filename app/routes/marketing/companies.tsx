import { useTranslation } from 'react-i18next'
import { LandingHero } from '~/components/landing-hero'
import { getT } from '~/features/i18n/i18n.server.ts'
import { program } from '~/lib/program.ts'
import type { Route } from './+types/companies'

export function loader({ request }: Route.LoaderArgs) {
	const t = getT(request)
	return { title: `${t('landing.companies.title')} · Learnchain`, description: t('landing.companies.subtitle', { ...program }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	{ name: 'description', content: loaderData?.description },
]

export default function CompanyLanding() {
	const { t } = useTranslation()
	return (
		<LandingHero
			eyebrow={t('nav.forCompanies')}
			title={t('landing.companies.title')}
			subtitle={t('landing.companies.subtitle', { ...program })}
			cta={{ label: t('landing.companies.cta'), to: '/signup' }}
			figures={[
				{ value: String(program.graduatesAvailable), label: t('landing.companies.figureGraduates') },
				{ value: `${program.placementRate}%`, label: t('landing.student.figurePlacement') },
				{ value: '3', label: t('landing.companies.figureTiers') },
			]}
		/>
	)
}
