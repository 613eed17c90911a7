import { useLocation, useNavigation } from 'react-router'
import { useTranslation } from '~/features/i18n/react.tsx'

/**
 * What the learner sees while a navigation into the signed-in area waits for the server (spec section 2:
 * 'Loading dashboard...'; the admin guard's 'Checking admin permissions...' when the way leads into the
 * admin area from outside it). A visible, announced line at the top, over whatever page is still shown.
 */
export function PendingNavigation() {
	const { t } = useTranslation()
	const navigation = useNavigation()
	const location = useLocation()
	const to = navigation.state === 'loading' ? navigation.location.pathname : null
	// A page being left for another one; not the reload of the same page after a form was sent.
	if (!to || to === location.pathname || !/^\/dashboard(\/|$)/.test(to)) return null
	const intoAdmin = /^\/dashboard\/admin(\/|$)/.test(to) && !/^\/dashboard\/admin(\/|$)/.test(location.pathname)
	return (
		<div
			role="status"
			data-testid="pending-navigation"
			className="bg-background/95 text-foreground fixed top-3 left-1/2 z-[60] -translate-x-1/2 rounded-full border px-4 py-1.5 text-sm shadow-md"
		>
			{t(intoAdmin ? 'ui.pending.admin' : 'ui.pending.dashboard')}
		</div>
	)
}
