import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { toast } from '~/components/ui/toast'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Textarea } from '~/components/ui/textarea'
import {
	applicationSchema,
	experienceLevels,
	fieldsByType,
	HONEYPOT_FIELD,
	investmentAmounts,
	limitsOf,
	timelines,
	type ApplicationType,
} from '~/features/applications/schemas.ts'
import { fieldErrors, type FieldErrors } from '~/lib/field-errors.ts'

export type ApplicationFormDialogProps = {
	type: ApplicationType
	open: boolean
	onOpenChange: (open: boolean) => void
	/** Focus returns here on close (Radix would aim at a DialogTrigger, and there is none). */
	returnFocus?: React.RefObject<HTMLElement | null>
}

/** The application modal (spec §2 "Application modal", §5): loaded lazily by ApplyButton. */
export default function ApplicationFormDialog({ type, open, onOpenChange, returnFocus }: ApplicationFormDialogProps) {
	const { t } = useTranslation()
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent
				className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg"
				data-testid="application-modal"
				onCloseAutoFocus={(e) => {
					const el = returnFocus?.current
					if (el?.isConnected) {
						e.preventDefault()
						el.focus()
					}
				}}
			>
				<DialogHeader>
					<DialogTitle>{t(`applications.modal.title.${type}`)}</DialogTitle>
					<DialogDescription>{t(`applications.modal.description.${type}`)}</DialogDescription>
				</DialogHeader>
				{/* Remount per type so a company form never keeps a professional's answers. */}
				<ApplicationForm key={type} type={type} onDone={() => onOpenChange(false)} />
			</DialogContent>
		</Dialog>
	)
}

function ApplicationForm({ type, onDone }: { type: ApplicationType; onDone: () => void }) {
	const { t } = useTranslation()
	const formRef = useRef<HTMLFormElement>(null)
	const [errors, setErrors] = useState<FieldErrors>({})
	const [formError, setFormError] = useState<string>()
	const [busy, setBusy] = useState(false)
	const [choices, setChoices] = useState<Record<string, string>>({})
	const shows = new Set<string>(fieldsByType[type])

	// After a refused submit, move focus to the first field that needs attention.
	useEffect(() => {
		if (Object.keys(errors).length === 0) return
		formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
	}, [errors])

	function clearError(name: string) {
		if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest)
	}

	async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		const data = new FormData(event.currentTarget)
		const parsed = applicationSchema.safeParse(Object.fromEntries(data))
		if (!parsed.success) {
			setFormError(undefined)
			setErrors(fieldErrors(parsed.error))
			return
		}
		setBusy(true)
		setFormError(undefined)
		try {
			const res = await fetch('/resources/applications', { method: 'POST', body: data, headers: { Accept: 'application/json' } })
			const body = (await res.json().catch(() => ({}))) as { ok?: boolean; error?: string; message?: string; fields?: FieldErrors }
			if (res.ok && body.ok) {
				toast.success(t('applications.modal.success'))
				formRef.current?.reset()
				onDone()
				return
			}
			if (body.fields && Object.keys(body.fields).length) setErrors(body.fields)
			setFormError(body.error ?? 'applications.errors.failed')
		} catch {
			setFormError('applications.errors.failed')
		} finally {
			setBusy(false)
		}
	}

	return (
		<form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy}>
			<input type="hidden" name="type" value={type} />
			{formError ? (
				<p role="alert" className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm">
					{t(formError)}
				</p>
			) : null}
			<Field label={t('applications.modal.fields.name')} error={errors.name}>
				{(props) => (
					<Input
						{...props}
						name="name"
						autoComplete="name"
						maxLength={limitsOf.name}
						placeholder={t('applications.modal.placeholders.name')}
						onChange={() => clearError('name')}
					/>
				)}
			</Field>
			<Field label={t('applications.modal.fields.email')} error={errors.email}>
				{(props) => (
					<Input
						{...props}
						name="email"
						type="email"
						autoComplete="email"
						inputMode="email"
						maxLength={limitsOf.email}
						placeholder={t('applications.modal.placeholders.email')}
						onChange={() => clearError('email')}
					/>
				)}
			</Field>
			{shows.has('company') ? (
				<Field label={t('applications.modal.fields.company')} error={errors.company}>
					{(props) => (
						<Input
							{...props}
							name="company"
							autoComplete="organization"
							maxLength={limitsOf.company}
							placeholder={t('applications.modal.placeholders.company')}
							onChange={() => clearError('company')}
						/>
					)}
				</Field>
			) : null}
			{shows.has('experience') ? (
				<ChoiceField
					name="experience"
					options={experienceLevels}
					value={choices.experience}
					error={errors.experience}
					onChange={(v) => {
						setChoices((c) => ({ ...c, experience: v }))
						clearError('experience')
					}}
				/>
			) : null}
			{shows.has('portfolio') ? (
				<Field label={t('applications.modal.fields.portfolio')} error={errors.portfolio} optional>
					{(props) => (
						<Input
							{...props}
							name="portfolio"
							type="url"
							inputMode="url"
							autoComplete="url"
							maxLength={limitsOf.portfolio}
							placeholder={t('applications.modal.placeholders.portfolio')}
							onChange={() => clearError('portfolio')}
						/>
					)}
				</Field>
			) : null}
			{shows.has('investmentAmount') ? (
				<ChoiceField
					name="investmentAmount"
					options={investmentAmounts}
					value={choices.investmentAmount}
					error={errors.investmentAmount}
					onChange={(v) => {
						setChoices((c) => ({ ...c, investmentAmount: v }))
						clearError('investmentAmount')
					}}
				/>
			) : null}
			{shows.has('timeline') ? (
				<ChoiceField
					name="timeline"
					options={timelines}
					value={choices.timeline}
					error={errors.timeline}
					onChange={(v) => {
						setChoices((c) => ({ ...c, timeline: v }))
						clearError('timeline')
					}}
				/>
			) : null}
			<Field label={t('applications.modal.fields.message')} error={errors.message} optional>
				{(props) => (
					<Textarea
						{...props}
						name="message"
						rows={4}
						maxLength={limitsOf.message}
						className="field-sizing-fixed resize-y"
						placeholder={t('applications.modal.placeholders.message')}
						onChange={() => clearError('message')}
					/>
				)}
			</Field>
			{/* Humans never see or reach this field; bots that fill it are quietly ignored. */}
			<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
				<label>
					{t('applications.modal.honeypot')}
					<input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
				</label>
			</div>
			<DialogFooter>
				<Button type="submit" disabled={busy} className="w-full sm:w-auto">
					{busy ? t('applications.modal.submitting') : t('applications.modal.submit')}
				</Button>
			</DialogFooter>
		</form>
	)
}

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true }

