import { Outlet, redirect, useNavigation } from 'react-router'
import { AppSidebar } from '~/components/dashboard/app-sidebar'
import { Breadcrumbs } from '~/components/dashboard/breadcrumbs'
import { UserMenu } from '~/components/dashboard/user-menu'
import { LanguageSwitcher } from '~/components/language-switcher'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Separator } from '~/components/ui/separator'
import { SidebarInset, SidebarProvider, SidebarTrigger } from '~/components/ui/sidebar'
import { getUser, requireUser } from '~/features/auth/session.server.ts'
import { sharedOutlineTarget } from '~/features/progress/shared-outline.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { readCookie } from '~/lib/cookies.ts'
import { getEnv } from '~/lib/env.server.ts'
import { ensureAllMessages } from '~/features/i18n/client.ts'
import type { Route } from './+types/layout'
import { pageUrl } from '~/lib/page-url.ts'
import { useRouterClicks } from '~/hooks/use-router-clicks.ts'

export async function loader({ request }: Route.LoaderArgs) {
	// A shared path or lesson link without a session: the path's public outline with a sign-in call, not a
	// bare redirect to sign-in (the layout decides: its redirect wins over its children's).
	if (!(await getUser(request))) {
		const shared = await sharedOutlineTarget(request)
		const url = pageUrl(request)
		if (shared) throw redirect(`${shared}?from=${encodeURIComponent(url.pathname + url.search)}`)
	}
	const user = await requireUser(request)
	// The sidebar starts collapsed until the learner opens it; the choice lives in a cookie.
	const sidebarOpen = readCookie(request.headers.get('cookie'), 'sidebar_state') === 'true'
	return { user, isAdmin: isAdmin(user), sidebarOpen, appName: getEnv().APP_NAME }
}

// Public pages load only the public strings; entering the signed-in area from one loads the rest first.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
	const [data] = await Promise.all([serverLoader(), ensureAllMessages()])
	return data
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
	const { user, isAdmin, sidebarOpen, appName } = loaderData
	const navigation = useNavigation()
	const { t } = useTranslation()
	// Every plain link of the signed-in area (ROUTER_LINK) is handed to the router here, menus and sheets included.
	const onClick = useRouterClicks()
	return (
		<SidebarProvider defaultOpen={sidebarOpen} onClick={onClick}>
			<AppSidebar isAdmin={isAdmin} appName={appName} />
			{/* min-w-0: a wide table scrolls inside its own box instead of widening the page (issue 20, point 5). */}
			<SidebarInset className="min-w-0">
				<header className="bg-background/90 sticky top-0 z-30 flex h-14 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
					<SidebarTrigger />
					<Separator orientation="vertical" className="mr-1 h-4" />
					<div className="min-w-0 flex-1">
						<Breadcrumbs />
					</div>
					<LanguageSwitcher />
					<UserMenu user={user} isAdmin={isAdmin} />
				</header>
				{navigation.state === 'loading' ? (
					<div role="progressbar" aria-label={t('dashboard.loading')} className="bg-primary/20 fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
						<div className="bg-primary h-full w-1/3 animate-[loading-bar_1s_ease-in-out_infinite]" />
					</div>
				) : null}
				<div className="flex-1 p-4 sm:p-6">
					<Outlet />
				</div>
			</SidebarInset>
		</SidebarProvider>
	)
}
