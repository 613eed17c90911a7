import { useEffect } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet'
import { Skeleton } from '~/components/ui/skeleton'
import type { AuditEntry } from '~/features/admin/types.ts'
import { RelativeTime } from './updated'

function show(value: unknown): string {
	if (value === null || value === undefined || value === '') return '—'
	if (typeof value === 'object') return JSON.stringify(value)
	return String(value)
}

/** The audit trail of one item, loaded when the sheet opens. */
export function HistorySheet({
	kind,
	id,
	title,
	open,
	onOpenChange,
	now,
}: {
	kind: string
	id: string
	title: string
	open: boolean
	onOpenChange: (open: boolean) => void
	now: string
}) {
	const { t } = useTranslation()
	const fetcher = useFetcher<{ entries: AuditEntry[] }>()
	const { load } = fetcher
	useEffect(() => {
		if (open) void load(`/dashboard/admin/history?type=${kind}&id=${id}`)
	}, [open, kind, id, load])
	const entries = fetcher.data?.entries
	return (
		<Sheet open={open} onOpenChange={onOpenChange}>
			<SheetContent className="w-full overflow-y-auto sm:max-w-md">
				<SheetHeader>
					<SheetTitle>{t('admin.history.title')}</SheetTitle>
					<SheetDescription>{t('admin.history.description', { title })}</SheetDescription>
				</SheetHeader>
				<div className="px-4 pb-6" aria-live="polite">
					{!entries ? (
						<div role="status" className="grid gap-3">
							<span className="sr-only">{t('admin.history.loading')}</span>
							<Skeleton className="h-16" />
							<Skeleton className="h-16" />
						</div>
					) : entries.length === 0 ? (
						<p className="text-muted-foreground text-sm">{t('admin.history.empty')}</p>
					) : (
						<ol className="grid gap-3" data-testid="history">
							{entries.map((e) => (
								<li key={e.id} className="rounded-lg border p-3 text-sm">
									<p className="font-medium">{t(`admin.history.actions.${e.action}`, { defaultValue: e.action })}</p>
									<p className="text-muted-foreground text-xs">
										<RelativeTime at={e.createdAt} now={now} /> · {e.actorName || e.actorEmail || t('admin.history.system')}
									</p>
									<Changes action={e.action} changes={e.changes} />
								</li>
							))}
						</ol>
					)}
				</div>
			</SheetContent>
		</Sheet>
	)
}

function Changes({ action, changes }: { action: string; changes: Record<string, unknown> }) {
	const { t } = useTranslation()
	if (action !== 'update' && action !== 'move' && action !== 'import') return null
	const rows = Object.entries(changes)
	if (!rows.length) return <p className="text-muted-foreground mt-1 text-xs">{t('admin.history.noChanges')}</p>
	return (
		<dl className="mt-2 grid gap-1 text-xs">
			{rows.map(([field, change]) => {
				const c = change as { from?: unknown; to?: unknown }
				const isDiff = c && typeof c === 'object' && 'to' in c
				// A lesson type reads as its badge does (Texto, Vídeo...), not as its stored value.
				const value = (v: unknown) => (field === 'lesson_type' && typeof v === 'string' ? t(`admin.types.${v}`, { defaultValue: v }) : show(v))
				return (
					<div key={field} className="grid grid-cols-[7rem_1fr] gap-2">
						<dt className="text-muted-foreground truncate">{t(`admin.history.fields.${field}`, { defaultValue: field })}</dt>
						<dd className="min-w-0 break-words">
							{isDiff ? (
								<>
									<del className="text-muted-foreground">{value(c.from)}</del> → <ins className="no-underline">{value(c.to)}</ins>
								</>
							) : (
								value(change)
							)}
						</dd>
					</div>
				)
			})}
		</dl>
	)
}
