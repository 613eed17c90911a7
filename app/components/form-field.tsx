import { useId } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** The visible mark of a required field; the control itself carries `aria-required` for screen readers. */
export function RequiredMark() {
	return (
		<span aria-hidden className="text-destructive">
			*
		</span>
	)
}

/**
 * A labelled input whose error (an i18n key) is announced and tied to the field. `hint` is a short line tied
 * to it too; `markRequired` shows the required mark (a legend on the form explains it).
 * The rows keep their height in a taller grid cell, so inputs side by side stay on one line.
 */
export function FormField({
	label,
	error,
	hint,
	markRequired,
	...input
}: { label: string; error?: string; hint?: string; markRequired?: boolean } & React.ComponentProps<'input'>) {
	const { t } = useTranslation()
	const id = useId()
	const errorId = `${id}-error`
	const hintId = `${id}-hint`
	const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
	return (
		<div className="grid content-start gap-1.5">
			<Label htmlFor={id}>
				{label}
				{markRequired ? <RequiredMark /> : null}
			</Label>
			<Input
				id={id}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy}
				{...(markRequired ? { required: true, 'aria-required': true } : {})}
				{...input}
			/>
			{hint ? (
				<p id={hintId} className="text-muted-foreground text-xs">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={errorId} className="text-destructive text-sm" role="alert">
					{t(error)}
				</p>
			) : null}
		</div>
	)
}

export function FormMessage({ error, success }: { error?: string; success?: string }) {
	const { t } = useTranslation()
	if (error)
		return (
			<p role="alert" className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
				{t(error)}
			</p>
		)
	if (success)
		return (
			<p role="status" className="rounded-md border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-800 dark:text-emerald-300">
				{t(success)}
			</p>
		)
	return null
}
