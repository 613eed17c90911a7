// The application vocabulary without zod, so the landings can name a form type without
// shipping the validation library (it loads with the modal).

export const applicationTypes = ['professional', 'company', 'investor'] as const
export const experienceLevels = ['beginner', 'intermediate', 'advanced'] as const
export const investmentAmounts = ['10k-50k', '50k-100k', '100k-500k', '500k+'] as const
export const timelines = ['immediate', 'quarter', 'year', 'exploring'] as const
export const applicationStatuses = ['new', 'contacted', 'accepted', 'rejected'] as const

export type ApplicationType = (typeof applicationTypes)[number]
export type ApplicationStatus = (typeof applicationStatuses)[number]

export function isApplicationType(value: unknown): value is ApplicationType {
	return typeof value === 'string' && (applicationTypes as readonly string[]).includes(value)
}
