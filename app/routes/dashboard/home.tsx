import { BookOpenCheck, Clock, Code2, Flame, Route as RouteIcon, Sparkles, Sprout, Star } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { PathGrid } from '~/components/learn/path-card'
import { ProgressBar } from '~/components/learn/progress-bar'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireUser } from '~/features/auth/session.server.ts'
import { displayName } from '~/features/auth/user.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { dashboardHome } from '~/features/progress/dashboard.server.ts'
import { failIfAsked } from '~/features/progress/section-faults.server.ts'
import { SectionError } from '~/components/learn/section-error'
import type { Route } from './+types/home'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { dateFormat, numberFormat } from '~/features/i18n/formats.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const home = await dashboardHome(user.id, new Date(), (s) => failIfAsked(request, s), getLanguage(request))
	return { name: displayName(user), title: getT(request)('nav.dashboard'), ...home }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { stats, statsFailed, habits, start, firstVisit, paths, challenges } = loaderData
	const resume = loaderData.resume.ok ? loaderData.resume.value : null
	const nf = numberFormat(i18n.language)
	const statCards = [
		{ key: 'totalXP', icon: Star, value: nf.format(stats.totalXP) },
		{ key: 'completedLessons', icon: BookOpenCheck, value: nf.format(stats.completedLessons) },
		{ key: 'inProgressPaths', icon: RouteIcon, value: nf.format(stats.inProgressPaths) },
		{ key: 'totalTimeSpent', icon: Clock, value: t('dashboard.minutes', { count: stats.totalTimeSpent }) },
	] as const
	return (
		<div className="grid gap-6">
			{/* 'Welcome back' only for someone who has been here: a first visit is greeted as one. */}
			<PageHeader title={firstVisit ? t('dashboard.greetingFirst', { name: loaderData.name }) : t('dashboard.greeting', { name: loaderData.name })} />

			<div className="grid gap-4 lg:grid-cols-2">
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>{resume ? t('dashboard.resume.title') : t('dashboard.resume.firstTitle')}</h2>
						</CardTitle>
						{resume ? <CardDescription>{resume.courseTitle}</CardDescription> : <CardDescription>{t('dashboard.resume.empty')}</CardDescription>}
					</CardHeader>
					<CardContent>
						{!loaderData.resume.ok ? (
							<SectionError message="learn.sections.lessons" testId="resume-error" />
						) : resume ? (
							<div className="grid gap-3">
								<p className="font-medium" data-testid="resume-lesson">
									{resume.lessonTitle}
								</p>
								<Button asChild className="justify-self-start">
									<a {...ROUTER_LINK} href={`/dashboard/learn/course/${resume.courseId}?lesson=${resume.lessonId}`}>
										{t('dashboard.resume.continue')}
									</a>
								</Button>
							</div>
						) : start ? (
							<div className="grid gap-3">
								<p className="font-medium" data-testid="start-lesson">
									{start.lessonTitle}
								</p>
								<Button asChild className="justify-self-start">
									<a {...ROUTER_LINK} href={`/dashboard/learn/course/${start.courseId}?lesson=${start.lessonId}`}>
										{t('dashboard.resume.startFirst')}
									</a>
								</Button>
							</div>
						) : (
							<Button asChild variant="outline">
								<a {...ROUTER_LINK} href="/dashboard/explore">
									{t('dashboard.resume.start')}
								</a>
							</Button>
						)}
					</CardContent>
				</Card>

				{habits.ok ? (
					<HabitsCard habits={habits.value} />
				) : (
					<Card>
						<CardHeader>
							<CardTitle>
								<h2>{t('dashboard.habits.title')}</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<SectionError message="learn.sections.habits" testId="habits-error" />
						</CardContent>
					</Card>
				)}
			</div>

			{/* Failed stats fall back to zeros (spec section 8), said so, with a retry. */}
			{statsFailed ? <SectionError message="learn.sections.progress" testId="stats-error" /> : null}
			<ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
				{statCards.map((s) => (
					<li key={s.key}>
						<Card className="h-full">
							<CardHeader>
								<CardDescription className="flex items-center gap-2">
									<s.icon className="size-4" aria-hidden />
									{t(`dashboard.stats.${s.key}`)}
								</CardDescription>
								<CardTitle className="text-2xl" data-testid={`stat-${s.key}`}>
									{s.value}
								</CardTitle>
							</CardHeader>
						</Card>
					</li>
				))}
			</ul>
			<Card data-testid="challenge-card">
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<Code2 className="size-4" aria-hidden />
						<h2>{t('challenge.dashboard.title')}</h2>
					</CardTitle>
					{challenges.ok ? (
						<CardDescription data-testid="challenge-stats">
							{challenges.value.attempted > 0
								? `${t('challenge.dashboard.passed', { passed: nf.format(challenges.value.passed), total: nf.format(challenges.value.attempted) })} · ${t('challenge.dashboard.runs', { count: challenges.value.runs })}`
								: t('challenge.dashboard.empty')}
						</CardDescription>
					) : null}
				</CardHeader>
				{!challenges.ok ? (
					<CardContent>
						<SectionError message="learn.sections.generic" testId="challenges-error" />
					</CardContent>
				) : null}
			</Card>
			{stats.completedLessons === 0 ? (
				<p className="text-muted-foreground flex items-center gap-2 text-sm">
					<Sparkles className="text-primary size-4" aria-hidden />
					{t('dashboard.firstSteps')}
				</p>
			) : null}
			{/* Whenever the learner has no enrollment (spec section 9), above the paths they can join. */}
			{!statsFailed && stats.enrolledPaths === 0 ? (
				<div data-testid="no-paths">
					<EmptyState title={t('dashboard.noPaths')} body={t('dashboard.noPathsBody')}>
						<Button asChild variant="outline" className="mt-2">
							<a {...ROUTER_LINK} href="/dashboard/explore">
								{t('dashboard.viewAllPaths')}
							</a>
						</Button>
					</EmptyState>
				</div>
			) : null}

			<section className="grid gap-4">
				<div className="flex items-center justify-between">
					<h2 className="text-lg font-semibold">{t('dashboard.availablePaths')}</h2>
					<a {...ROUTER_LINK} href="/dashboard/explore" className="text-primary text-sm underline-offset-4 hover:underline">
						{t('dashboard.viewAllPaths')}
					</a>
				</div>
				{!paths.ok ? <SectionError message="learn.sections.paths" testId="paths-error" /> : paths.value.length === 0 ? null : <PathGrid paths={paths.value} />}
			</section>
		</div>
	)
}

