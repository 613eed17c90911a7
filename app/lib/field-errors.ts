import type { z } from 'zod'

/**
 * The failure shape every refused action and API call answers (CONVENTIONS.md, "The error reply"), and the
 * one helper that turns a zod error into its `fields`. Kept apart from `forms.server.ts` because forms
 * validate in the browser too (admin editors, the application dialog) with the same messages.
 */

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>
export type Failure<K extends string = string> = { ok: false; error: string; fields?: FieldErrors<K> }

/**
 * The first message per field (an i18n key), keyed by the field's top-level name ('form' for the whole
 * object). `keyOf` picks another key from an issue's path, for forms whose fields sit in nested objects.
 */
export function fieldErrors<K extends string = string>(error: z.ZodError, keyOf: (path: readonly PropertyKey[]) => string = topLevel): FieldErrors<K> {
	const out: Record<string, string> = {}
	for (const issue of error.issues) out[keyOf(issue.path)] ??= issue.message
	return out as FieldErrors<K>
}

function topLevel(path: readonly PropertyKey[]) {
	return String(path[0] ?? 'form')
}

/**
 * The message a form shows above its fields: none when a field is at fault (that field shows its own,
 * and the summary would say the same thing twice).
 */
export function formLevelError(reply: { ok?: boolean; error?: string; fields?: FieldErrors } | null | undefined): string | undefined {
	if (!reply || reply.ok !== false) return undefined
	return reply.fields && Object.keys(reply.fields).length ? undefined : reply.error
}
