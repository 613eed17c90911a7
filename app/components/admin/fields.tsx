import { useTranslation } from '~/features/i18n/react.tsx'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Switch } from '~/components/ui/switch'
import { errorText } from '~/features/admin/schemas.ts'

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

export function SwitchField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
	return (
		<div className="flex items-center gap-3">
			<Switch id={id} checked={checked} onCheckedChange={onChange} />
			<Label htmlFor={id}>{label}</Label>
		</div>
	)
}
