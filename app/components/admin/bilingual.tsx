import { Input } from '~/components/ui/input'
import { Textarea } from '~/components/ui/textarea'
import { useTranslation } from '~/features/i18n/react.tsx'
import { describedBy, Field } from './fields'

type Values = Record<string, string | undefined>
type Setter = (name: string) => (value: string) => void

/** 'Not translated yet' beside a Portuguese field left blank while its English twin has text. */
export function Untranslated({ en, pt }: { en?: string; pt?: string }) {
	const { t } = useTranslation()
	if (!en?.trim() || pt?.trim()) return null
	return (
		<span data-testid="untranslated" className="rounded border border-amber-500/60 px-1.5 py-0.5 text-xs font-normal text-amber-800 dark:text-amber-300">
			{t('admin.translation.missing')}
		</span>
	)
}

/**
 * One content text in both languages side by side: English (the field's usual label) on the left, the
 * Portuguese twin (`<name>_pt`, labelled in Portuguese) on the right, marked while it is untranslated.
 * A blank Portuguese field is stored as null: learners then read the English, marked 'Available in English only'.
 */
export function BilingualField({
	id,
	name,
	label,
	labelPt,
	values,
	set,
	errors,
	rows,
	maxLength,
}: {
	id: string
	name: string
	label: string
	labelPt: string
	values: Values
	set: Setter
	errors: Partial<Record<string, string>>
	rows?: number
	maxLength?: number
}) {
	const ptName = `${name}_pt`
	const control = (fieldId: string, field: string) => {
		const props = {
			id: fieldId,
			value: values[field] ?? '',
			maxLength,
			'aria-invalid': errors[field] ? true : undefined,
			'aria-describedby': describedBy(fieldId, errors[field]),
		}
		return rows ? (
			<Textarea {...props} rows={rows} onChange={(e) => set(field)(e.target.value)} />
		) : (
			<Input {...props} autoComplete="off" onChange={(e) => set(field)(e.target.value)} />
		)
	}
	return (
		<div className="grid gap-4 sm:grid-cols-2" data-testid={`bilingual-${name}`}>
			<Field id={id} label={label} error={errors[name]}>
				{control(id, name)}
			</Field>
			<Field id={`${id}-pt`} label={labelPt} error={errors[ptName]} hint={<Untranslated en={values[name]} pt={values[ptName]} />}>
				<div lang="pt-BR" className="contents">
					{control(`${id}-pt`, ptName)}
				</div>
			</Field>
		</div>
	)
}
