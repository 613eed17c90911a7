// Whether the page has asked for sonner's Toaster yet (app/components/ui/lazy-toaster.tsx): a toast or the
// visitor's first interaction asks for it. Kept apart so that toast.ts pulls in no React component.
let wanted = false
const listeners = new Set<() => void>()

export function wantToaster() {
	if (wanted) return
	wanted = true
	for (const listener of listeners) listener()
}

export const toasterWanted = () => wanted

export function onToasterWanted(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}
