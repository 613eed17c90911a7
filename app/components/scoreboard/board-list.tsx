import { Award, Medal, Trophy } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Avatar, AvatarFallback, AvatarImage } from '~/components/ui/avatar'
import { Badge } from '~/components/ui/badge'
import { nameInitials, type BoardRow } from '~/features/scoreboard/params.ts'
import { cn } from '~/lib/utils'
import { numberFormat } from '~/features/i18n/formats.ts'

const medals = {
	1: { icon: Trophy, className: 'bg-yellow-100 text-yellow-700 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-300' },
	2: { icon: Medal, className: 'bg-slate-100 text-slate-600 ring-slate-300 dark:bg-slate-800 dark:text-slate-200' },
	3: { icon: Award, className: 'bg-orange-100 text-orange-700 ring-orange-300 dark:bg-orange-950 dark:text-orange-300' },
} as const

const podium = ['', 'bg-yellow-50/80 dark:bg-yellow-950/20', 'bg-slate-50 dark:bg-slate-900/40', 'bg-orange-50/80 dark:bg-orange-950/20']

function RankBadge({ rank }: { rank: number }) {
	const { t } = useTranslation()
	const medal = medals[rank as 1 | 2 | 3]
	return (
		<span
			className={cn(
				'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-1',
				medal?.className ?? 'bg-muted text-muted-foreground ring-transparent',
			)}
			title={t('scoreboard.rank', { rank })}
		>
			{medal ? <medal.icon className="size-4" aria-hidden /> : <span aria-hidden>{rank}</span>}
			<span className="sr-only">{t('scoreboard.rank', { rank })}</span>
		</span>
	)
}

export function BoardItem({ row }: { row: BoardRow }) {
	const { t, i18n } = useTranslation()
	const nf = numberFormat(i18n.language)
	const name = row.name ?? t('scoreboard.anonymous')
	return (
		<div
			data-testid="board-row"
			data-rank={row.rank}
			data-viewer={row.isViewer ? 'true' : undefined}
			className={cn(
				'flex items-center gap-3 rounded-lg border px-3 py-2.5',
				row.rank <= 3 && podium[row.rank],
				row.isViewer && 'border-primary ring-primary/30 ring-1',
			)}
		>
			<RankBadge rank={row.rank} />
			{/* On a phone the avatar gives its room to the name (a rank, an avatar and the XP left 'D…' of it). */}
			<Avatar className="hidden size-9 sm:flex">
				{row.image ? <AvatarImage src={row.image} alt="" /> : null}
				<AvatarFallback className="text-xs">{nameInitials(row.name)}</AvatarFallback>
			</Avatar>
			<div className="min-w-0 flex-1">
				<p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium">
					<span className="max-w-full min-w-0 truncate" data-testid="board-name">
						{name}
					</span>
					{row.isViewer ? <Badge variant="secondary">{t('scoreboard.you')}</Badge> : null}
				</p>
				{row.email ? (
					<p className="text-muted-foreground truncate text-xs" data-testid="board-email">
						{row.email}
					</p>
				) : null}
			</div>
			<div className="text-right">
				<p className="font-semibold tabular-nums" data-testid="board-xp">
					{t('scoreboard.xp', { xp: nf.format(row.xp) })}
				</p>
				<p className="text-muted-foreground text-xs">{t('scoreboard.lessons', { count: row.lessons })}</p>
				{row.challenges > 0 ? (
					<p className="text-muted-foreground text-xs" data-testid="board-challenges">
						{t('scoreboard.challenges', { count: row.challenges })}
					</p>
				) : null}
			</div>
		</div>
	)
}

export function BoardList({ rows }: { rows: BoardRow[] }) {
	return (
		<ol className="grid grid-cols-1 gap-2">
			{rows.map((row) => (
				<li key={row.userId}>
					<BoardItem row={row} />
				</li>
			))}
		</ol>
	)
}
