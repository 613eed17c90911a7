import type { CourseOption, ModuleOption, PathOption } from '~/features/admin/types.ts'
import type { OptionGroup } from './fields'

/** Courses grouped under their path, in course order. */
export function courseGroups(paths: PathOption[], courses: CourseOption[]): OptionGroup[] {
	return paths
		.map((p) => ({
			label: p.title,
			options: courses.filter((c) => c.pathId === p.id).map((c) => ({ value: c.id, label: `${c.order}. ${c.title}` })),
		}))
		.filter((g) => g.options.length > 0)
}

/**
 * Modules grouped under their course (the `<optgroup>` label), so two modules of the same name are told
 * apart; a course title shared by two paths gets its path's title too.
 */
export function moduleGroups(paths: PathOption[], courses: CourseOption[], modules: ModuleOption[]): OptionGroup[] {
	const pathTitle = new Map(paths.map((p) => [p.id, p.title]))
	const uses = new Map<string, number>()
	for (const c of courses) uses.set(c.title, (uses.get(c.title) ?? 0) + 1)
	const ordered = [...courses].sort(
		(a, b) => (pathTitle.get(a.pathId) ?? '').localeCompare(pathTitle.get(b.pathId) ?? '') || a.order - b.order || a.title.localeCompare(b.title),
	)
	return ordered
		.map((c) => ({
			label: (uses.get(c.title) ?? 0) > 1 ? `${c.title} (${pathTitle.get(c.pathId) ?? ''})` : c.title,
			options: modules.filter((m) => m.courseId === c.id).map((m) => ({ value: m.id, label: `${m.order}. ${m.title}` })),
		}))
		.filter((g) => g.options.length > 0)
}

/** Where a module sits: 'path › course', for the hint under the module picker. */
export function modulePlace(paths: PathOption[], courses: CourseOption[], modules: ModuleOption[], moduleId: string): string | null {
	const mod = modules.find((m) => m.id === moduleId)
	const course = mod && courses.find((c) => c.id === mod.courseId)
	if (!course) return null
	const path = paths.find((p) => p.id === course.pathId)
	return [path?.title, course.title].filter(Boolean).join(' › ')
}
