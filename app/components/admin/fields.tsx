import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Switch } from '~/components/ui/switch'
import { errorText } from '~/features/admin/schemas.ts'
import { cn } from '~/lib/utils'

/** aria-describedby for a control: its error when there is one, else its hint. */
export function describedBy(id: string, error?: string, hint?: unknown) {
	return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}

/** A labelled control with its hint and its (i18n key) error, announced and tied to the control. */
export function Field({
	id,
	label,
	error,
	hint,
	children,
	className,
}: {
	id: string
	label: string
	error?: string
	hint?: React.ReactNode
	children: React.ReactNode
	className?: string
}) {
	const { t } = useTranslation()
	return (
		<div className={`grid content-start gap-1.5 ${className ?? ''}`}>
			<Label htmlFor={id}>{label}</Label>
			{children}
			{hint && !error ? (
				<div id={`${id}-hint`} className="text-muted-foreground text-xs">
					{hint}
				</div>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="text-destructive text-sm" role="alert">
					{errorText(t, error)}
				</p>
			) : null}
		</div>
	)
}

/** A labelled text or number input bound to one form value. */
export function InputField({
	id,
	label,
	error,
	hint,
	value,
	onChange,
	className,
	...input
}: {
	id: string
	label: string
	error?: string
	hint?: React.ReactNode
	value: string
	onChange: (value: string) => void
} & Omit<React.ComponentProps<'input'>, 'value' | 'onChange' | 'id'>) {
	return (
		<Field id={id} label={label} error={error} hint={hint} className={className}>
			<Input
				id={id}
				value={value}
				onChange={(e) => onChange(e.target.value)}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, error, hint)}
				{...input}
			/>
		</Field>
	)
}

export type OptionGroup = { label?: string; options: { value: string; label: string }[] }

/** A select whose options may be grouped (courses under their path, modules under their course). */
export function SelectField({
	id,
	label,
	value,
	onChange,
	groups,
	placeholder,
	error,
	disabled,
}: {
	id: string
	label: string
	value: string
	onChange: (value: string) => void
	groups: OptionGroup[]
	placeholder: string
	error?: string
	disabled?: boolean
}) {
	return (
		<Field id={id} label={label} error={error}>
			<Select value={value || undefined} onValueChange={onChange} disabled={disabled}>
				<SelectTrigger id={id} className="w-full" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error)}>
					<SelectValue placeholder={placeholder} />
				</SelectTrigger>
				<SelectContent position="popper" className="max-h-72">
					{groups.map((g, i) =>
						g.label ? (
							<SelectGroup key={`${g.label}-${i}`}>
								<SelectLabel className="text-muted-foreground px-2 py-1.5 text-xs">{g.label}</SelectLabel>
								{g.options.map((o) => (
									<SelectItem key={o.value} value={o.value}>
										{o.label}
									</SelectItem>
								))}
							</SelectGroup>
						) : (
							g.options.map((o) => (
								<SelectItem key={o.value} value={o.value}>
									{o.label}
								</SelectItem>
							))
						),
					)}
				</SelectContent>
			</Select>
		</Field>
	)
}

/**
 * A native select with `<optgroup>`s: long, grouped lists (a module under its course) read and search better
 * in the browser's own picker, on a phone too. `hint` is shown under it (where the chosen item sits).
 */
export function NativeSelectField({
	id,
	label,
	value,
	onChange,
	groups,
	placeholder,
	error,
	hint,
	disabled,
}: {
	id: string
	label: string
	value: string
	onChange: (value: string) => void
	groups: OptionGroup[]
	placeholder: string
	error?: string
	hint?: React.ReactNode
	disabled?: boolean
}) {
	return (
		<Field id={id} label={label} error={error} hint={hint}>
			<select
				id={id}
				value={value}
				onChange={(e) => onChange(e.target.value)}
				disabled={disabled}
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy(id, error, hint)}
				className={cn(
					'border-input dark:bg-input/30 h-9 w-full min-w-0 rounded-md border bg-transparent px-3 py-1 text-base shadow-xs outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
					'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]',
					'aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40',
					'[&_optgroup]:bg-popover [&_option]:bg-popover [&_option]:text-popover-foreground',
				)}
			>
				<option value="" disabled>
					{placeholder}
				</option>
				{groups.map((g, i) =>
					g.label ? (
						<optgroup key={`${g.label}-${i}`} label={g.label}>
							{g.options.map((o) => (
								<option key={o.value} value={o.value}>
									{o.label}
								</option>
							))}
						</optgroup>
					) : (
						g.options.map((o) => (
							<option key={o.value} value={o.value}>
								{o.label}
							</option>
						))
					),
				)}
			</select>
		</Field>
	)
}

export function SwitchField({
	id,
	label,
	checked,
	onChange,
	hint,
}: {
	id: string
	label: string
	checked: boolean
	onChange: (checked: boolean) => void
	hint?: string
}) {
	return (
		<div className="grid gap-1.5">
			<div className="flex items-center gap-3">
				<Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
				<Label htmlFor={id}>{label}</Label>
			</div>
			{hint ? (
				<p id={`${id}-hint`} className="text-muted-foreground text-xs" data-testid="publish-hint">
					{hint}
				</p>
			) : null}
		</div>
	)
}

/**
 * The publish switch of the four content forms, worded for the item's saved state: 'Publish immediately' for
 * a new item, 'Publish now' for a saved draft, 'Published' for a published one; the hint says what saving
 * will change.
 */
export function PublishSwitch({ id, saved, checked, onChange }: { id: string; saved: boolean | null; checked: boolean; onChange: (checked: boolean) => void }) {
	const { t } = useTranslation()
	const label = saved === null ? t('admin.fields.publish') : t(saved ? 'admin.publish.published' : 'admin.publish.publishNow')
	const hint =
		saved === null
			? undefined
			: saved
				? t(checked ? 'admin.publish.live' : 'admin.publish.willUnpublish')
				: t(checked ? 'admin.publish.willPublish' : 'admin.publish.draft')
	return <SwitchField id={id} label={label} checked={checked} onChange={onChange} hint={hint} />
}
