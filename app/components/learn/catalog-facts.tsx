import { BarChart3, BookOpen, Clock, Languages, ListChecks } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { cn } from '~/lib/utils'

/** The 'Available in English only' mark beside content whose Portuguese translation is missing. */
export function EnglishOnly({ show, className }: { show: boolean; className?: string }) {
	const { t } = useTranslation()
	if (!show) return null
	return (
		<span
			data-testid="english-only"
			className={cn('text-muted-foreground inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-normal whitespace-nowrap', className)}
		>
			<Languages className="size-3" aria-hidden />
			{t('catalog.englishOnly')}
		</span>
	)
}

/** "1 h 40 min" / "45 min", in the reader's words. */
function useDuration() {
	const { t } = useTranslation()
	return (minutes: number) => {
		const h = Math.floor(minutes / 60)
		const m = minutes % 60
		if (!h) return t('catalog.minutes', { count: m })
		return m ? t('catalog.hoursMinutes', { h, m }) : t('catalog.hours', { count: h })
	}
}

type Facts = { level: string | null; totalMinutes: number; lessonCount: number; courseCount?: number }

/** Level, total time, lessons (and courses) as a compact list. */
export function CatalogFacts({ facts, className }: { facts: Facts; className?: string }) {
	const { t } = useTranslation()
	const duration = useDuration()
	return (
		<ul className={cn('text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-sm', className)} data-testid="catalog-facts">
			{facts.level ? (
				<li className="flex items-center gap-1.5">
					<BarChart3 className="size-4" aria-hidden />
					<span className="sr-only">{t('catalog.level')}: </span>
					{t(`catalog.levels.${facts.level}`)}
				</li>
			) : null}
			{facts.totalMinutes > 0 ? (
				<li className="flex items-center gap-1.5">
					<Clock className="size-4" aria-hidden />
					<span className="sr-only">{t('catalog.totalTime')}: </span>
					{duration(facts.totalMinutes)}
				</li>
			) : null}
			{facts.courseCount !== undefined ? (
				<li className="flex items-center gap-1.5">
					<BookOpen className="size-4" aria-hidden />
					{t('learn.courseCount', { count: facts.courseCount })}
				</li>
			) : null}
			<li className="flex items-center gap-1.5">
				<ListChecks className="size-4" aria-hidden />
				{t('catalog.lessonCount', { count: facts.lessonCount })}
			</li>
		</ul>
	)
}

export function Prerequisites({ text, className }: { text: string | null; className?: string }) {
	const { t } = useTranslation()
	if (!text) return null
	return (
		<p className={cn('text-sm', className)} data-testid="prerequisites">
			<span className="font-medium">{t('catalog.prerequisites')}:</span> {text}
		</p>
	)
}

/** A string's small stable hash, so each path or course keeps its colours. */
function hash(s: string) {
	let h = 2166136261
	for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
	return h >>> 0
}

/**
 * The generated cover's shapes (a gradient and a chain of blocks derived from the seed) as markup: the same
 * bytes React renders for them as elements (catalog-facts.test.tsx compares), made once per seed. A card's
 * cover was 15 elements and 60 attributes, rendered on the server and again in the browser; as the svg's
 * inner HTML it is one string, and hydration leaves it alone (as lib/lucide-icon.ts does for icons).
 */
export function coverShapes(seed: string): string {
	const h = hash(seed)
	const hue = h % 360
	const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360
	const id = `cover-${h.toString(36)}`
	const blocks = Array.from({ length: 5 }, (_, i) => ({ x: 30 + i * 58, y: 38 + (((h >> (i * 3)) & 7) - 3.5) * 5, s: 26 + ((h >> (i * 2)) & 7) }))
	const center = (b: (typeof blocks)[number]) => [b.x + b.s / 2, b.y + b.s / 2] as const
	let out = `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"></stop><stop offset="1" stop-color="hsl(${hue2} 70% 30%)"></stop></linearGradient></defs><rect width="320" height="106" fill="url(#${id})"></rect>`
	for (let i = 1; i < blocks.length; i++) {
		const [x1, y1] = center(blocks[i - 1]!)
		const [x2, y2] = center(blocks[i]!)
		out += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="white" stroke-opacity="0.45" stroke-width="2"></line>`
	}
	blocks.forEach((b, i) => {
		out += `<rect x="${b.x}" y="${b.y}" width="${b.s}" height="${b.s}" rx="5" fill="white" fill-opacity="${0.18 + i * 0.05}" stroke="white" stroke-opacity="0.6"></rect>`
	})
	return out
}

const covers = new Map<string, { __html: string }>()
function coverMarkup(seed: string) {
	let markup = covers.get(seed)
	if (!markup) {
		markup = { __html: coverShapes(seed) }
		// Seeds are slugs of the catalog: keep the map small all the same.
		if (covers.size >= 1000) covers.clear()
		covers.set(seed, markup)
	}
	return markup
}

/**
 * Cover art: the author's image if they gave one, else generated SVG (coverShapes), so every card has a
 * picture without any network request. Decorative: alt="".
 */
export function CoverArt({ seed, url, className }: { seed: string; url?: string | null; className?: string }) {
	const box = cn('aspect-[3/1] w-full overflow-hidden rounded-t-xl', className)
	if (url) return <img src={url} alt="" width={960} height={320} className={cn(box, 'object-cover')} loading="lazy" />
	return (
		<svg
			viewBox="0 0 320 106"
			className={box}
			aria-hidden
			data-testid="cover-art"
			preserveAspectRatio="xMidYMid slice"
			dangerouslySetInnerHTML={coverMarkup(seed)}
		/>
	)
}
