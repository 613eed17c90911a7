import { useFetcher } from 'react-router'
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from '~/components/ui/dropdown-menu'
import { themeIcons } from '~/components/theme-switcher'
import { useTranslation } from '~/features/i18n/react.tsx'
import { isTheme, themeClass, themes, type Theme } from '~/features/theme/config.ts'
import { useRootData } from '~/root'

/** Paints the new theme at once; the cookie follows, and the root loader's next answer agrees with it. */
function paint(theme: Theme) {
	const root = document.documentElement
	root.classList.remove('light', 'dark')
	const cls = themeClass(theme)
	if (cls) root.classList.add(cls)
}

/** System / light / dark in the account menu (the signed-in area's header has no room on a phone). */
export function ThemeMenuItems() {
	const { t } = useTranslation()
	const fetcher = useFetcher()
	const stored = useRootData()?.theme ?? 'system'
	const pending = fetcher.formData?.get('theme')
	const current = isTheme(pending) ? pending : stored
	return (
		<>
			<DropdownMenuLabel className="text-muted-foreground text-xs font-normal">{t('theme.label')}</DropdownMenuLabel>
			<DropdownMenuRadioGroup
				value={current}
				onValueChange={(value) => {
					if (!isTheme(value) || value === current) return
					paint(value)
					void fetcher.submit({ theme: value }, { method: 'post', action: '/resources/theme' })
				}}
			>
				{themes.map((theme) => {
					const Icon = themeIcons[theme]
					return (
						<DropdownMenuRadioItem key={theme} value={theme} onSelect={(e) => e.preventDefault()}>
							<Icon aria-hidden />
							{t(`theme.${theme}`)}
						</DropdownMenuRadioItem>
					)
				})}
			</DropdownMenuRadioGroup>
		</>
	)
}