function Field({
	label,
	error,
	optional,
	children,
}: {
	label: string
	error?: string
	optional?: boolean
	children: (props: ControlProps) => React.ReactNode
}) {
	const { t } = useTranslation()
	const id = useId()
	const errorId = `${id}-error`
	return (
		<div className="grid gap-1.5">
			<Label htmlFor={id}>
				{label}
				{optional ? (
					<span className="text-muted-foreground text-xs font-normal">({t('applications.modal.optional')})</span>
				) : (
					<span className="text-destructive" aria-hidden>
						*
					</span>
				)}
			</Label>
			{children({
				id,
				'aria-invalid': error ? true : undefined,
				'aria-describedby': error ? errorId : undefined,
				'aria-required': optional ? undefined : true,
			})}
			{error ? (
				<p id={errorId} className="text-destructive text-sm">
					{t(error)}
				</p>
			) : null}
		</div>
	)
}

function ChoiceField({
	name,
	options,
	value,
	error,
	onChange,
}: {
	name: 'experience' | 'investmentAmount' | 'timeline'
	options: readonly string[]
	value?: string
	error?: string
	onChange: (value: string) => void
}) {
	const { t } = useTranslation()
	return (
		<Field label={t(`applications.modal.fields.${name}`)} error={error} optional>
			{({ id, ...aria }) => (
				<>
					<Select value={value ?? ''} onValueChange={onChange}>
						<SelectTrigger id={id} className="w-full" {...aria} aria-required={undefined}>
							<SelectValue placeholder={t('applications.modal.placeholders.select')} />
						</SelectTrigger>
						<SelectContent position="popper">
							{options.map((o) => (
								<SelectItem key={o} value={o}>
									{t(`applications.options.${name}.${o}`)}
								</SelectItem>
							))}
						</SelectContent>
					</Select>
					<input type="hidden" name={name} value={value ?? ''} />
				</>
			)}
		</Field>
	)
}
