import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { redirect, useFetcher, useRevalidator, useSearchParams } from 'react-router'
import { toast } from '~/components/ui/toast'
import { SummaryCards } from '~/components/achievements/summary-cards'
import { TaskCard } from '~/components/achievements/task-card'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { achievementsPage, claimTask } from '~/features/achievements/achievements.server.ts'
import { startGithubLink } from '~/features/achievements/github.server.ts'
import { achievementActionSchema } from '~/features/achievements/schemas.ts'
import { communityLinks, shareLink, taskById, taskCategories } from '~/features/achievements/tasks.ts'
import { requireUser } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/achievements'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const t = getT(request)
	const page = await achievementsPage(user.id)
	const env = getEnv()
	const share = shareLink(t('achievements.shareText', { xp: page.totalXP, app: env.APP_NAME }), env.APP_URL)
	return { title: t('nav.achievements'), ...page, links: { ...communityLinks, share } }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, achievementActionSchema, { fallback: 'achievements.errors.invalidRequest' })
	if (!parsed.ok) return refused(parsed)
	if (parsed.data.intent === 'connect-github') {
		const link = await startGithubLink(request)
		if (!link.ok) return failure(`achievements.errors.${link.error}`, link.status)
		throw redirect(link.url, { headers: link.headers })
	}
	const result = await claimTask(user.id, parsed.data.taskId)
	if (!result.ok) return failure(`achievements.errors.${result.error}`, result.status)
	return { ok: true as const, taskId: result.taskId, xpAwarded: result.xpAwarded }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type ActionResult = { ok: true; taskId: string; xpAwarded: number } | { ok: false; error: string }

export default function AchievementsPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { states, summary, links } = loaderData
	const claim = useFetcher<ActionResult>()
	const handled = useRef<ActionResult | undefined>(undefined)
	const [params, setParams] = useSearchParams()

	const report = useCallback(
		(res: ActionResult) => {
			if (res.ok) toast.success(t('achievements.claimed', { xp: res.xpAwarded, task: t(`achievements.tasks.${res.taskId}.title`) }))
			else toast.error(t(res.error || 'achievements.errors.claimFailed'))
		},
		[t],
	)
	useEffect(() => {
		const res = claim.data
		if (claim.state !== 'idle' || !res || handled.current === res) return
		handled.current = res
		report(res)
	}, [claim.state, claim.data, report])

	// Coming back from GitHub, or a page post without JavaScript: say how it went once.
	useEffect(() => {
		if (actionData) report(actionData)
	}, [actionData, report])
	useEffect(() => {
		const linked = params.get('linked')
		const error = params.get('error')
		if (!linked && !error) return
		if (linked === 'github') toast.success(t('achievements.githubLinked'))
		else if (error) toast.error(t('achievements.errors.githubFailed'))
		setParams(
			(p) => {
				p.delete('linked')
				p.delete('error')
				return p
			},
			{ replace: true, preventScrollReset: true },
		)
	}, [params, setParams, t])

	return (
		<div className="grid grid-cols-1 gap-6">
			<PageHeader title={t('nav.achievements')} description={t('achievements.description')} />
			<SummaryCards summary={summary} />
			<Tabs defaultValue="all" className="gap-4">
				<TabsList aria-label={t('achievements.tabsLabel')} className="h-auto w-full flex-wrap justify-start sm:w-fit">
					{(['all', ...taskCategories] as const).map((c) => (
						<TabsTrigger key={c} value={c} className="h-8 flex-none px-3">
							{t(`achievements.tabs.${c}`)}
						</TabsTrigger>
					))}
				</TabsList>
				{(['all', ...taskCategories] as const).map((c) => {
					const shown = states.filter((s) => c === 'all' || taskById(s.id)?.category === c)
					return (
						<TabsContent key={c} value={c}>
							{shown.length === 0 ? (
								<EmptyState title={t('achievements.empty')} />
							) : (
								<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
									{shown.map((s) => (
										<li key={s.id}>
											<TaskCard state={s} links={links} claimFetcher={claim} />
										</li>
									))}
								</ul>
							)}
						</TabsContent>
					)
				})}
			</Tabs>
		</div>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	const revalidator = useRevalidator()
	return (
		<EmptyState title={t('achievements.errors.loadFailed')}>
			<Button variant="outline" className="mt-2" onClick={() => void revalidator.revalidate()} disabled={revalidator.state !== 'idle'}>
				{t('achievements.errors.tryAgain')}
			</Button>
		</EmptyState>
	)
}
