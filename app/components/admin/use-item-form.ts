import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import type { z } from 'zod'
import { errorText } from '~/features/admin/schemas.ts'
import { fieldErrors, type FieldErrors } from '~/lib/field-errors.ts'
import type { ActionResult } from '~/features/admin/types.ts'
import { slugify } from '~/lib/slug.ts'

type Messages = { created: string; updated: string; failed: string }

/**
 * State and submission of a create/edit dialog: validates with the shared schema before sending,
 * fills the slug from the title until it is edited by hand (or the item already exists), and
 * turns the action's answer into toasts and field errors.
 */
export function useItemForm(opts: { schema: z.ZodType; initial: Record<string, string>; id?: string; messages: Messages; onDone: () => void }) {
	const { t } = useTranslation()
	const fetcher = useFetcher<ActionResult>()
	const [values, setValues] = useState(opts.initial)
	const [errors, setErrors] = useState<FieldErrors>({})
	const [slugEdited, setSlugEdited] = useState(Boolean(opts.id))
	const handled = useRef<ActionResult | undefined>(undefined)
	const { messages, onDone, id } = opts

	const set = (name: string) => (value: string) => {
		setValues((v) => {
			const next = { ...v, [name]: value }
			if (name === 'title' && !slugEdited) next.slug = slugify(value)
			return next
		})
		setErrors((e) => ({ ...e, [name]: undefined, ...(name === 'title' && !slugEdited ? { slug: undefined } : {}) }))
		if (name === 'slug') setSlugEdited(true)
	}

	/** Set several fields at once (a new parent also moves the default order to its end). */
	const patch = (next: Record<string, string>) => {
		setValues((v) => ({ ...v, ...next }))
		setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(next).map((k) => [k, undefined])) }))
	}

	const submit = (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const form = event.currentTarget
		const parsed = opts.schema.safeParse(values)
		if (!parsed.success) {
			setErrors(fieldErrors(parsed.error))
			// Let React paint the messages, then take the keyboard to the first wrong field.
			requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
			return
		}
		void fetcher.submit({ ...values, intent: id ? 'update' : 'create', ...(id ? { id } : {}) }, { method: 'post' })
	}

	// Answered once the page's data has been read again ('idle', not 'loading'): the list behind the dialog
	// then shows the new item, and the next 'New' dialog suggests the order after it (opened during the
	// reload, it suggested the same order twice).
	useEffect(() => {
		const data = fetcher.data
		if (fetcher.state !== 'idle' || !data || handled.current === data) return
		handled.current = data
		if (data.ok) {
			toast.success(t(id ? messages.updated : messages.created))
			onDone()
			return
		}
		setErrors(data.fields ?? {})
		toast.error(errorText(t, data.error || messages.failed))
	}, [fetcher.state, fetcher.data, t, id, messages, onDone])

	return { values, set, patch, errors, submit, busy: fetcher.state !== 'idle' }
}
