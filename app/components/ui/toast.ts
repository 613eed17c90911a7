import type { ExternalToast } from 'sonner'
import { wantToaster } from './toaster-state.ts'

// sonner loads with the first toast or interaction, not with the page (app/components/ui/lazy-toaster.tsx).
function sonner() {
	wantToaster()
	return import('sonner').then((m) => m.toast)
}

/**
 * sonner's toasts keyed by their text: the same message shown again (two lessons created in a row, a
 * second click on Save with the same error) refreshes the toast on screen instead of stacking a copy.
 */
export const toast = {
	success: (message: string, data?: ExternalToast) => void sonner().then((t) => t.success(message, { id: message, ...data })),
	error: (message: string, data?: ExternalToast) => void sonner().then((t) => t.error(message, { id: message, ...data })),
}
