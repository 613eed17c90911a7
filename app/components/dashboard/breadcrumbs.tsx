import { Fragment } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useLocation, useMatches } from 'react-router'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { Breadcrumb, BreadcrumbItem, BreadcrumbLink, BreadcrumbList, BreadcrumbPage, BreadcrumbSeparator } from '~/components/ui/breadcrumb'

export type Crumb = { label: string; to?: string; i18n?: boolean }

/** A route may export `handle.breadcrumbs(data)` to set its own trail (the course player does). */
export type BreadcrumbHandle = { breadcrumbs?: (data: unknown) => Crumb[] }

const sections: Record<string, string> = {
	explore: 'nav.paths',
	profile: 'nav.myProfile',
	scoreboard: 'nav.scoreboard',
	achievements: 'nav.achievements',
	admin: 'nav.admin',
}
const adminSections: Record<string, string> = {
	paths: 'admin.sections.paths',
	courses: 'admin.sections.courses',
	modules: 'admin.sections.modules',
	lessons: 'admin.sections.lessons',
}

/** Derived from the path: Dashboard > section; Admin > Learning Paths...; Paths > Course/Path. */
function useCrumbs(): Crumb[] {
	const { t } = useTranslation()
	const { pathname } = useLocation()
	const matches = useMatches()
	for (const m of [...matches].reverse()) {
		const handle = m.handle as BreadcrumbHandle | undefined
		if (handle?.breadcrumbs && m.loaderData) {
			const own = handle.breadcrumbs(m.loaderData).map((c) => (c.i18n ? { ...c, label: t(c.label) } : c))
			return [{ label: t('nav.dashboard'), to: '/dashboard' }, ...own]
		}
	}
	const parts = pathname.replace(/\/+$/, '').split('/').slice(2)
	const crumbs: Crumb[] = [{ label: t('nav.dashboard'), to: '/dashboard' }]
	const [first, second] = parts
	if (!first) return crumbs
	if (first === 'learn') {
		crumbs.push({ label: t('nav.paths'), to: '/dashboard/explore' })
		crumbs.push({ label: t(second === 'course' ? 'nav.course' : 'nav.path') })
		return crumbs
	}
	if (first === 'admin') {
		crumbs.push({ label: t('nav.admin'), to: '/dashboard/admin' })
		if (second && adminSections[second]) crumbs.push({ label: t(adminSections[second]) })
		return crumbs
	}
	if (sections[first]) crumbs.push({ label: t(sections[first]) })
	return crumbs
}

export function Breadcrumbs() {
	const crumbs = useCrumbs()
	return (
		<Breadcrumb>
			{/* One line that gives way: the current page's name shrinks to an ellipsis before it reaches the language switch. */}
			<BreadcrumbList className="flex-nowrap">
				{crumbs.map((c, i) => {
					const last = i === crumbs.length - 1
					return (
						<Fragment key={`${c.label}-${i}`}>
							<BreadcrumbItem className={last ? 'min-w-0' : 'hidden shrink-0 sm:inline-flex'}>
								{last || !c.to ? (
									<BreadcrumbPage className="max-w-48 min-w-0 truncate" title={c.label}>
										{c.label}
									</BreadcrumbPage>
								) : (
									<BreadcrumbLink href={c.to} {...ROUTER_LINK}>
										{c.label}
									</BreadcrumbLink>
								)}
							</BreadcrumbItem>
							{last ? null : <BreadcrumbSeparator className="hidden sm:block" />}
						</Fragment>
					)
				})}
			</BreadcrumbList>
		</Breadcrumb>
	)
}
