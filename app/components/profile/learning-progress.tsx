import { CalendarDays, Star } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ProgressBar } from '~/components/learn/progress-bar'
import { EmptyState } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { activeDays, activityGrid, type HeatCell } from '~/features/profile/activity.ts'
import type { ProfilePageData } from '~/features/profile/types.ts'
import { cn } from '~/lib/utils'
import { dateFormat, numberFormat } from '~/features/i18n/formats.ts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'

const levels = ['bg-muted', 'bg-primary/25', 'bg-primary/50', 'bg-primary/75', 'bg-primary'] as const

// Dates are UTC days; formatting them in UTC keeps server and browser renders identical.
function useDayFormat() {
	const { i18n } = useTranslation()
	return dateFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' })
}

function Heatmap({ weeks }: { weeks: HeatCell[][] }) {
	const { t, i18n } = useTranslation()
	const fmt = useDayFormat()
	const weekday = dateFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' })
	const label = (c: HeatCell) => t('profile.progress.day', { count: c.count, date: fmt.format(new Date(`${c.day}T00:00:00Z`)) })
	return (
		<figure className="grid gap-2">
			<figcaption className="text-sm font-medium">{t('profile.progress.activity')}</figcaption>
			<div className="flex gap-2 overflow-x-auto pb-1">
				{/* Monday, Wednesday and Friday name their rows, as calendars do. */}
				<div className="text-muted-foreground grid grid-rows-7 gap-1 text-[0.65rem] leading-none" aria-hidden>
					{weeks[0]!.map((c, i) => (
						<span key={c.day} className="flex h-3.5 items-center sm:h-4">
							{i % 2 === 0 && i < 6 ? weekday.format(new Date(`${c.day}T00:00:00Z`)) : ''}
						</span>
					))}
				</div>
				<ol className="flex w-max gap-1" data-testid="activity-heatmap">
					{weeks.map((week) => (
						<li key={week[0]!.day}>
							<ol className="grid grid-rows-7 gap-1">
								{week.map((c) => (
									<li
										key={c.day}
										title={c.future ? undefined : label(c)}
										data-count={c.count}
										className={cn('size-3.5 rounded-sm sm:size-4', c.future ? 'bg-transparent' : levels[c.level])}
									>
										{c.future ? null : <span className="sr-only">{label(c)}</span>}
									</li>
								))}
							</ol>
						</li>
					))}
				</ol>
			</div>
			<div className="text-muted-foreground flex items-center gap-1 text-xs" aria-hidden>
				{t('profile.progress.less')}
				{levels.map((l) => (
					<span key={l} className={cn('size-3 rounded-sm', l)} />
				))}
				{t('profile.progress.more')}
			</div>
		</figure>
	)
}

export function LearningProgress({ progress }: { progress: ProfilePageData['progress'] }) {
	const { t, i18n } = useTranslation()
	const fmt = useDayFormat()
	const nf = numberFormat(i18n.language)
	const { today, counts } = progress.activity
	const heatmap = useMemo(() => activityGrid(counts, today), [counts, today])
	return (
		<div className="grid gap-6">
			<div className="grid grid-cols-2 gap-4">
				<div className="rounded-lg border p-4">
					<p className="text-muted-foreground flex items-center gap-2 text-sm">
						<Star className="size-4 shrink-0" aria-hidden />
						{t('profile.progress.totalXP')}
					</p>
					<p className="text-2xl font-semibold" data-testid="profile-total-xp">
						{nf.format(progress.totalXP)}
					</p>
				</div>
				<div className="rounded-lg border p-4">
					<p className="text-muted-foreground flex items-center gap-2 text-sm">
						<CalendarDays className="size-4 shrink-0" aria-hidden />
						{t('profile.progress.activeDays')}
					</p>
					<p className="text-2xl font-semibold">{nf.format(activeDays(heatmap))}</p>
				</div>
			</div>
			<Heatmap weeks={heatmap} />
			<section className="grid gap-3" aria-labelledby="profile-paths">
				<h3 id="profile-paths" className="font-semibold">
					{t('profile.progress.paths')}
				</h3>
				{progress.paths.length === 0 ? (
					<EmptyState title={t('profile.progress.noPaths')} body={t('profile.progress.noPathsBody')}>
						<Button asChild variant="outline" className="mt-2">
							<a {...ROUTER_LINK} href="/dashboard/explore">
								{t('profile.progress.explore')}
							</a>
						</Button>
					</EmptyState>
				) : (
					<ul className="grid gap-3 lg:grid-cols-2">
						{progress.paths.map((p) => (
							<li key={p.id}>
								<Card className="h-full gap-3" data-testid="path-progress">
									<CardHeader>
										<CardTitle className="flex items-start justify-between gap-2">
											<a {...ROUTER_LINK} href={`/dashboard/learn/path/${p.id}`} className="hover:underline">
												{p.title}
											</a>
											<span className="text-primary shrink-0 text-sm font-medium">{t('profile.progress.xp', { xp: nf.format(p.xp) })}</span>
										</CardTitle>
										<CardDescription>
											{p.lastActivity ? t('profile.progress.lastActivity', { date: fmt.format(new Date(p.lastActivity)) }) : t('profile.progress.noActivity')}
										</CardDescription>
									</CardHeader>
									<CardContent className="grid gap-2">
										<ProgressBar value={p.percent} label={t('profile.progress.percent', { percent: p.percent })} />
										<p className="text-muted-foreground flex justify-between text-sm">
											<span>{t('profile.progress.lessons', { done: p.done, total: p.total })}</span>
											<span>{t('profile.progress.percent', { percent: p.percent })}</span>
										</p>
									</CardContent>
								</Card>
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}
