import { Search } from 'lucide-react'
import { useTranslation } from '~/features/i18n/react.tsx'
import { Form, Link, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '~/components/ui/select'
import type { ContentFilter } from '~/features/admin/schemas.ts'
import type { CourseOption, ModuleOption, PathOption } from '~/features/admin/types.ts'
import { moduleGroups } from './parent-groups'

const ALL = 'all'
type Level = 'path' | 'course' | 'module'
// Choosing a level clears the levels below it: a course from another path makes no sense.
const below: Record<Level, Level[]> = { path: ['course', 'module'], course: ['module'], module: [] }

/** A filter beside the path › course › module cascade (a lesson's type, its published state). */
export type ExtraFilter = { name: string; label: string; all: string; value?: string; options: { value: string; label: string }[] }

type Choice = { group?: string; options: { value: string; label: string }[] }

function FilterSelect({
	id,
	label,
	value,
	all,
	choices,
	onChange,
}: {
	id: string
	label: string
	value?: string
	all: string
	choices: Choice[]
	onChange: (v: string) => void
}) {
	return (
		<div className="grid w-full gap-1.5 sm:w-56">
			<Label htmlFor={id}>{label}</Label>
			<Select value={value ?? ALL} onValueChange={onChange}>
				<SelectTrigger id={id} className="w-full">
					<SelectValue />
				</SelectTrigger>
				<SelectContent position="popper" className="max-h-72">
					<SelectItem value={ALL}>{all}</SelectItem>
					{choices.map((c, i) =>
						c.group ? (
							<SelectGroup key={`${c.group}-${i}`}>
								<SelectLabel className="text-muted-foreground px-2 py-1.5 text-xs">{c.group}</SelectLabel>
								{c.options.map((o) => (
									<SelectItem key={o.value} value={o.value}>
										{o.label}
									</SelectItem>
								))}
							</SelectGroup>
						) : (
							c.options.map((o) => (
								<SelectItem key={o.value} value={o.value}>
									{o.label}
								</SelectItem>
							))
						),
					)}
				</SelectContent>
			</Select>
		</div>
	)
}

/**
 * Cascading filters kept in the URL (?path=&course=&module=), so a filtered view can be shared and reloaded;
 * optionally a search box (?q=) and extra filters. Any change goes back to the first page. The search is a
 * GET form carrying the other filters, so it works before the page hydrates.
 */
export function ContentFilters({
	levels,
	filter,
	options,
	extras = [],
	search,
	params: given,
}: {
	levels: Level[]
	filter: ContentFilter
	options: { paths: PathOption[]; courses: CourseOption[]; modules: ModuleOption[] }
	extras?: ExtraFilter[]
	search?: { value: string; label: string; placeholder: string; button: string }
	/** The screen's valid search params, when it drops malformed ones (else the URL's). */
	params?: URLSearchParams
}) {
	const { t } = useTranslation()
	const [current, setParams] = useSearchParams()
	const params = given ?? current
	const courses = options.courses.filter((c) => !filter.path || c.pathId === filter.path)
	const courseIds = new Set(courses.map((c) => c.id))
	const modules = options.modules.filter((m) => (filter.course ? m.courseId === filter.course : courseIds.has(m.courseId)))
	// Modules under their course, so two modules of the same name are told apart.
	const choices: Record<Level, Choice[]> = {
		path: [{ options: options.paths.map((p) => ({ value: p.id, label: p.title })) }],
		course: [{ options: courses.map((c) => ({ value: c.id, label: c.title })) }],
		module: moduleGroups(options.paths, courses, modules).map((g) => ({ group: g.label, options: g.options })),
	}
	const change = (name: string, value: string) => {
		const next = new URLSearchParams(params)
		if (value === ALL) next.delete(name)
		else next.set(name, value)
		for (const l of below[name as Level] ?? []) next.delete(l)
		next.delete('page')
		setParams(next, { preventScrollReset: true })
	}
	const any = levels.some((l) => filter[l]) || extras.some((e) => e.value) || Boolean(search?.value)
	const kept = [...levels.map((l) => [l, filter[l]] as const), ...extras.map((e) => [e.name, e.value] as const)].filter((p): p is readonly [string, string] =>
		Boolean(p[1]),
	)
	return (
		<Form
			method="get"
			role="search"
			aria-label={t('admin.filters.label')}
			className="bg-card mb-4 flex flex-wrap items-end gap-3 rounded-xl border p-4"
			preventScrollReset
		>
			{search ? (
				<div className="flex w-full flex-wrap items-end gap-3">
					<div className="grid min-w-0 flex-1 gap-1.5">
						<Label htmlFor="filter-q">{search.label}</Label>
						<div className="relative">
							<Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
							<Input
								id="filter-q"
								name="q"
								type="search"
								defaultValue={search.value}
								key={search.value}
								maxLength={100}
								placeholder={search.placeholder}
								className="pl-8"
							/>
						</div>
					</div>
					{kept.map(([name, value]) => (
						<input key={name} type="hidden" name={name} value={value} />
					))}
					<Button type="submit">{search.button}</Button>
				</div>
			) : null}
			{levels.map((level) => (
				<FilterSelect
					key={level}
					id={`filter-${level}`}
					label={t(`admin.filters.${level}`)}
					value={filter[level]}
					all={t(`admin.filters.all.${level}`)}
					choices={choices[level]}
					onChange={(v) => change(level, v)}
				/>
			))}
			{extras.map((e) => (
				<FilterSelect
					key={e.name}
					id={`filter-${e.name}`}
					label={e.label}
					value={e.value}
					all={e.all}
					choices={[{ options: e.options }]}
					onChange={(v) => change(e.name, v)}
				/>
			))}
			{any ? (
				<Link to="?" className="text-primary h-9 px-2 text-sm leading-9 underline-offset-4 hover:underline" preventScrollReset>
					{t('admin.filters.clear')}
				</Link>
			) : null}
		</Form>
	)
}
