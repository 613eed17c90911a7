import { useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'

type Shown = { text: string; top: number; left: number }

/**
 * The label beside an element that carries `data-hint` (a collapsed sidebar's items, "coming soon"), while the
 * pointer is on it or it has keyboard focus. One for the page, listening at the document, where there used to
 * be a Radix tooltip per element: some 25 components each, on every signed-in render on the server and again
 * in the browser, to show nothing until hovered (docs/decisions/0014). Shown to the element's right, as the
 * sidebar's tooltips were; the element is described by it (`aria-describedby`) while it shows.
 */
export function Hints() {
	const id = useId()
	const [shown, setShown] = useState<Shown | null>(null)

	useEffect(() => {
		let current: HTMLElement | null = null
		const hide = () => {
			if (!current) return
			current.removeAttribute('aria-describedby')
			current = null
			setShown(null)
		}
		const show = (target: EventTarget | null) => {
			const el = target instanceof Element ? target.closest<HTMLElement>('[data-hint]') : null
			if (el === current) return
			hide()
			const text = el?.dataset.hint
			if (!el || !text) return
			const box = el.getBoundingClientRect()
			current = el
			el.setAttribute('aria-describedby', id)
			setShown({ text, top: box.top + box.height / 2, left: box.right + 8 })
		}
		const leave = (e: PointerEvent | FocusEvent) => {
			if (current && !(e.relatedTarget instanceof Node && current.contains(e.relatedTarget))) hide()
		}
		const onPointerOver = (e: PointerEvent) => show(e.target)
		// Keyboard focus only: a click focuses a link too, and the pointer's own hint is already there.
		const onFocusIn = (e: FocusEvent) => {
			if (e.target instanceof Element && e.target.matches(':focus-visible')) show(e.target)
		}
		const onKeyDown = (e: KeyboardEvent) => {
			if (e.key === 'Escape') hide()
		}
		const listeners = [
			['pointerover', onPointerOver],
			['pointerout', leave],
			['pointerdown', hide],
			['focusin', onFocusIn],
			['focusout', leave],
			['keydown', onKeyDown],
		] as const
		for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener)
		// A hint stays beside its element: scrolling anything moves the element, so the hint goes.
		window.addEventListener('scroll', hide, true)
		return () => {
			for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener)
			window.removeEventListener('scroll', hide, true)
			hide()
		}
	}, [id])

	if (!shown) return null
	return createPortal(
		<div
			role="tooltip"
			id={id}
			data-slot="hint"
			style={{ top: shown.top, left: shown.left }}
			className="bg-foreground text-background animate-in fade-in-0 zoom-in-95 pointer-events-none fixed z-50 w-fit max-w-xs -translate-y-1/2 rounded-md px-3 py-1.5 text-xs text-balance"
		>
			<span aria-hidden className="bg-foreground absolute top-1/2 -left-1 size-2.5 -translate-y-1/2 rotate-45 rounded-[2px]" />
			<span className="relative">{shown.text}</span>
		</div>,
		document.body,
	)
}
