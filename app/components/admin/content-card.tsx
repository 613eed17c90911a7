import { ArrowDown, ArrowUp, History, Pencil, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
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
import { Dialog, DialogContent } from '~/components/ui/dialog'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Switch } from '~/components/ui/switch'
import { errorText, type ContentKind } from '~/features/admin/schemas.ts'
import type { ActionResult } from '~/features/admin/types.ts'
import { HistorySheet } from './history-sheet'
import { Updated } from './updated'

const section: Record<ContentKind, string> = { path: 'paths', course: 'courses', module: 'modules', lesson: 'lessons' }

/** Toast the answer of a card's fetcher once. */
function useResultToast(fetcher: { state: string; data?: ActionResult }, success: string, failure: string) {
	const { t } = useTranslation()
	const handled = useRef<ActionResult | undefined>(undefined)
	useEffect(() => {
		const data = fetcher.data
		// Fire as soon as the answer is in, before revalidation: a deleted card unmounts right after.
		if (fetcher.state === 'submitting' || !data || handled.current === data) return
		handled.current = data
		if (data.ok) toast.success(t(success))
		else toast.error(errorText(t, data.error || failure))
	}, [fetcher.state, fetcher.data, success, failure, t])
}

export type CardItem = {
	id: string
	title: string
	isPublished: boolean
	updatedAt: string
	updatedByName: string | null
	/** Portuguese title (null: not translated) and, for lessons, a body still without its Portuguese twin. */
	titlePt?: string | null
	bodyUntranslated?: boolean
}

/**
 * One content item: heading with Published/Draft badge, the item's own details, when and by whom it
 * was last updated, the publish switch, and edit, reorder, history and delete controls.
 */
