import {
	BadgeCheck,
	CheckCircle2,
	Flame,
	Github,
	GraduationCap,
	Linkedin,
	Loader2,
	Lock,
	MailCheck,
	MessageCircle,
	MessagesSquare,
	Send,
	Share2,
	Target,
	Code2,
	Trophy,
	Twitter,
	UserRoundCheck,
	type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { type useFetcher } from 'react-router'
import { ProgressBar } from '~/components/learn/progress-bar'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'
import type { TaskState } from '~/features/achievements/rules.ts'
import { taskById, type TaskId } from '~/features/achievements/tasks.ts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { cn } from '~/lib/utils'

const icons: Record<TaskId, LucideIcon> = {
	'join-telegram': Send,
	'join-discord': MessagesSquare,
	'first-message': MessageCircle,
	'verify-email': MailCheck,
	'complete-profile': UserRoundCheck,
	'connect-github': Github,
	'connect-linkedin': Linkedin,
	'follow-twitter': Twitter,
	'share-progress': Share2,
	'first-lesson': GraduationCap,
	'streak-7': Flame,
	'complete-path': Trophy,
	'perfect-quiz': Target,
	'first-challenge': Code2,
}

/** Where the learner goes to make progress on a task the server checks by itself. */
const actionLinks: Partial<Record<TaskId, string>> = {
	'first-message': '/dashboard/explore',
	'complete-profile': '/dashboard/profile',
	'connect-linkedin': '/dashboard/profile?tab=professional',
	'first-lesson': '/dashboard/explore',
	'streak-7': '/dashboard/explore',
	'complete-path': '/dashboard/explore',
	'perfect-quiz': '/dashboard/explore',
	'first-challenge': '/dashboard/explore',
}

const statusStyle = {
	locked: 'outline',
	available: 'outline',
	in_progress: 'secondary',
	ready: 'default',
	completed: 'default',
} as const

export type ClaimFetcher = ReturnType<typeof useFetcher>

export function TaskCard({ state, links, claimFetcher }: { state: TaskState; links: Record<string, string>; claimFetcher: ClaimFetcher }) {
	const { t } = useTranslation()
	const task = taskById(state.id)!
	const Icon = icons[state.id]
	const [opened, setOpened] = useState(false)
	const title = t(`achievements.tasks.${state.id}.title`)
	const busy = claimFetcher.state !== 'idle' && claimFetcher.formData?.get('taskId') === state.id
	const canConfirm = task.selfReported && state.status === 'available'

	const claimButton = (label: string) => (
		<claimFetcher.Form method="post" className="w-full sm:w-auto">
			<input type="hidden" name="intent" value="claim" />
			<input type="hidden" name="taskId" value={state.id} />
			<Button type="submit" size="sm" disabled={busy} className="w-full sm:w-auto">
				{busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
				{busy ? t('achievements.claiming') : label}
			</Button>
		</claimFetcher.Form>
	)

	let footer: React.ReactNode = null
	if (state.status === 'locked') {
		footer = (
			<p className="text-muted-foreground flex items-center gap-2 text-sm" data-testid="unlock-hint">
				<Lock className="size-4 shrink-0" aria-hidden />
				{t(`achievements.tasks.${state.id}.unlock`)}
			</p>
		)
	} else if (state.status === 'completed') {
		footer = null
	} else if (state.status === 'ready') {
		footer = claimButton(t('achievements.claim', { xp: task.xp }))
	} else if (canConfirm && task.link) {
		footer = (
			<div className="grid w-full gap-2">
				<div className="flex flex-wrap gap-2">
					<Button asChild size="sm" variant={opened ? 'outline' : 'default'}>
						<a href={links[task.link]} target="_blank" rel="noopener noreferrer" onClick={() => setOpened(true)}>
							{t(`achievements.open.${task.link}`)}
						</a>
					</Button>
					{opened ? claimButton(t('achievements.confirm', { xp: task.xp })) : null}
				</div>
				<p className="text-muted-foreground text-xs">{t('achievements.openHint')}</p>
			</div>
		)
	} else if (state.id === 'connect-github') {
		footer = (
			// A full page post: the answer is a redirect to GitHub.
			<form method="post">
				<input type="hidden" name="intent" value="connect-github" />
				<Button type="submit" size="sm" variant="outline">
					<Github aria-hidden />
					{t('achievements.tasks.connect-github.action')}
				</Button>
			</form>
		)
	} else if (state.id === 'verify-email') {
		footer = <p className="text-muted-foreground text-sm">{t('achievements.tasks.verify-email.hint')}</p>
	} else if (actionLinks[state.id]) {
		footer = (
			<Button asChild size="sm" variant="outline">
				<a {...ROUTER_LINK} href={actionLinks[state.id]!}>
					{t(`achievements.tasks.${state.id}.action`)}
				</a>
			</Button>
		)
	}

	return (
		<Card
			data-testid="task-card"
			data-task={state.id}
			data-status={state.status}
			className={cn('h-full gap-4', state.status === 'completed' && 'border-emerald-500/40 bg-emerald-500/5', state.status === 'locked' && 'border-dashed')}
		>
			<CardHeader>
				<div className="flex items-start justify-between gap-3">
					<span
						className={cn(
							'flex size-10 shrink-0 items-center justify-center rounded-lg',
							state.status === 'completed' ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' : 'bg-primary/10 text-primary',
						)}
					>
						{state.status === 'locked' ? <Lock className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
					</span>
					<div className="flex flex-wrap justify-end gap-1.5">
						<Badge variant="outline" className="text-primary font-semibold">
							{t('achievements.xpReward', { xp: task.xp })}
						</Badge>
						<Badge variant={statusStyle[state.status]} className={cn(state.status === 'completed' && 'bg-emerald-700 text-white')} data-testid="task-status">
							{state.status === 'completed' ? <CheckCircle2 aria-hidden /> : null}
							{t(`achievements.status.${state.status}`)}
						</Badge>
					</div>
				</div>
				<CardTitle className="mt-2">
					<h3>{title}</h3>
				</CardTitle>
				<CardDescription>{t(`achievements.tasks.${state.id}.description`)}</CardDescription>
				{task.selfReported ? (
					<p className="text-muted-foreground flex items-center gap-1 text-xs">
						<BadgeCheck className="size-3.5" aria-hidden />
						{t('achievements.selfReported')}
					</p>
				) : null}
			</CardHeader>
			{state.max ? (
				<CardContent className="grid gap-1.5">
					<ProgressBar value={((state.progress ?? 0) / state.max) * 100} label={t('achievements.progressLabel', { task: title })} />
					<p className="text-muted-foreground text-right text-xs tabular-nums" data-testid="task-progress">
						{t('achievements.progress', { progress: state.progress ?? 0, max: state.max })}
					</p>
				</CardContent>
			) : null}
			{footer ? <CardFooter className="mt-auto">{footer}</CardFooter> : null}
		</Card>
	)
}
