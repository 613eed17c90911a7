import { useTranslation } from '~/features/i18n/react.tsx'
import { Link, useSearchParams } from 'react-router'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import type { ContentFilter } from '~/features/admin/schemas.ts'
import type { CourseOption, ModuleOption, PathOption } from '~/features/admin/types.ts'

const ALL = 'all'
type Level = 'path' | 'course' | 'module'
// Choosing a level clears the levels below it: a course from another path makes no sense.
const below: Record<Level, Level[]> = { path: ['course', 'module'], course: ['module'], module: [] }

/** Cascading filters kept in the URL (?path=&course=&module=), so a filtered view can be shared and reloaded. */
export function ContentFilters({
	levels,
	filter,
	options,
}: {
	levels: Level[]
	filter: ContentFilter
	options: { paths: PathOption[]; courses: CourseOption[]; modules: ModuleOption[] }
}) {
	const { t } = useTranslation()
	const [params, setParams] = useSearchParams()
	const courses = options.courses.filter((c) => !filter.path || c.pathId === filter.path)
	const courseIds = new Set(courses.map((c) => c.id))
	const modules = options.modules.filter((m) => (filter.course ? m.courseId === filter.course : courseIds.has(m.courseId)))
	const choices: Record<Level, { id: string; title: string }[]> = { path: options.paths, course: courses, module: modules }
	const change = (level: Level, value: string) => {
		const next = new URLSearchParams(params)
		if (value === ALL) next.delete(level)
		else next.set(level, value)
		for (const l of below[level]) next.delete(l)
		setParams(next, { preventScrollReset: true })
	}
	const any = levels.some((l) => filter[l])
	return (
		<div role="search" aria-label={t('admin.filters.label')} className="bg-card mb-4 flex flex-wrap items-end gap-3 rounded-xl border p-4">
			{levels.map((level) => (
				<div key={level} className="grid w-full gap-1.5 sm:w-56">
					<Label htmlFor={`filter-${level}`}>{t(`admin.filters.${level}`)}</Label>
					<Select value={filter[level] ?? ALL} onValueChange={(v) => change(level, v)}>
						<SelectTrigger id={`filter-${level}`} className="w-full">
							<SelectValue />
						</SelectTrigger>
						<SelectContent position="popper" className="max-h-72">
							<SelectItem value={ALL}>{t(`admin.filters.all.${level}`)}</SelectItem>
							{choices[level].map((o) => (
								<SelectItem key={o.id} value={o.id}>
									{o.title}
								</SelectItem>
							))}
						</SelectContent>
					</Select>
				</div>
			))}
			{any ? (
				<Link to="?" className="text-primary h-9 px-2 text-sm leading-9 underline-offset-4 hover:underline" preventScrollReset>
					{t('admin.filters.clear')}
				</Link>
			) : null}
		</div>
	)
}
