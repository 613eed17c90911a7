import { CircleCheckBig, Hourglass, Sparkles, Star } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { AchievementSummary } from '~/features/achievements/rules.ts'
import { numberFormat } from '~/features/i18n/formats.ts'

export function SummaryCards({ summary }: { summary: AchievementSummary }) {
	const { t, i18n } = useTranslation()
	const nf = numberFormat(i18n.language)
	const cards = [
		{ key: 'completed', icon: CircleCheckBig, value: t('achievements.summary.completedValue', { done: summary.completed, total: summary.total }) },
		{ key: 'inProgress', icon: Hourglass, value: nf.format(summary.inProgress) },
		{ key: 'xpEarned', icon: Star, value: nf.format(summary.xpEarned) },
		{ key: 'xpAvailable', icon: Sparkles, value: nf.format(summary.xpAvailable) },
	] as const
	return (
		<ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
			{cards.map((c) => (
				<li key={c.key}>
					<Card className="h-full">
						<CardHeader>
							<CardDescription className="flex items-center gap-2">
								<c.icon className="size-4" aria-hidden />
								{t(`achievements.summary.${c.key}`)}
							</CardDescription>
							<CardTitle className="text-2xl tabular-nums" data-testid={`summary-${c.key}`}>
								{c.value}
							</CardTitle>
						</CardHeader>
					</Card>
				</li>
			))}
		</ul>
	)
}
