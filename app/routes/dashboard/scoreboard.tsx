import { useTranslation } from '~/features/i18n/react.tsx'
import { useNavigation, useRevalidator } from 'react-router'
import { EmptyState, PageHeader } from '~/components/page-header'
import { BoardItem, BoardList } from '~/components/scoreboard/board-list'
import { SegmentNav, useBoardHref } from '~/components/scoreboard/board-nav'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { boardQuerySchema, TOP_N } from '~/features/scoreboard/params.ts'
import { boardPaths, scoreboard } from '~/features/scoreboard/scoreboard.server.ts'
import type { Route } from './+types/scoreboard'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const query = boardQuerySchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const admin = isAdmin(user)
	// Only the By path tab shows the paths (its buttons and its title): the global boards are one statement.
	const paths = query.tab === 'path' ? boardPaths(await curriculum(), getLanguage(request)) : []
	const pathId = query.tab === 'path' ? (paths.find((p) => p.id === query.path) ?? paths[0])?.id : undefined
	const board =
		query.tab === 'path' && !pathId ? { top: [], me: null } : await scoreboard({ viewerId: user.id, showEmails: admin, period: query.period, pathId })
	return { title: getT(request)('nav.scoreboard'), tab: query.tab, period: query.period, pathId: pathId ?? null, paths, isAdmin: admin, ...board }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ScoreboardPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const href = useBoardHref()
	const navigation = useNavigation()
	const { tab, period, pathId, paths, top, me, isAdmin } = loaderData
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard/scoreboard'
	const meOutside = me && !top.some((r) => r.isViewer)
	return (
		<div className="grid grid-cols-1 gap-6">
			<PageHeader title={t('nav.scoreboard')} description={t('scoreboard.description')} />
			<div className="flex flex-wrap items-center justify-between gap-3">
				<SegmentNav
					label={t('scoreboard.tabsLabel')}
					items={[
						{ key: 'global', label: t('scoreboard.tabs.global'), to: href({ tab: undefined, path: undefined }), current: tab === 'global' },
						{ key: 'path', label: t('scoreboard.tabs.byPath'), to: href({ tab: 'path' }), current: tab === 'path' },
					]}
				/>
				<SegmentNav
					label={t('scoreboard.periodLabel')}
					items={(['week', 'all'] as const).map((p) => ({
						key: p,
						label: t(`scoreboard.period.${p}`),
						to: href({ period: p === 'all' ? undefined : p }),
						current: period === p,
					}))}
				/>
			</div>
			{tab === 'path' ? (
				paths.length === 0 ? (
					<EmptyState title={t('scoreboard.noPaths')} />
				) : (
					<SegmentNav
						label={t('scoreboard.pathsLabel')}
						className="bg-transparent p-0"
						items={paths.map((p) => ({ key: p.id, label: p.title, to: href({ tab: 'path', path: p.id }), current: p.id === pathId }))}
					/>
				)
			) : null}

			<Card aria-busy={loading}>
				<CardHeader>
					<CardTitle className="flex flex-wrap items-baseline justify-between gap-2">
						<h2>{tab === 'path' ? (paths.find((p) => p.id === pathId)?.title ?? t('scoreboard.tabs.byPath')) : t('scoreboard.tabs.global')}</h2>
						<span className="text-muted-foreground text-sm font-normal">
							{t(`scoreboard.period.${period}`)} · {t('scoreboard.top', { count: TOP_N })}
						</span>
					</CardTitle>
				</CardHeader>
				<CardContent className="grid grid-cols-1 gap-4">
					{loading ? (
						<div className="grid gap-2" aria-hidden>
							{Array.from({ length: 5 }, (_, i) => (
								<Skeleton key={i} className="h-14 w-full" />
							))}
						</div>
					) : top.length === 0 ? (
						<EmptyState title={t('scoreboard.empty')} body={t('scoreboard.emptyBody')} />
					) : (
						<BoardList rows={top} />
					)}
					{!loading && (meOutside || !me) && top.length > 0 ? (
						<section aria-labelledby="your-position" className="grid grid-cols-1 gap-2 border-t pt-4">
							<h3 id="your-position" className="text-muted-foreground text-sm font-medium">
								{t('scoreboard.yourPosition')}
							</h3>
							{me ? (
								<div data-testid="own-row">
									<BoardItem row={me} />
								</div>
							) : (
								<p className="text-muted-foreground text-sm" data-testid="not-ranked">
									{t('scoreboard.notRanked')}
								</p>
							)}
						</section>
					) : null}
					<p className="text-muted-foreground text-xs">
						{period === 'week' ? t('scoreboard.weekNote') : null} {isAdmin ? t('scoreboard.adminNote') : null}
					</p>
				</CardContent>
			</Card>
		</div>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	const revalidator = useRevalidator()
	return (
		<EmptyState title={t('scoreboard.loadFailed')}>
			<Button variant="outline" className="mt-2" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
				{t('scoreboard.tryAgain')}
			</Button>
		</EmptyState>
	)
}
