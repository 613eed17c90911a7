// Shapes shared by the catalog queries and the components that show them.

export type OutlineLesson = {
	id: string
	title: string
	lessonType: string
	order: number
	xpValue: number
	isPublished: boolean
	status: 'not_started' | 'in_progress' | 'completed'
}
export type OutlineModule = { id: string; title: string; order: number; isPublished: boolean; lessons: OutlineLesson[] }