type Habits = { streak: number; thisWeek: number; goal: number; goalPercent: number; week: { day: string; count: number; height: number }[] }

function HabitsCard({ habits: h }: { habits: Habits }) {
	const { t, i18n } = useTranslation()
	// The habit bars are UTC days (spec section 9): label them in the learner's language, in UTC.
	const weekday = dateFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' })
	const longDay = dateFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
	return (
		<Card>
			<CardHeader>
				<CardTitle className="flex items-center justify-between">
					<h2>{t('dashboard.habits.title')}</h2>
					<span className="flex items-center gap-1 text-sm font-normal" data-testid="streak">
						{/* No flame for a streak that has not started: the words and the icon say the same thing. */}
						{h.streak > 0 ? <Flame className="size-4 text-orange-500" aria-hidden /> : <Sprout className="text-muted-foreground size-4" aria-hidden />}
						{h.streak > 0 ? t('dashboard.habits.streak', { count: h.streak }) : t('dashboard.habits.streakNone')}
					</span>
				</CardTitle>
				<CardDescription data-testid="weekly-goal">{t('dashboard.habits.weekly', { done: h.thisWeek, goal: h.goal })}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<ProgressBar value={h.goalPercent} label={t('dashboard.habits.weeklyLabel')} />
				<ol className="flex items-end gap-2" aria-label={t('dashboard.habits.lastSeven')}>
					{h.week.map((d) => {
						// One label per bar, for its tooltip and for screen readers alike.
						const date = new Date(`${d.day}T00:00:00Z`)
						const label = t('dashboard.habits.dayBar', { day: longDay.format(date), count: d.count })
						return (
							<li key={d.day} className="flex flex-1 flex-col items-center justify-end gap-1">
								<span
									className={d.count ? 'bg-primary w-full rounded-sm' : 'bg-muted w-full rounded-sm'}
									style={{ height: d.height }}
									title={label}
									data-testid="habit-bar"
								/>
								<span className="text-muted-foreground text-xs" aria-hidden data-testid="habit-day">
									{weekday.format(date)}
								</span>
								<span className="sr-only">{label}</span>
							</li>
						)
					})}
				</ol>
			</CardContent>
		</Card>
	)
}

/** The whole page failed (not one section): the app frame stays, with the message and a retry. */
export function ErrorBoundary() {
	return <SectionError message="learn.sections.progress" testId="page-error" />
}