export function ContentCard({
	kind,
	item,
	heading,
	badges,
	children,
	now,
	onEdit,
	position,
}: {
	kind: ContentKind
	item: CardItem
	heading: React.ReactNode
	badges?: React.ReactNode
	children?: React.ReactNode
	now: string
	onEdit: () => void
	/** Where the item sits among its siblings, for the move buttons (paths have no order). */
	position?: { first: boolean; last: boolean }
}) {
	const { t } = useTranslation()
	const toggle = useFetcher<ActionResult>()
	const move = useFetcher<ActionResult>()
	const remove = useFetcher<ActionResult>()
	const [confirming, setConfirming] = useState(false)
	const [historyOpen, setHistoryOpen] = useState(false)
	const s = section[kind]
	useResultToast(toggle, 'admin.toggled', 'admin.toggleFailed')
	useResultToast(move, 'admin.moved', 'admin.moveFailed')
	useResultToast(remove, `admin.${s}.deleted`, `admin.${s}.deleteFailed`)

	// Optimistic: the switch shows what was asked for until the server answers.
	const pending = toggle.formData?.get('is_published')
	const published = pending != null ? pending === 'true' : item.isPublished
	const deleting = remove.state !== 'idle'

	useEffect(() => {
		if (remove.state === 'idle' && remove.data?.ok) setConfirming(false)
	}, [remove.state, remove.data])

	return (
		<Card className={`gap-3 p-4 sm:p-5 ${deleting ? 'opacity-60' : ''}`} data-testid={`${kind}-card`} data-id={item.id} aria-busy={deleting}>
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div className="min-w-0 flex-1">
					<h2 className="flex flex-wrap items-center gap-2 text-base leading-snug font-semibold">
						<span className="break-words">{heading}</span>
						<Badge variant={published ? 'default' : 'secondary'}>{t(published ? 'admin.published' : 'admin.draft')}</Badge>
						{badges}
						{item.titlePt === null || item.bodyUntranslated ? (
							<Badge variant="outline" data-testid="untranslated" className="border-amber-500/60 font-normal text-amber-800 dark:text-amber-300">
								{t('admin.translation.missing')}
							</Badge>
						) : null}
					</h2>
				</div>
				<label className="flex items-center gap-2 text-sm">
					<Switch
						checked={published}
						aria-label={t('admin.actions.publishLabel', { title: item.title })}
						onCheckedChange={(checked) => void toggle.submit({ intent: 'toggle', id: item.id, is_published: String(checked) }, { method: 'post' })}
					/>
					<span className="text-muted-foreground hidden sm:inline" aria-hidden>
						{t(published ? 'admin.published' : 'admin.draft')}
					</span>
				</label>
			</div>
			<div className="text-sm">{children}</div>
			<div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
				<Updated at={item.updatedAt} by={item.updatedByName} now={now} />
				<div className="flex flex-wrap items-center gap-1">
					{position ? (
						<>
							<Button
								variant="ghost"
								size="icon-sm"
								disabled={position.first || move.state !== 'idle'}
								aria-label={t('admin.actions.moveUpLabel', { title: item.title })}
								title={t('admin.actions.moveUp')}
								onClick={() => void move.submit({ intent: 'move-up', id: item.id }, { method: 'post' })}
							>
								<ArrowUp aria-hidden />
							</Button>
							<Button
								variant="ghost"
								size="icon-sm"
								disabled={position.last || move.state !== 'idle'}
								aria-label={t('admin.actions.moveDownLabel', { title: item.title })}
								title={t('admin.actions.moveDown')}
								onClick={() => void move.submit({ intent: 'move-down', id: item.id }, { method: 'post' })}
							>
								<ArrowDown aria-hidden />
							</Button>
						</>
					) : null}
					<Button variant="ghost" size="sm" onClick={() => setHistoryOpen(true)} aria-label={t('admin.actions.historyLabel', { title: item.title })}>
						<History aria-hidden />
						<span className="hidden sm:inline">{t('admin.actions.history')}</span>
					</Button>
					<Button variant="outline" size="sm" onClick={onEdit} aria-label={t('admin.actions.editLabel', { title: item.title })}>
						<Pencil aria-hidden />
						{t('admin.actions.edit')}
					</Button>
					<Button
						variant="outline"
						size="sm"
						className="text-destructive hover:text-destructive"
						onClick={() => setConfirming(true)}
						aria-label={t('admin.actions.deleteLabel', { title: item.title })}
					>
						<Trash2 aria-hidden />
						{t('admin.actions.delete')}
					</Button>
				</div>
			</div>
			<AlertDialog open={confirming} onOpenChange={(open) => (deleting ? null : setConfirming(open))}>
				<AlertDialogContent>
					<AlertDialogHeader>
						<AlertDialogTitle>{t(`admin.${s}.deleteTitle`, { title: item.title })}</AlertDialogTitle>
						<AlertDialogDescription>{t(`admin.${s}.deleteWarning`)}</AlertDialogDescription>
					</AlertDialogHeader>
					<AlertDialogFooter>
						<AlertDialogCancel disabled={deleting}>{t('admin.actions.cancel')}</AlertDialogCancel>
						<Button variant="destructive" disabled={deleting} onClick={() => void remove.submit({ intent: 'delete', id: item.id }, { method: 'post' })}>
							{deleting ? t('admin.actions.deleting') : t('admin.actions.delete')}
						</Button>
					</AlertDialogFooter>
				</AlertDialogContent>
			</AlertDialog>
			<HistorySheet kind={kind} id={item.id} title={item.title} open={historyOpen} onOpenChange={setHistoryOpen} now={now} />
		</Card>
	)
}

/** A label/value row of a card's details. */
export function Detail({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="flex min-w-0 gap-1.5">
			<dt className="text-muted-foreground shrink-0">{label}:</dt>
			<dd className="min-w-0 truncate">{children}</dd>
		</div>
	)
}

/** The details every content card repeats: slug, then duration and thumbnail when the item has them. */
export function SharedDetails({ slug, durationMinutes, thumbnailUrl }: { slug: string; durationMinutes?: number | null; thumbnailUrl?: string | null }) {
	const { t } = useTranslation()
	return (
		<>
			<Detail label={t('admin.fields.slug')}>
				<code>{slug}</code>
			</Detail>
			{durationMinutes != null ? <Detail label={t('admin.fields.durationShort')}>{t('admin.minutes', { count: durationMinutes })}</Detail> : null}
			{thumbnailUrl ? (
				<Detail label={t('admin.fields.thumbnailShort')}>
					<a href={thumbnailUrl} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline-offset-4 hover:underline">
						{t('admin.card.openThumbnail')}
					</a>
				</Detail>
			) : null}
		</>
	)
}

/** The create/edit dialog shell of the four content screens; `children` is the form. */
export function EditDialog({ open, onClose, width, children }: { open: boolean; onClose: () => void; width: string; children: React.ReactNode }) {
	return (
		<Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
			<DialogContent className={`max-h-[calc(100svh-2rem)] overflow-y-auto ${width}`}>{open ? children : null}</DialogContent>
		</Dialog>
	)
}
