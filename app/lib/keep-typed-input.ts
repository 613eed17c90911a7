/**
 * Nothing typed is lost while a page loads (issue 19, point 12). Text typed into a server-rendered field
 * before React hydrates stays in the DOM (React does not overwrite a value while hydrating), but a
 * controlled field's state still holds the server's value: the next render put that back, and a save sent
 * it. So, once the page has hydrated, every text field whose value differs from what the server rendered
 * (its defaultValue, which React sets to the rendered value) is announced to React as if typed now: its
 * onChange runs and the state takes the text on screen.
 */
const textTypes = new Set(['', 'text', 'search', 'email', 'url', 'tel', 'number', 'password'])

export function adoptTypedInput(root: ParentNode = document) {
	for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
		if (field instanceof HTMLInputElement && !textTypes.has(field.getAttribute('type') ?? '')) continue
		if (field.readOnly || field.disabled) continue
		const typed = field.value
		if (typed === field.defaultValue) continue
		const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
		const setNative = Object.getOwnPropertyDescriptor(proto, 'value')?.set
		if (!setNative) continue
		// React notices a change only against the value it last saw: let it see the rendered one first
		// (through its own tracker on the element), then write the typed text past it and fire 'input'.
		field.value = field.defaultValue
		setNative.call(field, typed)
		field.dispatchEvent(new Event('input', { bubbles: true }))
	}
}
