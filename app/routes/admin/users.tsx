import { Search, ShieldCheck, ShieldOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { data, Form, Link, useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { ListLoading, useReloading } from '~/components/admin/list-states'
import { RelativeTime, useNow } from '~/components/admin/updated'
import type { Crumb } from '~/components/dashboard/breadcrumbs'
import { EmptyState, PageHeader } from '~/components/page-header'
import {
	AlertDialog,
	AlertDialogCancel,
	AlertDialogContent,
	AlertDialogDescription,
	AlertDialogFooter,
	AlertDialogHeader,
	AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { roleChangeSchema, usersQuerySchema } from '~/features/admin/schemas.ts'
import type { AdminUser } from '~/features/admin/types.ts'
import { changeAdminRole, listUsers } from '~/features/admin/users.server.ts'
import { requireAdmin } from '~/features/auth/session.server.ts'
import { isAdmin } from '~/features/auth/user.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { failure, parseBody, refused } from '~/lib/forms.server.ts'
import type { Route } from './+types/users'
import { pageUrl } from '~/lib/page-url.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const admin = await requireAdmin(request)
	const query = usersQuerySchema.parse(Object.fromEntries(pageUrl(request).searchParams))
	const t = getT(request)
	return {
		...(await listUsers(query)),
		q: query.q ?? '',
		me: admin.id,
		now: new Date().toISOString(),
		title: t('admin.users.title'),
		crumbs: [{ label: t('nav.admin'), to: '/dashboard/admin' }, { label: t('admin.users.title') }] satisfies Crumb[],
	}
}

type RoleResult = { ok: true; intent: 'grant' | 'revoke' } | { ok: false; error: string }

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const parsed = await parseBody(request, roleChangeSchema, { fallback: 'admin.errors.badRequest' })
	if (!parsed.ok) return refused(parsed)
	const result = await changeAdminRole(admin, parsed.data.email, parsed.data.intent === 'grant')
	if (!result.ok) return failure(result.error, result.status)
	return data<RoleResult>({ ok: true, intent: parsed.data.intent })
}

export const handle = { breadcrumbs: (d: unknown) => (d as { crumbs: Crumb[] }).crumbs }

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }]

