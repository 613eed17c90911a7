// Loaded by the landing island on intent: React, the application form and its toasts, mounted into
// a root of their own (the page around them is plain server-rendered HTML).
// First: zod must not probe `new Function` under our CSP (see the module).
import '~/lib/zod-csp.ts'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import ApplicationFormDialog from '~/components/marketing/application-form-dialog'
import { Toaster } from '~/components/ui/sonner'
import type { ApplicationType } from '~/features/applications/types.ts'
import { createClientStore } from '~/features/i18n/client.ts'
import { I18nProvider, type I18nStore } from '~/features/i18n/react.tsx'

let root: Root | undefined
let store: Promise<I18nStore> | undefined

export async function openApplication(type: ApplicationType, opener: HTMLElement | null, onClosed: () => void) {
	// The language the page was rendered in (<html lang>), public strings only.
	const i18n = await (store ??= createClientStore())
	if (!root) {
		const container = document.createElement('div')
		container.id = 'application-root'
		document.body.append(container)
		root = createRoot(container)
	}
	const returnFocus = { current: opener }
	const render = (open: boolean) =>
		root?.render(
			<StrictMode>
				<I18nProvider store={i18n}>
					<ApplicationFormDialog
						type={type}
						open={open}
						returnFocus={returnFocus}
						onOpenChange={(next) => {
							render(next)
							if (!next) onClosed()
						}}
					/>
					<Toaster />
				</I18nProvider>
			</StrictMode>,
		)
	render(true)
}
