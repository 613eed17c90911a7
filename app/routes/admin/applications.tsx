import { Download, Inbox, Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useFetcher, useNavigate } from 'react-router'
import { toast } from '~/components/ui/toast'
import type { Crumb } from '~/components/dashboard/breadcrumbs'
import { EmptyState, PageHeader } from '~/components/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { listApplications, setApplicationStatus } from '~/features/applications/applications.server.ts'
import { filterSearch, formatReceived } from '~/features/applications/inbox.ts'
import {
	applicationStatuses,
	applicationTypes,
	inboxFilterSchema,
	statusChangeSchema,
	type ApplicationStatus,
	type InboxFilter,
} from '~/features/applications/schemas.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/applications'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const filter = inboxFilterSchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const t = getT(request)
	const result = await listApplications(filter)
	return {
		...result,
		filter,
		title: t('applications.admin.title'),
		crumbs: [
			{ label: t('nav.dashboard'), to: '/dashboard' },
			{ label: t('nav.admin'), to: '/dashboard/admin' },
			{ label: t('applications.admin.title') },
		] satisfies Crumb[],
	}
}

type ActionData = { ok: true } | { ok: false; error: string }

// POST id + status: change an application's status (admins only; others get 403 from requireAdmin).
export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	// The form-level message is the first wrong field's (id, then status), as the toast shows only that.
	const parsed = await parseBody(request, statusChangeSchema)
	if (!parsed.ok) return refused(parsed)
	const found = await setApplicationStatus(parsed.data.id, parsed.data.status)
	if (!found) return failure('applications.errors.notFound', 404)
	return data<ActionData>({ ok: true })
}

export const handle = { breadcrumbs: (d: unknown) => (d as { crumbs: Crumb[] }).crumbs }

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

type Item = Route.ComponentProps['loaderData']['items'][number]

const statusTone: Record<ApplicationStatus, string> = {
	new: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
	contacted: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
	accepted: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
	rejected: 'bg-muted text-muted-foreground',
}

function StatusBadge({ status }: { status: string }) {
	const { t } = useTranslation()
	return (
		<Badge variant="outline" className={`border-transparent ${statusTone[status as ApplicationStatus] ?? ''}`}>
			{t(`applications.status.${status}`)}
		</Badge>
	)
}

