import { Menu } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link, NavLink } from 'react-router'
import { LanguageSwitcher } from '~/components/language-switcher'
import { Logo } from '~/components/logo'
import { ThemeSwitcher } from '~/components/theme-switcher'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

const audienceLinks = [
	{ to: '/old/hidden/index', key: 'nav.forProfessionals' },
	{ to: '/companies', key: 'nav.forCompanies' },
	{ to: '/investors', key: 'nav.forInvestors' },
] as const

/** The public bar; on the sign-in pages only the logo shows (`logoOnly`). */
export function PublicTopBar({ signedIn, logoOnly, appName }: { signedIn: boolean; logoOnly?: boolean; appName: string }) {
	const { t } = useTranslation()
	const linkClass = ({ isActive }: { isActive: boolean }) =>
		cn('text-sm transition-colors hover:text-foreground', isActive ? 'text-foreground font-medium' : 'text-muted-foreground')
	const actions = signedIn ? (
		<Button asChild size="sm">
			<Link to="/dashboard">{t('nav.dashboard')}</Link>
		</Button>
	) : (
		<>
			<Button asChild variant="ghost" size="sm">
				<Link to="/login">{t('nav.signIn')}</Link>
			</Button>
			<Button asChild size="sm">
				<Link to="/signup">{t('nav.signUp')}</Link>
			</Button>
		</>
	)
	return (
		<header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
			<div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
				<Logo name={appName} />
				{logoOnly ? (
					<div className="flex items-center gap-3">
						<ThemeSwitcher />
						<LanguageSwitcher />
					</div>
				) : (
					<>
						<nav aria-label={t('nav.main')} className="hidden items-center gap-6 md:flex">
							{audienceLinks.map((l) => (
								<NavLink key={l.to} to={l.to} className={linkClass}>
									{t(l.key)}
								</NavLink>
							))}
						</nav>
						<div className="hidden items-center gap-2 md:flex">
							<ThemeSwitcher />
							<LanguageSwitcher />
							{actions}
						</div>
						<details className="relative md:hidden">
							<summary className="list-none rounded-md p-2 [&::-webkit-details-marker]:hidden" aria-label={t('nav.menu')}>
								<Menu className="size-5" aria-hidden />
							</summary>
							<div className="bg-popover absolute right-0 mt-2 flex w-60 flex-col gap-3 rounded-lg border p-4 shadow-lg">
								{audienceLinks.map((l) => (
									<NavLink key={l.to} to={l.to} className={linkClass}>
										{t(l.key)}
									</NavLink>
								))}
								<ThemeSwitcher />
								<LanguageSwitcher />
								<div className="flex gap-2">{actions}</div>
							</div>
						</details>
					</>
				)}
			</div>
		</header>
	)
}
