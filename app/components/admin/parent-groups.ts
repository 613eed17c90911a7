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

/** Modules grouped under 'path › course'. */
export function moduleGroups(paths: PathOption[], courses: CourseOption[], modules: ModuleOption[]): OptionGroup[] {
	const pathTitle = new Map(paths.map((p) => [p.id, p.title]))
	return courses
		.map((c) => ({
			label: `${pathTitle.get(c.pathId) ?? ''} › ${c.title}`,
			options: modules.filter((m) => m.courseId === c.id).map((m) => ({ value: m.id, label: `${m.order}. ${m.title}` })),
		}))
		.filter((g) => g.options.length > 0)
}
