// Loaded by the sign-in island when 'Continue with Ethereum' is clicked: the wallet picker and the
// SIWE sign-in (app/features/wallet), mounted in a React root of their own.
// First: zod must not probe `new Function` under our CSP (see the module).
import '~/lib/zod-csp.ts'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { Toaster } from '~/components/ui/sonner'
import { createClientStore, ensureAllMessages } from '~/features/i18n/client.ts'
import { I18nProvider, type I18nStore } from '~/features/i18n/react.tsx'
import type { RpcUrls } from '~/features/wallet/chains.ts'

let root: Root | undefined
let store: Promise<I18nStore> | undefined

async function i18n() {
	const s = await createClientStore()
	// The wallet's strings live in the signed-in sections.
	await ensureAllMessages()
	return s
}

export async function openWalletSignIn(button: HTMLElement) {
	const [{ WalletSignIn }, messages] = await Promise.all([import('~/features/wallet/client/wallet-app.tsx'), (store ??= i18n())])
	const rpcUrls = JSON.parse(button.dataset.rpcUrls ?? 'null') as RpcUrls | null
	if (!rpcUrls) throw new Error('no RPC URLs on the wallet button')
	if (!root) {
		const container = document.createElement('div')
		container.id = 'wallet-root'
		document.body.append(container)
		root = createRoot(container)
	}
	const redirectTo = button.dataset.redirectTo || null
	// One tree, open or closed, so the toaster (and any toast on screen) survives closing the dialog.
	const render = (open: boolean) =>
		root?.render(
			<StrictMode>
				<I18nProvider store={messages}>
					{open ? (
						<WalletSignIn
							rpcUrls={rpcUrls}
							redirectTo={redirectTo}
							onClose={() => {
								render(false)
								button.focus()
							}}
						/>
					) : null}
					<Toaster />
				</I18nProvider>
			</StrictMode>,
		)
	render(true)
}