export default function ApplicationsInbox({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { items, total, page, pages, filter } = loaderData
	const [openId, setOpenId] = useState<string | null>(null)
	const open = items.find((a) => a.id === openId) ?? null
	return (
		<>
			<PageHeader title={t('applications.admin.title')} description={t('applications.admin.description')}>
				<Button asChild variant="outline">
					<a href={`/dashboard/admin/applications/export${filterSearch(filter)}`} download>
						<Download aria-hidden />
						{t('applications.admin.export')}
					</a>
				</Button>
			</PageHeader>
			<Filters key={filterSearch(filter)} filter={filter} />
			<p className="text-muted-foreground mb-3 text-sm" role="status" data-testid="applications-total">
				{t('applications.admin.total', { count: total })}
			</p>
			{items.length === 0 ? (
				<EmptyState title={t('applications.admin.empty')}>
					<Inbox className="text-muted-foreground size-6" aria-hidden />
				</EmptyState>
			) : (
				<div className="relative overflow-x-auto rounded-xl border">
					<table className="w-full text-sm">
						<thead className="bg-muted/50 text-muted-foreground text-left">
							<tr>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('applications.admin.received')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('applications.admin.name')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('applications.admin.email')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('applications.admin.type')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('applications.admin.status')}
								</th>
								<th scope="col" className="px-4 py-3">
									<span className="sr-only">{t('applications.admin.open')}</span>
								</th>
							</tr>
						</thead>
						<tbody className="divide-y">
							{items.map((a) => (
								<tr key={a.id} data-testid="application-row" className="hover:bg-muted/30">
									<td className="text-muted-foreground px-4 py-3 whitespace-nowrap">{formatReceived(a.createdAt, i18n.language)}</td>
									<td className="max-w-48 truncate px-4 py-3 font-medium">{a.name}</td>
									<td className="max-w-64 truncate px-4 py-3">{a.email}</td>
									<td className="px-4 py-3">{t(`applications.types.${a.type}`)}</td>
									<td className="px-4 py-3">
										<StatusBadge status={a.status} />
									</td>
									<td className="px-4 py-3 text-right">
										<Button variant="ghost" size="sm" onClick={() => setOpenId(a.id)} aria-label={t('applications.admin.openLabel', { name: a.name })}>
											{t('applications.admin.open')}
										</Button>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
			{pages > 1 ? (
				<nav aria-label={t('applications.admin.pagination')} className="mt-4 flex items-center justify-between gap-4 text-sm">
					<Button asChild variant="outline" size="sm" className={page <= 1 ? 'pointer-events-none opacity-50' : undefined}>
						<Link to={filterSearch(filter, page - 1) || '?'} aria-disabled={page <= 1}>
							{t('applications.admin.previous')}
						</Link>
					</Button>
					<span className="text-muted-foreground">{t('applications.admin.page', { page, pages })}</span>
					<Button asChild variant="outline" size="sm" className={page >= pages ? 'pointer-events-none opacity-50' : undefined}>
						<Link to={filterSearch(filter, page + 1)} aria-disabled={page >= pages}>
							{t('applications.admin.next')}
						</Link>
					</Button>
				</nav>
			) : null}
			<ApplicationDetails application={open} onClose={() => setOpenId(null)} />
		</>
	)
}

function Filters({ filter }: { filter: InboxFilter }) {
	const { t } = useTranslation()
	const navigate = useNavigate()
	const [type, setType] = useState(filter.type ?? 'all')
	const [status, setStatus] = useState(filter.status ?? 'all')
	const [q, setQ] = useState(filter.q ?? '')
	const go = (next: { type?: string; status?: string }) => {
		const merged = { type, status, q, ...next }
		const parsed = inboxFilterSchema.parse({ type: merged.type, status: merged.status, q: merged.q })
		void navigate(filterSearch(parsed) || '?')
	}
	return (
		<Form
			method="get"
			role="search"
			aria-label={t('applications.admin.filters')}
			className="bg-card mb-4 grid gap-3 rounded-xl border p-4 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end"
			onSubmit={(e) => {
				e.preventDefault()
				go({})
			}}
		>
			<div className="grid gap-1.5">
				<Label htmlFor="filter-type">{t('applications.admin.type')}</Label>
				<Select
					value={type}
					onValueChange={(v) => {
						setType(v)
						go({ type: v })
					}}
				>
					<SelectTrigger id="filter-type" className="w-full">
						<SelectValue />
					</SelectTrigger>
					<SelectContent>
						<SelectItem value="all">{t('applications.admin.allTypes')}</SelectItem>
						{applicationTypes.map((v) => (
							<SelectItem key={v} value={v}>
								{t(`applications.types.${v}`)}
							</SelectItem>
						))}
					</SelectContent>
				</Select>
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor="filter-status">{t('applications.admin.status')}</Label>
				<Select
					value={status}
					onValueChange={(v) => {
						setStatus(v)
						go({ status: v })
					}}
				>
					<SelectTrigger id="filter-status" className="w-full">
						<SelectValue />
					</SelectTrigger>
					<SelectContent>
						<SelectItem value="all">{t('applications.admin.allStatuses')}</SelectItem>
						{applicationStatuses.map((v) => (
							<SelectItem key={v} value={v}>
								{t(`applications.status.${v}`)}
							</SelectItem>
						))}
					</SelectContent>
				</Select>
			</div>
			<div className="grid gap-1.5">
				<Label htmlFor="filter-q">{t('applications.admin.search')}</Label>
				<div className="relative">
					<Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
					<Input id="filter-q" name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} className="pl-8" maxLength={100} />
				</div>
			</div>
			<div className="flex gap-2">
				<Button type="submit">{t('applications.admin.apply')}</Button>
				<Button asChild variant="ghost">
					<Link to="/dashboard/admin/applications">{t('applications.admin.clear')}</Link>
				</Button>
			</div>
		</Form>
	)
}

function ApplicationDetails({ application, onClose }: { application: Item | null; onClose: () => void }) {
	const { t, i18n } = useTranslation()
	const fetcher = useFetcher<ActionData>()
	const [status, setStatus] = useState<string>(application?.status ?? 'new')
	const busy = fetcher.state !== 'idle'

	useEffect(() => {
		if (application) setStatus(application.status)
	}, [application])

	useEffect(() => {
		if (fetcher.state !== 'idle' || !fetcher.data) return
		if (fetcher.data.ok) toast.success(t('applications.admin.updated'))
		else toast.error(t(fetcher.data.error, { defaultValue: t('applications.admin.updateFailed') }))
	}, [fetcher.state, fetcher.data, t])

	const a = application
	const rows: [string, React.ReactNode][] = a
		? [
				[t('applications.admin.type'), t(`applications.types.${a.type}`)],
				[t('applications.modal.fields.name'), a.name],
				[
					t('applications.modal.fields.email'),
					<a key="e" href={`mailto:${a.email}`} className="text-primary underline-offset-4 hover:underline">
						{a.email}
					</a>,
				],
				[t('applications.modal.fields.company'), a.company],
				[t('applications.modal.fields.experience'), a.experience && t(`applications.options.experience.${a.experience}`)],
				[
					t('applications.modal.fields.portfolio'),
					a.portfolio && (
						<a
							key="p"
							href={a.portfolio}
							target="_blank"
							rel="noopener noreferrer nofollow"
							className="text-primary break-all underline-offset-4 hover:underline"
						>
							{a.portfolio}
						</a>
					),
				],
				[t('applications.modal.fields.investmentAmount'), a.investmentAmount && t(`applications.options.investmentAmount.${a.investmentAmount}`)],
				[t('applications.modal.fields.timeline'), a.timeline && t(`applications.options.timeline.${a.timeline}`)],
				[t('applications.modal.fields.message'), a.message],
				[t('applications.admin.language'), a.language],
				[t('applications.admin.received'), formatReceived(a.createdAt, i18n.language)],
			]
		: []

	return (
		<Dialog open={Boolean(a)} onOpenChange={(o) => (o ? null : onClose())}>
			<DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl" data-testid="application-details">
				<DialogHeader>
					<DialogTitle>{a?.name}</DialogTitle>
					<DialogDescription className="flex items-center gap-2">
						{t('applications.admin.details')}
						{a ? <StatusBadge status={a.status} /> : null}
					</DialogDescription>
				</DialogHeader>
				<dl className="grid gap-3 text-sm">
					{rows.map(([label, value]) => (
						<div key={label} className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
							<dt className="text-muted-foreground font-medium">{label}</dt>
							<dd className="break-words whitespace-pre-wrap">{value || t('applications.admin.none')}</dd>
						</div>
					))}
				</dl>
				{a ? (
					<fetcher.Form method="post" className="grid gap-3 border-t pt-4">
						<input type="hidden" name="id" value={a.id} />
						<input type="hidden" name="status" value={status} />
						<Label htmlFor="detail-status">{t('applications.admin.changeStatus')}</Label>
						<Select value={status} onValueChange={setStatus}>
							<SelectTrigger id="detail-status" className="w-full sm:w-60">
								<SelectValue />
							</SelectTrigger>
							<SelectContent>
								{applicationStatuses.map((v) => (
									<SelectItem key={v} value={v}>
										{t(`applications.status.${v}`)}
									</SelectItem>
								))}
							</SelectContent>
						</Select>
						<DialogFooter>
							<Button type="submit" disabled={busy || status === a.status}>
								{busy ? t('applications.admin.saving') : t('applications.admin.save')}
							</Button>
						</DialogFooter>
					</fetcher.Form>
				) : null}
			</DialogContent>
		</Dialog>
	)
}
