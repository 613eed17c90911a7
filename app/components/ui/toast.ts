import type { ExternalToast } from 'sonner'
import { wantToaster } from './toaster-state.ts'

// sonner loads with the first toast or interaction, not with the page (app/components/ui/lazy-toaster.tsx).
function sonner() {
	wantToaster()
	return import('sonner').then((m) => m.toast)
}

type Toast = Awaited<ReturnType<typeof sonner>>

/**
 * One toast at a time (spec sections 2 and 8: the toast limit is 1 and a new toast replaces the older):
 * every other toast on screen is dismissed as the new one comes. Toasts are keyed by their text, so the
 * same message shown again (a second click on Save with the same error) refreshes the toast in place.
 */
function show(kind: 'success' | 'error', message: string, data?: ExternalToast) {
	void sonner().then((t: Toast) => {
		const id = data?.id ?? message
		for (const other of t.getToasts()) if (other.id !== id) t.dismiss(other.id)
		t[kind](message, { id, ...data })
	})
}

export const toast = {
	success: (message: string, data?: ExternalToast) => show('success', message, data),
	error: (message: string, data?: ExternalToast) => show('error', message, data),
}
