import { TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useBlocker } from 'react-router'
import {
	AlertDialog,
	AlertDialogAction,
	AlertDialogCancel,
	AlertDialogContent,
	AlertDialogDescription,
	AlertDialogFooter,
	AlertDialogHeader,
	AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'

/** The yellow banner shown while the form differs from what is saved. */
export function UnsavedBanner({ onDiscard }: { onDiscard: () => void }) {
	const { t } = useTranslation()
	return (
		<div
			role="status"
			data-testid="unsaved-banner"
			className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-yellow-400 bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:border-yellow-600/60 dark:bg-yellow-950/40 dark:text-yellow-200"
		>
			<span className="flex items-center gap-2">
				<TriangleAlert className="size-4 shrink-0" aria-hidden />
				{t('profile.unsaved')}
			</span>
			<Button type="button" variant="ghost" size="sm" className="h-7" onClick={onDiscard}>
				{t('profile.discard')}
			</Button>
		</div>
	)
}

/** Asks before leaving with unsaved changes: in-app navigation (a dialog) and closing or reloading the tab. */
export function LeaveGuard({ when }: { when: boolean }) {
	const { t } = useTranslation()
	const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname)
	// Closing the dialog also fires onOpenChange; after 'Leave' that must not cancel the navigation.
	const leaving = useRef(false)
	const stay = () => {
		if (!leaving.current && blocker.state === 'blocked') blocker.reset()
	}
	const leave = () => {
		leaving.current = true
		if (blocker.state === 'blocked') blocker.proceed()
	}
	useEffect(() => {
		if (blocker.state === 'blocked') leaving.current = false
	}, [blocker.state])

	useEffect(() => {
		if (!when) return
		const onBeforeUnload = (e: BeforeUnloadEvent) => {
			e.preventDefault()
			// Older browsers need returnValue set to show their own prompt.
			e.returnValue = ''
		}
		window.addEventListener('beforeunload', onBeforeUnload)
		return () => window.removeEventListener('beforeunload', onBeforeUnload)
	}, [when])

	// Saving (or discarding) while the dialog is open lets the pending navigation go on.
	useEffect(() => {
		if (blocker.state === 'blocked' && !when) blocker.proceed()
	}, [blocker, when])

	return (
		<AlertDialog open={blocker.state === 'blocked'} onOpenChange={(open) => (open ? undefined : stay())}>
			<AlertDialogContent>
				<AlertDialogHeader>
					<AlertDialogTitle>{t('profile.leave.title')}</AlertDialogTitle>
					<AlertDialogDescription>{t('profile.leave.body')}</AlertDialogDescription>
				</AlertDialogHeader>
				<AlertDialogFooter>
					<AlertDialogCancel onClick={stay}>{t('profile.leave.stay')}</AlertDialogCancel>
					<AlertDialogAction onClick={leave}>{t('profile.leave.confirm')}</AlertDialogAction>
				</AlertDialogFooter>
			</AlertDialogContent>
		</AlertDialog>
	)
}
