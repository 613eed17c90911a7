import { CheckCircle2, Circle, CircleDot } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import type { OutlineModule } from '~/features/catalog/types.ts'
import { cn } from '~/lib/utils'

export function CourseOutline({
	modules,
	currentId,
	courseId,
	minutes = {},
}: {
	modules: OutlineModule[]
	currentId?: string
	courseId: string
	/** Minutes per lesson id; lessons without one show none. */
	minutes?: Record<string, number>
}) {
	const { t } = useTranslation()
	return (
		<nav aria-label={t('learn.outline')} className="grid gap-4">
			{modules.map((m) => (
				<section key={m.id}>
					<h2 className="text-muted-foreground mb-1 flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
						{m.title}
						{!m.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
					</h2>
					<ol className="grid gap-0.5">
						{m.lessons.map((l) => {
							const Icon = l.status === 'completed' ? CheckCircle2 : l.status === 'in_progress' ? CircleDot : Circle
							return (
								<li key={l.id}>
									<Link
										to={`/dashboard/learn/course/${courseId}?lesson=${l.id}`}
										aria-current={l.id === currentId ? 'page' : undefined}
										data-lesson-type={l.lessonType}
										className={cn('hover:bg-accent flex items-start gap-2 rounded-md px-2 py-1.5 text-sm', l.id === currentId && 'bg-accent font-medium')}
									>
										<Icon
											className={cn('mt-0.5 size-4 shrink-0', l.status === 'completed' ? 'text-emerald-600' : 'text-muted-foreground')}
											aria-label={t(`learn.status.${l.status}`)}
										/>
										<span className="min-w-0 flex-1">{l.title}</span>
										{minutes[l.id] !== undefined ? (
											<span className="text-muted-foreground shrink-0 text-xs tabular-nums" data-testid="lesson-minutes">
												{t('dashboard.minutes', { count: minutes[l.id] })}
											</span>
										) : null}
										{!l.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
									</Link>
								</li>
							)
						})}
					</ol>
				</section>
			))}
		</nav>
	)
}
