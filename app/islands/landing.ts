// The landings' only script (docs/decisions/0006): the pages are server-rendered HTML and CSS, and
// this island adds what needs a browser. It must stay tiny: everything heavy (React, the form, zod)
// loads from ./application-dialog.tsx on the first sign of intent.
import { isApplicationType, type ApplicationType } from '~/features/applications/types.ts'
import type * as DialogIsland from './application-dialog.tsx'

let dialog: Promise<typeof DialogIsland> | undefined
const loadDialog = () => (dialog ??= import('./application-dialog.tsx'))

const applyLink = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-apply]') : null)

/** Drops `?apply=` once the modal closes, so a reload or a shared link does not reopen it. */
function forgetApplyParam() {
	const url = new URL(location.href)
	if (!url.searchParams.has('apply')) return
	url.searchParams.delete('apply')
	history.replaceState(history.state, '', url)
}

async function openApplication(type: ApplicationType, opener: HTMLElement | null) {
	// The server renders this overlay hidden: it shows while the modal's code arrives.
	const loading = document.getElementById('application-loading')
	const slow = setTimeout(() => loading?.removeAttribute('hidden'), 150)
	try {
		const m = await loadDialog()
		await m.openApplication(type, opener, forgetApplyParam)
	} catch (error) {
		// Offline or a stale deploy: let the next click try again.
		dialog = undefined
		console.warn('application modal failed to load', error)
	} finally {
		clearTimeout(slow)
		loading?.setAttribute('hidden', '')
	}
}

function enhanceCallsToAction() {
	document.addEventListener('click', (event) => {
		const link = applyLink(event.target)
		if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const type = link.dataset.apply
		if (!isApplicationType(type)) return
		event.preventDefault()
		void openApplication(type, link)
	})
	// Start downloading on intent, so the modal is usually ready by the time the click lands.
	for (const name of ['pointerover', 'focusin', 'touchstart'] as const) {
		document.addEventListener(name, (event) => void (applyLink(event.target) && loadDialog()), { passive: true })
	}
	// A call to action followed before this script ran, or a shared link, lands on `?apply=<type>`.
	const fromUrl = new URLSearchParams(location.search).get('apply')
	if (isApplicationType(fromUrl)) void openApplication(fromUrl, null)
}

/** The code showcase: the step crossing the middle of the viewport lights up its lines. */
function enhanceShowcase() {
	const showcase = document.querySelector<HTMLElement>('[data-showcase]')
	if (!showcase) return
	const steps = [...showcase.querySelectorAll<HTMLElement>('[data-step]')]
	const lines = [...showcase.querySelectorAll<HTMLElement>('[data-line]')]
	const activate = (step: HTMLElement) => {
		for (const s of steps) {
			if (s === step) s.setAttribute('aria-current', 'step')
			else s.removeAttribute('aria-current')
		}
		const from = Number(step.dataset.from)
		const to = Number(step.dataset.to)
		for (const line of lines) {
			const n = Number(line.dataset.line)
			line.dataset.lit = String(n >= from && n <= to)
		}
	}
	const observer = new IntersectionObserver(
		(entries) => {
			for (const e of entries) if (e.isIntersecting) activate(e.target as HTMLElement)
		},
		{ rootMargin: '-45% 0px -45% 0px' },
	)
	for (const s of steps) observer.observe(s)
}

enhanceCallsToAction()
enhanceShowcase()
// End-to-end tests wait for this mark before clicking, as on hydrated pages.
document.documentElement.dataset.hydrated = 'true'
