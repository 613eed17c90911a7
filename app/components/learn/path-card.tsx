import { CheckCircle2, Loader2 } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { enrollFailedToast } from './enroll-toast'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'

import type { PathCard as PathCardData } from '~/features/catalog/types.ts'
import { CatalogFacts, CoverArt, EnglishOnly, Prerequisites } from './catalog-facts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { KeptFragment } from '~/components/kept-fragment'

export type { PathCardData }

/** A path card: 'Enrolled' + 'Continue learning', or 'Enroll' (posting to /dashboard/explore) + 'View details'. */
export function PathCard({ path }: { path: PathCardData }) {
	const { t } = useTranslation()
	const fetcher = useFetcher<{ ok: boolean; error?: string }>()
	const enrolling = fetcher.state !== 'idle'
	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.ok) toast.success(t('learn.enrolled'))
		else enrollFailedToast(t, fetcher.data.error)
	}, [fetcher.state, fetcher.data, t])
	const detailsUrl = `/dashboard/learn/path/${path.id}`
	return (
		<Card className="flex h-full flex-col gap-0 overflow-hidden pt-0" data-testid="path-card">
			<CoverArt seed={path.slug} url={path.coverUrl} />
			<CardHeader className="pt-4">
				<div className="flex items-start justify-between gap-2">
					<CardTitle className="text-lg leading-snug">
						<h3>{path.title}</h3>
					</CardTitle>
					{path.isEnrolled ? (
						<Badge variant="secondary" className="shrink-0">
							<CheckCircle2 aria-hidden />
							{t('learn.enrolledBadge')}
						</Badge>
					) : null}
				</div>
				<EnglishOnly show={path.englishOnly} className="justify-self-start" />
				{path.description ? <CardDescription className="line-clamp-3">{path.description}</CardDescription> : null}
			</CardHeader>
			<CardContent className="mt-auto grid gap-2 pt-3">
				<CatalogFacts facts={path} />
				<Prerequisites text={path.prerequisites} className="text-muted-foreground line-clamp-2" />
			</CardContent>
			<CardFooter className="flex flex-wrap gap-2 pt-4">
				{path.isEnrolled ? (
					<Button asChild>
						<a {...ROUTER_LINK} href={detailsUrl}>
							{t('learn.continueLearning')}
						</a>
					</Button>
				) : (
					<>
						<fetcher.Form method="post" action="/dashboard/explore">
							<input type="hidden" name="pathId" value={path.id} />
							<Button type="submit" name="intent" value="enroll" disabled={enrolling}>
								{enrolling ? <Loader2 className="animate-spin" aria-hidden /> : null}
								{enrolling ? t('learn.enrolling') : t('learn.enroll')}
							</Button>
						</fetcher.Form>
						<Button asChild variant="outline">
							<a {...ROUTER_LINK} href={detailsUrl}>
								{t('learn.viewDetails')}
							</a>
						</Button>
					</>
				)}
			</CardFooter>
		</Card>
	)
}

export function PathGrid({ paths }: { paths: PathCardData[] }) {
	return (
		<ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
			{paths.map((p) => (
				<li key={p.id}>
					<KeptFragment id="path-card" deps={[p]}>
						<PathCard path={p} />
					</KeptFragment>
				</li>
			))}
		</ul>
	)
}
