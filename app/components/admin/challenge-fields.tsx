import { ShieldCheck, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { RunResults } from '~/components/challenges/run-results'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/textarea'
import type { CheckReport } from '~/features/challenges/types.ts'
import { useTranslation } from '~/features/i18n/react.tsx'
import { describedBy, Field } from './fields'

type Values = Record<string, string | undefined>
type Set = (name: string) => (value: string) => void

function CodeField({
	id,
	name,
	label,
	values,
	set,
	errors,
	disabled,
	hint,
}: {
	id: string
	name: string
	label: string
	values: Values
	set: Set
	errors: Values
	disabled?: boolean
	hint?: string
}) {
	return (
		<Field id={id} label={label} error={errors[name]} hint={hint}>
			<Textarea
				id={id}
				value={values[name] ?? ''}
				onChange={(e) => set(name)(e.target.value)}
				disabled={disabled}
				rows={12}
				spellCheck={false}
				className="max-h-[28rem] min-h-48 font-mono text-xs [field-sizing:fixed]"
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={describedBy(id, errors[name], hint)}
			/>
		</Field>
	)
}

/** Starter code, tests, reference solution and hints of a challenge lesson, and 'Check solution'. */
export function ChallengeFields({ values, set, errors, disabled }: { values: Values; set: Set; errors: Values; disabled?: boolean }) {
	const { t } = useTranslation()
	const [report, setReport] = useState<CheckReport | null>(null)
	const [state, setState] = useState<'idle' | 'checking' | 'failed'>('idle')

	const check = async () => {
		setState('checking')
		setReport(null)
		try {
			const res = await fetch('/resources/challenges/check', {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ starter: values.starter_code ?? '', tests: values.tests_code ?? '', solution: values.solution_code ?? '' }),
			})
			if (!res.ok) throw new Error(String(res.status))
			setReport((await res.json()) as CheckReport)
			setState('idle')
		} catch {
			setState('failed')
		}
	}

	const verdict = report ? (report.referencePasses && report.starterFails ? 'ready' : !report.referencePasses ? 'referenceFails' : 'starterPasses') : null
	return (
		<div className="grid gap-4" data-testid="challenge-fields">
			<div className="grid gap-4 lg:grid-cols-2">
				<CodeField
					id="lesson-starter"
					name="starter_code"
					label={t('challenge.studio.starterCode')}
					hint={t('challenge.studio.codeHint')}
					values={values}
					set={set}
					errors={errors}
					disabled={disabled}
				/>
				<CodeField
					id="lesson-solution"
					name="solution_code"
					label={t('challenge.studio.solutionCode')}
					values={values}
					set={set}
					errors={errors}
					disabled={disabled}
				/>
			</div>
			<CodeField id="lesson-tests" name="tests_code" label={t('challenge.studio.testsCode')} values={values} set={set} errors={errors} disabled={disabled} />
			<div className="grid gap-4 lg:grid-cols-2">
				<CodeField
					id="lesson-hints"
					name="hints"
					label={t('challenge.studio.hints')}
					hint={t('challenge.studio.hintsHint')}
					values={values}
					set={set}
					errors={errors}
					disabled={disabled}
				/>
				<CodeField id="lesson-hints-pt" name="hints_pt" label={t('challenge.studio.hintsPt')} values={values} set={set} errors={errors} disabled={disabled} />
			</div>
			<div className="grid gap-3 rounded-md border p-3">
				<Button
					type="button"
					variant="secondary"
					className="justify-self-start"
					onClick={check}
					disabled={disabled || state === 'checking'}
					data-testid="check-solution"
				>
					<ShieldCheck aria-hidden />
					{state === 'checking' ? t('challenge.studio.checking') : t('challenge.studio.check')}
				</Button>
				<div role="status" aria-live="polite" className="grid gap-3">
					{state === 'failed' ? <p className="text-destructive text-sm">{t('challenge.studio.checkFailed')}</p> : null}
					{verdict ? (
						<p
							className={`flex items-center gap-2 text-sm font-medium ${verdict === 'ready' ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'}`}
							data-testid="check-verdict"
						>
							{verdict !== 'ready' ? <TriangleAlert className="size-4" aria-hidden /> : null}
							{t(`challenge.studio.${verdict}`)}
						</p>
					) : null}
					{report ? (
						<div className="grid gap-4 lg:grid-cols-2">
							<div className="grid content-start gap-2" data-testid="check-reference">
								<h4 className="text-sm font-semibold">{t('challenge.studio.reference')}</h4>
								<RunResults result={report.reference} settings={report.settings} headingLevel={4} />
							</div>
							<div className="grid content-start gap-2" data-testid="check-starter">
								<h4 className="text-sm font-semibold">{t('challenge.studio.starter')}</h4>
								<RunResults result={report.starter} settings={report.settings} headingLevel={4} />
							</div>
						</div>
					) : null}
				</div>
			</div>
		</div>
	)
}
