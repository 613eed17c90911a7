import { CheckCircle2, TriangleAlert, XCircle } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import type { CompileMessage, GradeResult, RunSettings, TestResult } from '~/features/challenges/types.ts'
import { cn } from '~/lib/utils'
import { numberFormat } from '~/features/i18n/formats.ts'

type T = (key: string, options?: Record<string, unknown>) => string

/** A compile message in the reader's language: its own text for known problems, the compiler's otherwise. */
function compileText(t: T, m: CompileMessage, settings: RunSettings) {
	if (m.problem === 'forbiddenImport') return t('challenge.problem.forbiddenImport', { detail: m.message })
	if (m.problem === 'pragma') return t('challenge.problem.pragma', { detail: m.message, version: settings.compilerVersion })
	return m.message
}

function failureText(t: T, test: TestResult) {
	const reason = test.reason ?? ''
	switch (test.kind) {
		case 'outOfGas':
			return t('challenge.kind.outOfGas', { reason })
		case 'stackOverflow':
			return t('challenge.kind.stackOverflow')
		case 'invalid':
			return t('challenge.kind.invalid', { reason })
		default:
			return reason
	}
}

function where(t: T, m: CompileMessage) {
	if (m.file === 'tests') return t('challenge.inTests')
	if (m.file === 'library') return t('challenge.inLibrary')
	return m.line > 0 ? t('challenge.line', { line: m.line }) : ''
}

/** One run's outcome: the summary, then each test (or each compiler error). */
export function RunResults({ result, settings, headingLevel = 3 }: { result: GradeResult; settings: RunSettings; headingLevel?: 3 | 4 }) {
	const { t, i18n } = useTranslation()
	const Heading = `h${headingLevel}` as 'h3'
	const nf = numberFormat(i18n.language)
	if (result.status === 'problem') {
		return (
			<p role="alert" className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" data-testid="run-problem">
				<TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
				{t(`challenge.problem.${result.problem}`, { detail: result.detail ?? '', seconds: settings.timeLimitSeconds, max: settings.maxTests })}
			</p>
		)
	}
	if (result.status === 'compileError') {
		return (
			<section className="grid gap-2" aria-labelledby="compile-failed" data-testid="compile-errors">
				<Heading id="compile-failed" className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-400">
					<XCircle className="size-4" aria-hidden />
					{t('challenge.compileFailed')}
				</Heading>
				<ul className="grid gap-1.5 text-sm">
					{result.errors.map((m, i) => (
						<li
							key={i}
							className="rounded-md border border-red-500/30 bg-red-500/5 p-2 font-mono text-xs break-words whitespace-pre-wrap"
							data-testid="compile-error"
						>
							{where(t, m) ? <span className="font-semibold">{where(t, m)}: </span> : null}
							{compileText(t, m, settings)}
						</li>
					))}
				</ul>
			</section>
		)
	}
	const all = result.total > 0 && result.passed === result.total
	return (
		<section className="grid gap-2" aria-labelledby="run-summary">
			<Heading
				id="run-summary"
				className={cn('flex items-center gap-2 font-semibold', all ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}
				data-testid="run-summary"
			>
				{all ? <CheckCircle2 className="size-4" aria-hidden /> : <XCircle className="size-4" aria-hidden />}
				{all ? t('challenge.allPassed') : t('challenge.somePassed', { passed: result.passed, total: result.total })}
			</Heading>
			<ul className="grid gap-1.5">
				{result.tests.map((test) => (
					<li key={test.name} className="grid gap-0.5 rounded-md border p-2 text-sm" data-testid="test-result" data-passed={test.passed}>
						<div className="flex flex-wrap items-center justify-between gap-2">
							<span className="flex min-w-0 items-center gap-2 font-mono text-xs break-all">
								{test.passed ? (
									<CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
								) : (
									<XCircle className="size-4 shrink-0 text-red-600" aria-hidden />
								)}
								{test.name}
							</span>
							<span className="text-muted-foreground flex items-center gap-2 text-xs">
								<span className={test.passed ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}>
									{test.passed ? t('challenge.passed') : t('challenge.failed')}
								</span>
								<span>{t('challenge.gas', { gas: nf.format(test.gasUsed) })}</span>
							</span>
						</div>
						{!test.passed ? (
							<p className="text-muted-foreground text-xs break-words" data-testid="test-reason">
								{failureText(t, test)}
							</p>
						) : null}
					</li>
				))}
			</ul>
		</section>
	)
}
