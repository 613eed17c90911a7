// The profile's sections, in the order of its tab list. The selected one is kept in the address (?tab=),
// so a reload, a shared link or the browser's Back lands on the same section.

export const profileTabs = ['personal', 'professional', 'progress', 'career', 'wallet'] as const
export type ProfileTab = (typeof profileTabs)[number]

export const defaultProfileTab: ProfileTab = 'personal'

export const isProfileTab = (v: unknown): v is ProfileTab => typeof v === 'string' && (profileTabs as readonly string[]).includes(v)

/**
 * The section an address asks for (`?tab=wallet`); anything unknown opens the first. The wallet and the
 * certificates were once cards under every tab, reached with #wallet and #certificates: those still open them.
 */
export function profileTabFrom(search: string | URLSearchParams, hash = ''): ProfileTab {
	const tab = (typeof search === 'string' ? new URLSearchParams(search) : search).get('tab')
	if (isProfileTab(tab)) return tab
	if (hash === '#wallet' || hash === '#certificates') return 'wallet'
	return defaultProfileTab
}

/** The query string for a section, keeping the other parameters; the first section needs none. */
export function searchWithTab(search: string, tab: ProfileTab): string {
	const params = new URLSearchParams(search)
	if (tab === defaultProfileTab) params.delete('tab')
	else params.set('tab', tab)
	const out = params.toString()
	return out ? `?${out}` : ''
}

/**
 * The tab a key moves to in the tab list (WAI-ARIA tabs pattern): the list is a column on wide screens and a
 * grid on phones, so both arrow axes move, wrapping at the ends; Home and End jump. Other keys: undefined.
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
	const i = tabs.indexOf(current)
	if (i < 0 || tabs.length === 0) return undefined
	switch (key) {
		case 'ArrowRight':
		case 'ArrowDown':
			return tabs[(i + 1) % tabs.length]
		case 'ArrowLeft':
		case 'ArrowUp':
			return tabs[(i - 1 + tabs.length) % tabs.length]
		case 'Home':
			return tabs[0]
		case 'End':
			return tabs[tabs.length - 1]
		default:
			return undefined
	}
}
