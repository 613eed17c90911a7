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

/**
 * The same for choices: a checkbox or radio clicked, or a native select changed, before hydration. The
 * element is put back as the server rendered it, then a real click (or a change event) makes the
 * learner's choice again, so React's onChange runs and its state follows what is on screen.
 */
export function adoptChosenInput(root: ParentNode = document) {
	for (const box of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
		if (box.disabled || box.checked === box.defaultChecked) continue
		// In a radio group the one now checked carries the choice; the one unchecked follows it.
		if (box.type === 'radio' && !box.checked) continue
		box.checked = box.defaultChecked
		box.click()
	}
	for (const select of root.querySelectorAll<HTMLSelectElement>('select')) {
		if (select.disabled || select.multiple) continue
		const rendered = [...select.options].find((o) => o.defaultSelected) ?? select.options[0]
		if (!rendered || select.value === rendered.value) continue
		const chosen = select.value
		const setNative = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set
		if (!setNative) continue
		select.value = rendered.value
		setNative.call(select, chosen)
		select.dispatchEvent(new Event('change', { bubbles: true }))
	}
}
