import { CheckCircle2 } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { isRouteErrorResponse, useFetcher, useRouteError } from 'react-router'
import { PathCertificate } from '~/components/certificates/certificate-actions'
import { ProgressBar } from '~/components/learn/progress-bar'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireUser } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { getPathOverview } from '~/features/catalog/catalog.server.ts'
import { certificateContext, pathCertificateState } from '~/features/certificates/certificates.server.ts'
import { getLanguage } from '~/features/i18n/i18n.server.ts'
import { CatalogFacts, CoverArt, EnglishOnly, Prerequisites } from '~/components/learn/catalog-facts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { failIfAsked } from '~/features/progress/section-faults.server.ts'
import { SectionError } from '~/components/learn/section-error'
import { enrollFailedToast } from '~/components/learn/enroll-toast'
import { toast } from '~/components/ui/toast'
import { useEffect } from 'react'
import type { Route } from './+types/path'

export async function loader({ request, params }: Route.LoaderArgs) {
	const user = await requireUser(request)
	failIfAsked(request, 'path')
	// One statement: the learner's catalog read carries their certificates.
	const context = await certificateContext(user.id)
	const path = await getPathOverview(params.pathId, user.id, isAdmin(user), getLanguage(request), context)
	if (!path) throw new Response('Learning path not found.', { status: 404 })
	return { path, certificate: pathCertificateState(context, params.pathId) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.path.title }]

export const handle = {
	breadcrumbs: (data: unknown) => {
		const d = data as Awaited<ReturnType<typeof loader>>
		return [{ label: 'nav.paths', to: '/dashboard/explore', i18n: true }, { label: d.path.title }]
	},
}

export default function PathOverview({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { path, certificate } = loaderData
	const fetcher = useFetcher<{ ok: boolean; error?: string }>()
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.ok) toast.success(t('learn.enrolledPath'))
		else enrollFailedToast(t, fetcher.data.error)
	}, [fetcher.state, fetcher.data, t])
	const done = path.courses.reduce((n, c) => n + c.completedLessons, 0)
	const total = path.courses.reduce((n, c) => n + c.totalLessons, 0)
	const nextCourse = path.courses.find((c) => c.completedLessons < c.totalLessons)
	return (
		<>
			<PageHeader title={path.title} description={path.description ?? undefined}>
				{path.isEnrolled ? (
					<div className="flex flex-wrap items-center gap-2">
						<Badge variant="secondary">
							<CheckCircle2 aria-hidden />
							{t('learn.enrolledBadge')}
						</Badge>
						{/* The course player opens a course at its first unfinished lesson. */}
						{nextCourse ? (
							<Button asChild>
								<a {...ROUTER_LINK} href={`/dashboard/learn/course/${nextCourse.id}`}>
									{t('learn.continue')}
								</a>
							</Button>
						) : null}
					</div>
				) : (
					<fetcher.Form method="post" action="/dashboard/explore">
						<input type="hidden" name="pathId" value={path.id} />
						<Button type="submit" name="intent" value="enroll" disabled={fetcher.state !== 'idle'}>
							{fetcher.state !== 'idle' ? t('learn.enrolling') : t('learn.enroll')}
						</Button>
					</fetcher.Form>
				)}
			</PageHeader>
			{!path.isPublished ? (
				<Badge variant="outline" className="mb-4">
					{t('admin.draft')}
				</Badge>
			) : null}
			<div className="mb-6 grid gap-2">
				<EnglishOnly show={path.englishOnly} className="justify-self-start" />
				<CatalogFacts facts={{ level: path.level, totalMinutes: path.totalMinutes, lessonCount: total, courseCount: path.courses.length }} />
				<Prerequisites text={path.prerequisites} />
			</div>
			<PathCertificate pathId={path.id} state={certificate} />
			{total > 0 ? (
				<div className="mb-6 grid gap-1.5">
					<p className="text-muted-foreground text-sm">{t('learn.lessonsDone', { done, total })}</p>
					<ProgressBar value={(done / total) * 100} label={path.title} />
				</div>
			) : null}
			{path.courses.length === 0 ? (
				<EmptyState title={t('path.noCourses')} />
			) : (
				<ol className="grid gap-3">
					{path.courses.map((c, i) => (
						<li key={c.id}>
							<a {...ROUTER_LINK} href={`/dashboard/learn/course/${c.id}`} className="block rounded-xl focus-visible:ring-2 focus-visible:outline-none">
								<Card className="hover:border-primary flex-row gap-0 overflow-hidden py-0 transition-colors">
									<CoverArt seed={c.slug} url={c.coverUrl} className="hidden w-40 shrink-0 rounded-none rounded-l-xl sm:block" />
									<CardHeader className="min-w-0 flex-1 py-5">
										<CardTitle className="flex flex-wrap items-center gap-2">
											{/* The number hangs beside the title: it never wraps onto a line of its own. */}
											<span className="flex min-w-0 gap-1.5">
												<span className="text-muted-foreground shrink-0" data-course-number>
													{i + 1}.
												</span>
												<span className="min-w-0 break-words" data-course-title>
													{c.title}
												</span>
											</span>
											<EnglishOnly show={c.englishOnly} />
											{!c.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
											{c.totalLessons > 0 && c.completedLessons === c.totalLessons ? (
												<CheckCircle2 className="size-4 text-emerald-600" aria-label={t('learn.completed')} />
											) : null}
										</CardTitle>
										{c.summary ? <CardDescription>{c.summary}</CardDescription> : null}
										<CatalogFacts facts={{ level: c.level, totalMinutes: c.totalMinutes, lessonCount: c.totalLessons }} className="mt-1 text-xs" />
										<Prerequisites text={c.prerequisites} className="text-muted-foreground text-xs" />
										<div className="mt-2 grid gap-1.5">
											<p className="text-muted-foreground text-xs">{t('learn.lessonsDone', { done: c.completedLessons, total: c.totalLessons })}</p>
											<ProgressBar value={c.totalLessons ? (c.completedLessons / c.totalLessons) * 100 : 0} label={c.title} />
										</div>
									</CardHeader>
								</Card>
							</a>
						</li>
					))}
				</ol>
			)}
		</>
	)
}

export function ErrorBoundary() {
	const { t } = useTranslation()
	const error = useRouteError()
	// A path that does not exist (or is not published) is a 404; anything else failed to load and may retry.
	if (isRouteErrorResponse(error) && error.status === 404)
		return (
			<EmptyState title={t('path.notFound')}>
				<Button asChild variant="outline" className="mt-2">
					<a {...ROUTER_LINK} href="/dashboard/explore">
						{t('dashboard.viewAllPaths')}
					</a>
				</Button>
			</EmptyState>
		)
	return (
		<div className="grid gap-3">
			<SectionError message="learn.sections.generic" testId="page-error" />
			<Button asChild variant="link" className="justify-self-start px-0">
				<a {...ROUTER_LINK} href="/dashboard">
					{t('errors.notFound.dashboard')}
				</a>
			</Button>
		</div>
	)
}
