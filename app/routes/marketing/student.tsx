import { useTranslation } from 'react-i18next'
import { LandingHero } from '~/components/landing-hero'
import { getT } from '~/features/i18n/i18n.server.ts'
import { program } from '~/lib/program.ts'
import type { Route } from './+types/student'

export function loader({ request }: Route.LoaderArgs) {
	const t = getT(request)
	return { title: `${t('landing.student.title')} · Learnchain`, description: t('landing.student.subtitle', { ...program }) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData?.title },
	{ name: 'description', content: loaderData?.description },
]

export default function StudentLanding() {
	const { t } = useTranslation()
	return (
		<LandingHero
			eyebrow={t('landing.student.eyebrow')}
			title={t('landing.student.title')}
			subtitle={t('landing.student.subtitle', { ...program })}
			cta={{ label: t('landing.student.cta'), to: '/signup' }}
			figures={[
				{ value: String(program.months), label: t('landing.student.figureMonths') },
				{ value: `$${program.stipendMonthlyUsd / 1000}K`, label: t('landing.student.figureSalary') },
				{ value: `${program.placementRate}%`, label: t('landing.student.figurePlacement') },
			]}
		/>
	)
}
