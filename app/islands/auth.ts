// The sign-in pages' only script (docs/decisions/0006). Their forms post natively and the server
// answers with the page (errors included) or a redirect; this island adds the busy labels, blocks a
// second submit, loads the wallet sign-in (React, wagmi, viem) when its button is clicked, and gives the
// 'Authentication Error' screen's 'Reset & Go Home' its reset (app/components/auth-error-screen.tsx).
import { resetAndGoHome } from '~/lib/reset-client.ts'
import type * as WalletIsland from './wallet-sign-in.tsx'

let wallet: Promise<typeof WalletIsland> | undefined
const loadWallet = () => (wallet ??= import('./wallet-sign-in.tsx'))

type Busy = { button: HTMLButtonElement; label: string }
const busy: Busy[] = []

document.addEventListener('submit', (event) => {
	const form = event.target
	if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return
	if (form.dataset.submitting) {
		event.preventDefault()
		return
	}
	form.dataset.submitting = 'true'
	// Not `disabled`: a disabled submitter would drop its name=value (the OAuth provider) from the post.
	const button = event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector<HTMLButtonElement>('button[type="submit"]')
	const label = button?.dataset.busyLabel
	if (button && label) {
		busy.push({ button, label: button.innerHTML })
		button.setAttribute('aria-disabled', 'true')
		button.textContent = label
	}
})

// Back from the next page (bfcache): the forms are usable again.
window.addEventListener('pageshow', (event) => {
	if (!event.persisted) return
	for (const { button, label } of busy.splice(0)) {
		button.innerHTML = label
		button.removeAttribute('aria-disabled')
	}
	for (const form of document.querySelectorAll<HTMLFormElement>('form[data-submitting]')) delete form.dataset.submitting
})

document.addEventListener('click', (event) => {
	const reset = event.target instanceof Element ? event.target.closest('a[data-error-action="reset"]') : null
	if (!reset) return
	event.preventDefault()
	resetAndGoHome()
})

document.addEventListener('click', (event) => {
	const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-wallet-sign-in]') : null
	if (!button || button.getAttribute('aria-disabled') === 'true') return
	const idle = button.innerHTML
	button.setAttribute('aria-disabled', 'true')
	button.textContent = button.dataset.loadingLabel ?? ''
	loadWallet()
		.then((m) => m.openWalletSignIn(button))
		.catch((error: unknown) => {
			wallet = undefined
			console.warn('wallet sign-in failed to load', error)
			document.getElementById('wallet-unavailable')?.removeAttribute('hidden')
		})
		.finally(() => {
			button.innerHTML = idle
			button.removeAttribute('aria-disabled')
		})
})

document.documentElement.dataset.hydrated = 'true'
