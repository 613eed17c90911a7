import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { Logo } from '~/components/logo'

const links = [
	{ to: '/old/hidden/index', key: 'nav.forProfessionals' },
	{ to: '/companies', key: 'nav.forCompanies' },
	{ to: '/investors', key: 'nav.forInvestors' },
	{ to: '/login', key: 'nav.signIn' },
] as const

export function MarketingFooter({ appName, year }: { appName: string; year: number }) {
	const { t } = useTranslation()
	return (
		<footer className="border-t">
			<div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
				<div className="flex flex-col gap-2">
					<Logo name={appName} />
					<p className="text-muted-foreground text-sm">{t('landing.common.footerTagline')}</p>
				</div>
				<nav aria-label={t('landing.common.footerNav')}>
					<ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
						{links.map((l) => (
							<li key={l.to}>
								<Link to={l.to} className="text-muted-foreground hover:text-foreground transition-colors">
									{t(l.key)}
								</Link>
							</li>
						))}
					</ul>
				</nav>
			</div>
			<p className="text-muted-foreground mx-auto max-w-6xl px-4 pb-8 text-xs">{t('landing.common.footerRights', { year, app: appName })}</p>
		</footer>
	)
}
