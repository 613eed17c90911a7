import { useTranslation } from '~/features/i18n/react.tsx'
import { useEffect } from 'react'
import { Form, useActionData } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { CatalogFilter, Level } from '~/features/catalog/catalog.server.ts'
import { toast } from '~/components/ui/toast'
import { PathGrid } from '~/components/learn/path-card'
import { enrollFailedToast } from '~/components/learn/enroll-toast'
import { EmptyState, PageHeader } from '~/components/page-header'
import { requireUser } from '~/features/auth/session.server.ts'
import { exploreCatalog, parseCatalogFilter } from '~/features/catalog/catalog.server.ts'
import { getLanguage, getT } from '~/features/i18n/i18n.server.ts'
import { enrollOrFail } from '~/features/progress/progress.server.ts'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { failIfAsked } from '~/features/progress/section-faults.server.ts'
import { SectionError } from '~/components/learn/section-error'
import { enrollSchema } from '~/features/progress/schemas.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/explore'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	failIfAsked(request, 'explore')
	const filter = parseCatalogFilter(pageUrl(request))
	return { ...(await exploreCatalog(user.id, getLanguage(request), filter)), filter, title: getT(request)('nav.paths') }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const parsed = await parseBody(request, enrollSchema, { fallback: 'learn.errors.enrollFailed' })
	if (!parsed.ok) return refused(parsed)
	const ok = await enrollOrFail(request, user.id, parsed.data.pathId)
	if (ok === null) return failure('learn.errors.enrollError', 500)
	if (!ok) return failure('learn.errors.pathNotFound', 404)
	return { ok: true }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function Explore({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	// Without JavaScript the enroll form posts here directly; say how it went.
	const result = useActionData<typeof action>()
	useEffect(() => {
		if (!result) return
		if (result.ok) toast.success(t('learn.enrolled'))
		else enrollFailedToast(t, 'error' in result ? result.error : undefined)
	}, [result, t])
	return (
		<>
			<PageHeader title={t('nav.paths')} description={t('pages.explore.description')} />
			{loaderData.total === 0 ? (
				<EmptyState title={t('dashboard.noPaths')} body={t('dashboard.noPathsBody')} />
			) : (
				<>
					<CatalogFilters filter={loaderData.filter} topics={loaderData.topics} levels={loaderData.levels} />
					<p className="text-muted-foreground mb-3 text-sm" role="status" data-testid="catalog-results">
						{t('catalog.results', { count: loaderData.paths.length, total: loaderData.total })}
					</p>
					{loaderData.paths.length === 0 ? (
						<EmptyState title={t('catalog.noResults')} body={t('catalog.noResultsBody')}>
							<Button asChild variant="outline" className="mt-2">
								<a {...ROUTER_LINK} href="/dashboard/explore">
									{t('catalog.clear')}
								</a>
							</Button>
						</EmptyState>
					) : (
						<PathGrid paths={loaderData.paths} />
					)}
				</>
			)}
		</>
	)
}

// Native <select>s in a GET form: the filters work without JavaScript (the query string is the state, so a
// filtered list can be bookmarked or shared) and with the keyboard alone.
const selectClass =
	'border-input bg-background focus-visible:border-ring focus-visible:ring-ring/50 h-9 w-full rounded-md border px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px]'

function CatalogFilters({ filter, topics, levels }: { filter: CatalogFilter; topics: string[]; levels: Level[] }) {
	const { t } = useTranslation()
	const active = Boolean(filter.q || filter.level || filter.topic || filter.status)
	return (
		<Form
			key={JSON.stringify(filter)}
			method="get"
			role="search"
			aria-label={t('catalog.search')}
			className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
		>
			<div className="grid gap-1.5">
				<Label htmlFor="catalog-q">{t('catalog.search')}</Label>
				<Input id="catalog-q" type="search" name="q" defaultValue={filter.q} placeholder={t('catalog.searchPlaceholder')} maxLength={100} />
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor="catalog-level">{t('catalog.level')}</Label>
				<select id="catalog-level" name="level" defaultValue={filter.level ?? ''} className={selectClass}>
					<option value="">{t('catalog.anyLevel')}</option>
					{levels.map((l) => (
						<option key={l} value={l}>
							{t(`catalog.levels.${l}`)}
						</option>
					))}
				</select>
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor="catalog-topic">{t('catalog.topic')}</Label>
				<select id="catalog-topic" name="topic" defaultValue={filter.topic ?? ''} className={selectClass}>
					<option value="">{t('catalog.anyTopic')}</option>
					{topics.map((topic) => (
						<option key={topic} value={topic}>
							{t(`catalog.topics.${topic}`, { defaultValue: topic })}
						</option>
					))}
				</select>
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor="catalog-status">{t('catalog.progress')}</Label>
				<select id="catalog-status" name="status" defaultValue={filter.status ?? ''} className={selectClass}>
					<option value="">{t('catalog.anyProgress')}</option>
					<option value="in-progress">{t('catalog.inProgress')}</option>
				</select>
			</div>
			<div className="flex flex-wrap items-end gap-2">
				<Button type="submit">{t('catalog.apply')}</Button>
				{active ? (
					<Button asChild variant="ghost">
						<a {...ROUTER_LINK} href="/dashboard/explore">
							{t('catalog.clear')}
						</a>
					</Button>
				) : null}
			</div>
		</Form>
	)
}

/** The paths could not be read: the message and a retry, inside the app frame. */
export function ErrorBoundary() {
	const { t } = useTranslation()
	return (
		<>
			<PageHeader title={t('nav.paths')} />
			<SectionError message="learn.sections.paths" testId="page-error" />
			<Button asChild variant="link" className="mt-2 px-0">
				<a {...ROUTER_LINK} href="/dashboard">
					{t('errors.notFound.dashboard')}
				</a>
			</Button>
		</>
	)
}
