import { Award, BookOpen, FolderKanban, LayoutDashboard, Shield, Trophy } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useLocation } from 'react-router'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { Logo } from '~/components/logo'
import { KeptFragment } from '~/components/kept-fragment'
import {
	useSidebar,
	Sidebar,
	SidebarContent,
	SidebarGroup,
	SidebarGroupContent,
	SidebarHeader,
	SidebarMenu,
	SidebarMenuButton,
	SidebarMenuItem,
	SidebarRail,
} from '~/components/ui/sidebar'

const items = [
	{ to: '/dashboard', key: 'nav.dashboard', icon: LayoutDashboard, end: true },
	{ to: '/dashboard/explore', key: 'nav.paths', icon: BookOpen, end: false },
	{ to: '/dashboard/scoreboard', key: 'nav.scoreboard', icon: Trophy, end: false },
	{ to: '/dashboard/achievements', key: 'nav.achievements', icon: Award, end: false },
] as const

export function AppSidebar({ isAdmin, appName }: { isAdmin: boolean; appName: string }) {
	const { t } = useTranslation()
	const { pathname } = useLocation()
	/** The page itself or one below it: where a <NavLink> would say aria-current. */
	const current = (to: string, end: boolean) => pathname === to || (!end && pathname.startsWith(`${to}/`))
	// Paths stays lit inside a path or course too: their pages sit under /dashboard/learn.
	const active = (to: string, end: boolean) => current(to, end) || (to === '/dashboard/explore' && pathname.startsWith('/dashboard/learn'))
	const all = isAdmin ? [...items, { to: '/dashboard/admin', key: 'nav.admin', icon: Shield, end: false } as const] : items
	const { open, isMobile } = useSidebar()
	const lit = all.map((i) => `${Number(active(i.to, i.end))}${Number(current(i.to, i.end))}`).join('')
	return (
		<KeptFragment id="app-sidebar" deps={[isAdmin, appName, lit, open, isMobile]}>
			{() => (
				<Sidebar collapsible="icon">
					<SidebarHeader className="h-14 justify-center px-3 group-data-[collapsible=icon]:px-1.5">
						<div className="overflow-hidden">
							<Logo name={appName} textClassName="group-data-[collapsible=icon]:hidden" />
						</div>
					</SidebarHeader>
					<SidebarContent>
						<SidebarGroup>
							<SidebarGroupContent>
								<SidebarMenu>
									{all.map((item) => (
										<SidebarMenuItem key={item.to}>
											<SidebarMenuButton asChild isActive={active(item.to, item.end)} tooltip={t(item.key)}>
												<a href={item.to} {...ROUTER_LINK} aria-current={current(item.to, item.end) ? 'page' : undefined}>
													<item.icon aria-hidden />
													<span>{t(item.key)}</span>
												</a>
											</SidebarMenuButton>
										</SidebarMenuItem>
									))}
									<SidebarMenuItem>
										{/* The wrapper takes hover and focus (a disabled button receives neither) and shows the hint. */}
										<div
											tabIndex={0}
											className="rounded-md outline-hidden focus-visible:ring-2"
											data-testid="real-world-project"
											data-hint={t('nav.comingSoon')}
										>
											<SidebarMenuButton aria-disabled="true" tabIndex={-1} className="pointer-events-none opacity-50">
												<FolderKanban aria-hidden />
												<span>{t('nav.realWorldProject')}</span>
											</SidebarMenuButton>
										</div>
									</SidebarMenuItem>
								</SidebarMenu>
							</SidebarGroupContent>
						</SidebarGroup>
					</SidebarContent>
					<SidebarRail />
				</Sidebar>
			)}
		</KeptFragment>
	)
}
