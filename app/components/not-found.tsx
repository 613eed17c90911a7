import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { ThemeSwitcher } from '~/components/theme-switcher'

/** The public 404 (an unknown address, a made-up path or certificate): like every public page, it offers the theme. */
export function NotFound() {
	const { t } = useTranslation()
	return (
		<>
			<header className="flex justify-end px-4 pt-4">
				<ThemeSwitcher />
			</header>
			<main className="flex min-h-[70svh] flex-col items-center justify-center gap-3 p-6 text-center">
				<p className="text-primary text-6xl font-bold">404</p>
				<h1 className="text-xl font-semibold">{t('errors.notFound.title')}</h1>
				<Link to="/" className="text-primary underline underline-offset-4">
					{t('errors.notFound.home')}
				</Link>
			</main>
		</>
	)
}
