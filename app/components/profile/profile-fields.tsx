import { useId } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { FormField, RequiredMark } from '~/components/form-field'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Switch } from '~/components/ui/switch'
import { countryCodes } from '~/features/profile/countries.ts'
import { jobSearchStatuses, limitsOf, workModes, type ProfileErrors, type ProfileForm } from '~/features/profile/schemas.ts'
import { TagInput } from './tag-input'

type Career = ProfileForm['career']

export type FieldsProps = {
	form: ProfileForm
	errors: ProfileErrors
	set: <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => void
	setCareer: <K extends keyof Career>(key: K, value: Career[K]) => void
}

function FieldError({ id, error }: { id: string; error?: string }) {
	const { t } = useTranslation()
	if (!error) return null
	return (
		<p id={id} className="text-destructive text-sm" role="alert">
			{t(error)}
		</p>
	)
}

/** Explains the required mark, once, above the fields that carry it (both are required by `profileSchema`). */
function RequiredLegend() {
	const { t } = useTranslation()
	return (
		<p className="text-muted-foreground text-xs sm:col-span-2" data-testid="required-legend">
			{t('profile.requiredLegend')}
		</p>
	)
}

export function PersonalFields({ form, errors, set, email }: FieldsProps & { email: string }) {
	const { t } = useTranslation()
	const countryId = useId()
	return (
		<div className="grid items-start gap-4 sm:grid-cols-2">
			<RequiredLegend />
			<FormField
				label={t('profile.fields.fullName')}
				name="fullName"
				autoComplete="name"
				markRequired
				maxLength={limitsOf.text}
				value={form.fullName}
				error={errors.fullName}
				onChange={(e) => set('fullName', e.target.value)}
			/>
			<FormField
				label={t('profile.fields.email')}
				name="email"
				type="email"
				value={email}
				readOnly
				aria-readonly="true"
				hint={t('profile.fields.emailHint')}
				className="bg-muted/50"
			/>
			<div className="grid content-start gap-1.5">
				<Label htmlFor={countryId}>
					{t('profile.fields.country')}
					<RequiredMark />
				</Label>
				<Select name="country" value={form.country || undefined} onValueChange={(v) => set('country', v)}>
					<SelectTrigger
						id={countryId}
						// The text inputs' size: 16 px on phones (no zoom on focus), 14 px from md up.
						className="w-full text-base md:text-sm"
						aria-required
						aria-invalid={errors.country ? true : undefined}
						aria-describedby={errors.country ? `${countryId}-error` : undefined}
					>
						<SelectValue placeholder={t('profile.fields.countryPlaceholder')} />
					</SelectTrigger>
					<SelectContent position="popper" className="max-h-72">
						{/* Names from the locale files, like every other string: not sent with each page's data. */}
						{countryCodes.map((code) => (
							<SelectItem key={code} value={code}>
								{t(`profile.countries.${code}`)}
							</SelectItem>
						))}
					</SelectContent>
				</Select>
				<FieldError id={`${countryId}-error`} error={errors.country} />
			</div>
			<FormField
				label={t('profile.fields.city')}
				name="city"
				autoComplete="address-level2"
				maxLength={limitsOf.text}
				value={form.city}
				error={errors.city}
				onChange={(e) => set('city', e.target.value)}
			/>
			<div className="sm:col-span-2">
				<TagInput
					name="languages"
					label={t('profile.fields.languages')}
					placeholder={t('profile.fields.languagesPlaceholder')}
					value={form.languages}
					error={errors.languages}
					onChange={(v) => set('languages', v)}
				/>
			</div>
		</div>
	)
}

export function ProfessionalFields({ form, errors, set }: FieldsProps) {
	const { t } = useTranslation()
	return (
		<div className="grid items-start gap-4 sm:grid-cols-2">
			<FormField
				label={t('profile.fields.yearsExperience')}
				name="yearsExperience"
				type="number"
				inputMode="numeric"
				min={0}
				max={limitsOf.years}
				step={1}
				value={form.yearsExperience}
				error={errors.yearsExperience}
				onChange={(e) => set('yearsExperience', e.target.value)}
			/>
			<FormField
				label={t('profile.fields.positionCompany')}
				name="positionCompany"
				placeholder={t('profile.fields.positionPlaceholder')}
				maxLength={limitsOf.text}
				value={form.positionCompany}
				error={errors.positionCompany}
				onChange={(e) => set('positionCompany', e.target.value)}
			/>
			<TagInput
				name="stacks"
				label={t('profile.fields.stacks')}
				placeholder={t('profile.fields.stacksPlaceholder')}
				value={form.stacks}
				error={errors.stacks}
				onChange={(v) => set('stacks', v)}
			/>
			<TagInput
				name="skillsToDevelop"
				label={t('profile.fields.skillsToDevelop')}
				placeholder={t('profile.fields.skillsPlaceholder')}
				value={form.skillsToDevelop}
				error={errors.skillsToDevelop}
				onChange={(v) => set('skillsToDevelop', v)}
			/>
			<FormField
				label={t('profile.fields.linkedinUrl')}
				name="linkedinUrl"
				type="url"
				inputMode="url"
				placeholder="https://www.linkedin.com/in/…"
				value={form.linkedinUrl}
				error={errors.linkedinUrl}
				onChange={(e) => set('linkedinUrl', e.target.value)}
			/>
			<FormField
				label={t('profile.fields.githubUrl')}
				name="githubUrl"
				type="url"
				inputMode="url"
				placeholder="https://github.com/…"
				value={form.githubUrl}
				error={errors.githubUrl}
				onChange={(e) => set('githubUrl', e.target.value)}
			/>
		</div>
	)
}

