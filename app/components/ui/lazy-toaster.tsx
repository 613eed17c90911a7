import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { Theme } from '~/features/theme/config.ts'
import { onToasterWanted, toasterWanted, wantToaster } from './toaster-state.ts'

// sonner and its Toaster in a chunk of their own (issue 9): no page needs them to render, and they were a
// sixth of the JavaScript every signed-in page loaded before it could. The Toaster mounts at the visitor's
// first interaction (a toast answers an action, so its live region is on the page before the answer comes
// back and screen readers announce it), or at the first toast if one comes sooner (sonner shows the toasts
// made before it mounted). Not server-rendered: an empty region, its absence moves nothing on screen.
const Toaster = lazy(() => import('./sonner').then((m) => ({ default: m.Toaster })))
const firstInteraction = ['pointerdown', 'keydown', 'focusin'] as const

export function LazyToaster() {
	const show = useSyncExternalStore(onToasterWanted, toasterWanted, () => false)
	// Colours come from the tokens; sonner's own theme still picks its light or dark details (close button, rich colours).
	const theme = useRouteLoaderData<{ theme?: Theme }>('root')?.theme ?? 'system'
	useEffect(() => {
		if (toasterWanted()) return
		for (const type of firstInteraction) window.addEventListener(type, wantToaster, { capture: true, passive: true })
		return () => {
			for (const type of firstInteraction) window.removeEventListener(type, wantToaster, { capture: true })
		}
	}, [])
	return show ? (
		<Suspense fallback={null}>
			<Toaster theme={theme} />
		</Suspense>
	) : null
}
