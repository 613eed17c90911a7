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
 * Except while that toast is leaving: sonner gives a timed-out toast 200 ms to slide away, and an update in
 * that window left with it, so the message was lost (seen: 'Lesson created' twice, four seconds apart). A
 * message whose toast is leaving is shown once it has gone.
 */
const leaving = new Set<string>()
// The id each message's toast has now: a message shown again after its toast left gets a new one.
const current = new Map<string, string>()
let generation = 0
const GONE_MS = 250

function show(kind: 'success' | 'error', message: string, data?: ExternalToast) {
	void sonner().then((t: Toast) => {
		const key = String(data?.id ?? message)
		const put = (id: string) => {
			for (const other of t.getToasts()) if (other.id !== id) t.dismiss(other.id)
			t[kind](message, {
				...data,
				id,
				onAutoClose: (closed) => {
					leaving.add(id)
					setTimeout(() => leaving.delete(id), GONE_MS)
					data?.onAutoClose?.(closed)
				},
			})
		}
		const id = current.get(key) ?? key
		if (!leaving.has(id)) return put(id)
		// A brand-new toast once the leaving one has gone: sonner cannot mistake it for an update of it.
		const next = `${key}#${++generation}`
		current.set(key, next)
		setTimeout(() => put(next), GONE_MS)
	})
}

export const toast = {
	success: (message: string, data?: ExternalToast) => show('success', message, data),
	error: (message: string, data?: ExternalToast) => show('error', message, data),
}