export function CareerFields({ form, errors, setCareer }: FieldsProps) {
	const { t } = useTranslation()
	const c = form.career
	const statusId = useId()
	const relocationId = useId()
	return (
		<div className="grid items-start gap-4 sm:grid-cols-2">
			<p className="text-muted-foreground text-sm sm:col-span-2">{t('profile.career.intro')}</p>
			<div className="grid content-start gap-1.5">
				<Label htmlFor={statusId}>{t('profile.career.jobSearchStatus')}</Label>
				<Select value={c.jobSearchStatus || 'none'} onValueChange={(v) => setCareer('jobSearchStatus', v === 'none' ? '' : v)}>
					<SelectTrigger id={statusId} className="w-full" aria-invalid={errors.jobSearchStatus ? true : undefined}>
						<SelectValue />
					</SelectTrigger>
					<SelectContent position="popper">
						{(['none', ...jobSearchStatuses] as const).map((s) => (
							<SelectItem key={s} value={s}>
								{t(`profile.career.statuses.${s}`)}
							</SelectItem>
						))}
					</SelectContent>
				</Select>
				<FieldError id={`${statusId}-error`} error={errors.jobSearchStatus} />
			</div>
			<fieldset className="grid gap-1.5">
				<legend className="mb-1.5 text-sm leading-none font-medium">{t('profile.career.workModes')}</legend>
				<div className="flex flex-wrap gap-2">
					{workModes.map((mode) => {
						const checked = c.workModes.includes(mode)
						return (
							<label
								key={mode}
								className="has-[:focus-visible]:ring-ring/50 has-[:checked]:border-primary has-[:checked]:bg-primary/10 flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-[3px]"
							>
								<input
									type="checkbox"
									className="accent-primary size-4"
									checked={checked}
									onChange={() => setCareer('workModes', checked ? c.workModes.filter((m) => m !== mode) : [...c.workModes, mode])}
								/>
								{t(`profile.career.modes.${mode}`)}
							</label>
						)
					})}
				</div>
				<FieldError id="work-modes-error" error={errors.workModes} />
			</fieldset>
			<TagInput
				name="desiredRoles"
				label={t('profile.career.desiredRoles')}
				placeholder={t('profile.career.rolesPlaceholder')}
				value={c.desiredRoles}
				error={errors.desiredRoles}
				onChange={(v) => setCareer('desiredRoles', v)}
			/>
			<TagInput
				name="preferredLocations"
				label={t('profile.career.preferredLocations')}
				placeholder={t('profile.career.locationsPlaceholder')}
				value={c.preferredLocations}
				error={errors.preferredLocations}
				onChange={(v) => setCareer('preferredLocations', v)}
			/>
			<FormField
				label={t('profile.career.availabilityDate')}
				name="availabilityDate"
				type="date"
				value={c.availabilityDate}
				error={errors.availabilityDate}
				onChange={(e) => setCareer('availabilityDate', e.target.value)}
			/>
			<FormField
				label={t('profile.career.salary')}
				name="salaryExpectationUsd"
				type="number"
				inputMode="numeric"
				min={0}
				max={limitsOf.salary}
				step={1000}
				value={c.salaryExpectationUsd}
				error={errors.salaryExpectationUsd}
				onChange={(e) => setCareer('salaryExpectationUsd', e.target.value)}
			/>
			<div className="flex items-center gap-3 sm:col-span-2">
				<Switch id={relocationId} checked={c.openToRelocation} onCheckedChange={(v) => setCareer('openToRelocation', v)} />
				<Label htmlFor={relocationId}>{t('profile.career.relocation')}</Label>
			</div>
		</div>
	)
}
