import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { useTranslation } from '~/features/i18n/react.tsx'

/** Page numbers to offer: the first, the last, and two either side of the current one; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
	const shown = new Set([1, pages])
	for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pages) shown.add(p)
	const sorted = [...shown].sort((a, b) => a - b)
	const out: (number | null)[] = []
	for (const [i, p] of sorted.entries()) {
		if (i > 0 && p - sorted[i - 1]! > 1) out.push(null)
		out.push(p)
	}
	return out
}

/** Links to the pages of a server-paged list; the other search params (`params`, else the URL's) are kept, page 1 has none. */
export function Pager({ page, pages, label, params: given }: { page: number; pages: number; label: string; params?: URLSearchParams }) {
	const { t } = useTranslation()
	const [current] = useSearchParams()
	const params = given ?? current
	if (pages <= 1) return null
	const to = (p: number) => {
		const next = new URLSearchParams(params)
		if (p > 1) next.set('page', String(p))
		else next.delete('page')
		const query = next.toString()
		return query ? `?${query}` : '?'
	}
	const step = (p: number, text: string, disabled: boolean) => {
		const back = p < page
		const body = (
			<>
				{back ? <ChevronLeft aria-hidden /> : null}
				<span className="max-sm:sr-only">{text}</span>
				{back ? null : <ChevronRight aria-hidden />}
			</>
		)
		return disabled ? (
			<Button variant="outline" size="sm" disabled aria-hidden>
				{body}
			</Button>
		) : (
			<Button asChild variant="outline" size="sm">
				<Link to={to(p)} rel={back ? 'prev' : 'next'}>
					{body}
				</Link>
			</Button>
		)
	}
	return (
		<nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-1.5 text-sm" data-testid="pager">
			{step(page - 1, t('admin.list.previous'), page <= 1)}
			{pageWindow(page, pages).map((p, i) =>
				p === null ? (
					<span key={`gap-${i}`} className="text-muted-foreground px-1" aria-hidden>
						…
					</span>
				) : (
					<Button key={p} asChild variant={p === page ? 'default' : 'ghost'} size="sm" className="min-w-9 tabular-nums">
						<Link to={to(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('admin.list.pageLabel', { page: p })}>
							{p}
						</Link>
					</Button>
				),
			)}
			{step(page + 1, t('admin.list.next'), page >= pages)}
		</nav>
	)
}
