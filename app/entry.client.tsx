import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { createClientStore } from '~/features/i18n/client.ts'
import { I18nProvider } from '~/features/i18n/react.tsx'

async function main() {
	// The server rendered <html lang>; load only that language (and only this area's strings) before hydrating.
	const store = await createClientStore()
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<I18nProvider store={store}>
					<HydratedRouter />
				</I18nProvider>
			</StrictMode>,
		)
	})
}

void main()