const pageLink = (q: string, page: number) => {
	const params = new URLSearchParams()
	if (q) params.set('q', q)
	if (page > 1) params.set('page', String(page))
	return `?${params}`
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { users, total, page, pages, q, me } = loaderData
	const now = useNow(loaderData.now)
	const [confirm, setConfirm] = useState<{ user: AdminUser; grant: boolean } | null>(null)
	const loading = useReloading()
	return (
		<>
			<PageHeader title={t('admin.users.title')} description={t('admin.users.description')} />
			<Form method="get" role="search" aria-label={t('admin.users.searchRegion')} className="bg-card mb-4 flex flex-wrap items-end gap-3 rounded-xl border p-4">
				<div className="grid min-w-0 flex-1 gap-1.5">
					<Label htmlFor="users-q">{t('admin.users.search')}</Label>
					<div className="relative">
						<Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
						<Input id="users-q" name="q" type="search" defaultValue={q} key={q} maxLength={100} className="pl-8" />
					</div>
				</div>
				<Button type="submit">{t('admin.users.searchButton')}</Button>
				{q ? (
					<Button asChild variant="ghost">
						<Link to="/dashboard/admin/users">{t('admin.filters.clear')}</Link>
					</Button>
				) : null}
			</Form>
			<p className="text-muted-foreground mb-3 text-sm" role="status" data-testid="users-total">
				{t('admin.users.total', { count: total })}
			</p>
			{loading ? (
				<ListLoading label={t('admin.users.loading')} />
			) : users.length === 0 ? (
				<EmptyState title={t('admin.users.empty')} />
			) : (
				<div className="relative overflow-x-auto rounded-xl border">
					<table className="w-full text-sm">
						<thead className="bg-muted/50 text-muted-foreground text-left">
							<tr>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('admin.users.columns.user')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('admin.users.columns.role')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('admin.users.columns.verified')}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									{t('admin.users.columns.enrollments')}
								</th>
								<th scope="col" className="px-4 py-3 text-right font-medium">
									{t('admin.users.columns.xp')}
								</th>
								<th scope="col" className="px-4 py-3 font-medium">
									{t('admin.users.columns.joined')}
								</th>
								<th scope="col" className="px-4 py-3">
									<span className="sr-only">{t('admin.users.columns.actions')}</span>
								</th>
							</tr>
						</thead>
						<tbody className="divide-y">
							{users.map((u) => {
								const admin = isAdmin(u)
								const self = u.id === me
								return (
									<tr key={u.id} data-testid="user-row" className="hover:bg-muted/30">
										<td className="max-w-72 px-4 py-3">
											<p className="truncate font-medium">
												{u.name || u.email.split('@')[0]}
												{self ? <span className="text-muted-foreground font-normal"> ({t('admin.users.you')})</span> : null}
											</p>
											<p className="text-muted-foreground truncate text-xs">{u.email}</p>
										</td>
										<td className="px-4 py-3">
											<Badge variant={admin ? 'default' : 'secondary'}>{t(admin ? 'admin.users.roles.admin' : 'admin.users.roles.user')}</Badge>
										</td>
										<td className="px-4 py-3">
											<Badge variant="outline">{t(u.emailVerified ? 'admin.users.verified' : 'admin.users.unverified')}</Badge>
										</td>
										<td className="px-4 py-3 text-right tabular-nums">{u.enrollments}</td>
										<td className="px-4 py-3 text-right tabular-nums">{u.xp}</td>
										<td className="text-muted-foreground px-4 py-3 whitespace-nowrap">
											<RelativeTime at={u.createdAt} now={now} />
										</td>
										<td className="px-4 py-3 text-right whitespace-nowrap">
											{admin ? (
												<Button
													variant="outline"
													size="sm"
													disabled={self}
													title={self ? t('admin.users.self') : undefined}
													aria-label={t('admin.users.revokeLabel', { email: u.email })}
													onClick={() => setConfirm({ user: u, grant: false })}
												>
													<ShieldOff aria-hidden />
													{t('admin.users.revoke')}
												</Button>
											) : (
												<Button
													variant="outline"
													size="sm"
													aria-label={t('admin.users.grantLabel', { email: u.email })}
													onClick={() => setConfirm({ user: u, grant: true })}
												>
													<ShieldCheck aria-hidden />
													{t('admin.users.grant')}
												</Button>
											)}
										</td>
									</tr>
								)
							})}
						</tbody>
					</table>
				</div>
			)}
			{pages > 1 ? (
				<nav aria-label={t('admin.users.pagination')} className="mt-4 flex items-center justify-between gap-4 text-sm">
					<Button asChild variant="outline" size="sm" className={page <= 1 ? 'pointer-events-none opacity-50' : undefined}>
						<Link to={pageLink(q, page - 1)} aria-disabled={page <= 1}>
							{t('admin.users.previous')}
						</Link>
					</Button>
					<span className="text-muted-foreground">{t('admin.users.page', { page, pages })}</span>
					<Button asChild variant="outline" size="sm" className={page >= pages ? 'pointer-events-none opacity-50' : undefined}>
						<Link to={pageLink(q, page + 1)} aria-disabled={page >= pages}>
							{t('admin.users.next')}
						</Link>
					</Button>
				</nav>
			) : null}
			<RoleDialog change={confirm} onClose={() => setConfirm(null)} />
		</>
	)
}

function RoleDialog({ change, onClose }: { change: { user: AdminUser; grant: boolean } | null; onClose: () => void }) {
	const { t } = useTranslation()
	const fetcher = useFetcher<RoleResult>()
	const handled = useRef<RoleResult | undefined>(undefined)
	const busy = fetcher.state !== 'idle'
	useEffect(() => {
		const d = fetcher.data
		if (fetcher.state === 'submitting' || !d || handled.current === d) return
		handled.current = d
		if (d.ok) {
			toast.success(t(d.intent === 'grant' ? 'admin.users.granted' : 'admin.users.revoked'))
			onClose()
		} else toast.error(t(d.error, { defaultValue: t('admin.users.failed') }))
	}, [fetcher.state, fetcher.data, t, onClose])
	const email = change?.user.email ?? ''
	return (
		<AlertDialog open={Boolean(change)} onOpenChange={(open) => (open || busy ? null : onClose())}>
			<AlertDialogContent>
				<AlertDialogHeader>
					<AlertDialogTitle>{t(change?.grant ? 'admin.users.grantTitle' : 'admin.users.revokeTitle', { email })}</AlertDialogTitle>
					<AlertDialogDescription>{t(change?.grant ? 'admin.users.grantBody' : 'admin.users.revokeBody')}</AlertDialogDescription>
				</AlertDialogHeader>
				<AlertDialogFooter>
					<AlertDialogCancel disabled={busy}>{t('admin.actions.cancel')}</AlertDialogCancel>
					<Button
						variant={change?.grant ? 'default' : 'destructive'}
						disabled={busy}
						onClick={() => void fetcher.submit({ intent: change?.grant ? 'grant' : 'revoke', email }, { method: 'post' })}
					>
						{busy ? t('admin.actions.saving') : t(change?.grant ? 'admin.users.grant' : 'admin.users.revoke')}
					</Button>
				</AlertDialogFooter>
			</AlertDialogContent>
		</AlertDialog>
	)
}
