import { useId } from 'react'
import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/features/i18n/react.tsx'
import { ROUTER_LINK } from '~/hooks/use-router-clicks.ts'
import { KeptFragment } from '~/components/kept-fragment'
import type { OutlineRow, OutlineSection } from '~/features/catalog/types.ts'

// The outline is most of the course player's HTML (a row per lesson, 50 in a long course), rendered on
// every lesson opened. So a row is kept small (issue 21): a plain link whose clicks the dashboard's layout
// hands to the router (hooks/use-router-clicks.ts) instead of a <Link> each, and its status icon drawn
// from one sprite per outline (lucide's circle-check, circle-dot and circle) instead of a full SVG each.

const ICONS: Record<OutlineRow['status'], React.ReactNode> = {
	completed: (
		<>
			<circle cx="12" cy="12" r="10" />
			<path d="m9 12 2 2 4-4" />
		</>
	),
	in_progress: (
		<>
			<circle cx="12" cy="12" r="10" />
			<circle cx="12" cy="12" r="1" />
		</>
	),
	not_started: <circle cx="12" cy="12" r="10" />,
}
const STATUSES = Object.keys(ICONS) as OutlineRow['status'][]

type OutlineProps = {
	modules: OutlineSection[]
	currentId?: string
	courseId: string
	/** Minutes per lesson id; lessons without one show none. */
	minutes?: Record<string, number>
}

export function CourseOutline(props: OutlineProps) {
	const sprite = useId()
	// Every prop is in the key, so a prop added later cannot be left out of it.
	return (
		<KeptFragment id="course-outline" deps={[sprite, props]}>
			{() => <Outline {...props} sprite={sprite} />}
		</KeptFragment>
	)
}

/** The outline's HTML, made only when no earlier render kept it for the same rows. */
function Outline({ modules, currentId, courseId, minutes = {}, sprite }: OutlineProps & { sprite: string }) {
	const { t } = useTranslation()
	const label = Object.fromEntries(STATUSES.map((s) => [s, t(`learn.status.${s}`)]))
	return (
		<nav aria-label={t('learn.outline')} className="grid gap-4">
			<svg className="hidden" aria-hidden>
				{STATUSES.map((s) => (
					<symbol
						key={s}
						id={`${sprite}-${s}`}
						viewBox="0 0 24 24"
						fill="none"
						stroke="currentColor"
						strokeWidth="2"
						strokeLinecap="round"
						strokeLinejoin="round"
					>
						{ICONS[s]}
					</symbol>
				))}
			</svg>
			{modules.map((m) => (
				<section key={m.id}>
					<h2 className="text-muted-foreground mb-1 flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
						{m.title}
						{!m.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
					</h2>
					<ol className="grid gap-0.5">
						{m.lessons.map((l) => {
							const current = l.id === currentId
							return (
								<li key={l.id}>
									<a
										href={`/dashboard/learn/course/${courseId}?lesson=${l.id}`}
										{...ROUTER_LINK}
										aria-current={current ? 'page' : undefined}
										data-lesson-type={l.lessonType}
										className={`hover:bg-accent flex items-start gap-2 rounded-md px-2 py-1.5 text-sm${current ? ' bg-accent font-medium' : ''}`}
									>
										<svg
											role="img"
											aria-label={label[l.status]}
											className={`mt-0.5 size-4 shrink-0 ${l.status === 'completed' ? 'text-emerald-600' : 'text-muted-foreground'}`}
										>
											<use href={`#${sprite}-${l.status}`} />
										</svg>
										<span className="min-w-0 flex-1">{l.title}</span>
										{minutes[l.id] !== undefined ? (
											<span className="text-muted-foreground shrink-0 text-xs tabular-nums" data-testid="lesson-minutes">
												{t('dashboard.minutes', { count: minutes[l.id] })}
											</span>
										) : null}
										{!l.isPublished ? <Badge variant="outline">{t('admin.draft')}</Badge> : null}
									</a>
								</li>
							)
						})}
					</ol>
				</section>
			))}
		</nav>
	)
}
