import { Monitor, Moon, Sun } from 'lucide-react'
import { useLocation } from 'react-router'
import { useTranslation } from '~/features/i18n/react.tsx'
import { themes, type Theme } from '~/features/theme/config.ts'
import { useRootData } from '~/root'
import { cn } from '~/lib/utils'

export const themeIcons = { system: Monitor, light: Sun, dark: Moon } satisfies Record<Theme, unknown>

/**
 * System / light / dark as a plain form posting to /resources/theme: the public pages ship no React
 * (docs/decisions/0006), so the choice costs them no JavaScript; the server answers with a redirect back.
 */
export function ThemeSwitcher({ className }: { className?: string }) {
	const { t } = useTranslation()
	const location = useLocation()
	const current = useRootData()?.theme ?? 'system'
	return (
		<form method="post" action="/resources/theme" className={cn('flex items-center gap-0.5', className)} aria-label={t('theme.label')}>
			<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			{themes.map((theme) => {
				const Icon = themeIcons[theme]
				return (
					<button
						key={theme}
						type="submit"
						name="theme"
						value={theme}
						title={t(`theme.${theme}`)}
						aria-label={t(`theme.${theme}`)}
						aria-pressed={theme === current}
						className={cn('rounded p-1', theme === current ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
					>
						<Icon className="size-4" aria-hidden />
					</button>
				)
			})}
		</form>
	)
}
