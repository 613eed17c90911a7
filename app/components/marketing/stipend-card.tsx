import { BadgeCheck, Wallet } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { program } from '~/lib/program.ts'
import type { ProgramValues } from '~/lib/program.ts'

/** The student hero's illustration: the stipend arriving month after month, then the job. */
export function StipendCard({ v }: { v: ProgramValues }) {
	const { t } = useTranslation()
	return (
		<div className="from-primary/40 relative rounded-2xl bg-gradient-to-br via-violet-400/30 to-sky-400/30 p-px shadow-2xl">
			<div className="bg-card rounded-2xl p-6 sm:p-8">
				<div className="flex items-center justify-between">
					<p className="text-muted-foreground text-sm font-medium">{t('landing.student.hero.cardLabel')}</p>
					<span className="bg-primary/10 text-primary inline-flex size-9 items-center justify-center rounded-full">
						<Wallet className="size-5" aria-hidden />
					</span>
				</div>
				<p className="mt-3 flex items-baseline gap-2">
					<span className="text-4xl font-extrabold tracking-tight sm:text-5xl">{v.stipendMonthly}</span>
					<span className="text-muted-foreground text-sm font-semibold">
						{v.currency} {t('landing.student.hero.cardPer')}
					</span>
				</p>
				<p className="text-muted-foreground mt-1 text-sm">{t('landing.student.hero.cardTotal', v)}</p>
				<ol className="mt-6 grid grid-cols-6 gap-2" aria-label={t('landing.student.hero.cardPaid')}>
					{Array.from({ length: program.months }, (_, i) => (
						<li key={i} className="flex flex-col items-center gap-1.5">
							<span className="from-primary w-full rounded-md bg-gradient-to-t to-violet-400" style={{ height: `${28 + i * 8}px` }} aria-hidden />
							<span className="text-muted-foreground text-[11px] font-medium">{i + 1}</span>
						</li>
					))}
				</ol>
				<p className="mt-5 flex items-center gap-2 rounded-lg bg-emerald-500/10 px-3 py-2 text-sm font-medium text-emerald-700 dark:text-emerald-300">
					<BadgeCheck className="size-4 shrink-0" aria-hidden />
					{t('landing.student.hero.cardPlaced')}
				</p>
			</div>
		</div>
	)
}
