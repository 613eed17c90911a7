// Shapes shared by the catalog queries and the components that show them.

export type OutlineLesson = {
	id: string
	title: string
	/** The title is the English fallback of a missing Portuguese translation. */
	englishOnly: boolean
	lessonType: string
	order: number
	xpValue: number
	durationMinutes: number | null
	isPublished: boolean
	status: 'not_started' | 'in_progress' | 'completed'
}
export type OutlineModule = { id: string; title: string; englishOnly: boolean; order: number; isPublished: boolean; lessons: OutlineLesson[] }
/** What the course player's outline draws of a lesson and of a module: all the page's data carries of them. */
export type OutlineRow = Pick<OutlineLesson, 'id' | 'title' | 'lessonType' | 'isPublished' | 'status'>
export type OutlineSection = Pick<OutlineModule, 'id' | 'title' | 'isPublished'> & { lessons: OutlineRow[] }

/** What a catalog card shows: the path in the learner's language and its facts (issue 20.3). */
export type PathCard = {
	id: string
	slug: string
	title: string
	description: string | null
	prerequisites: string | null
	/** Some of the texts above are the English fallback of a missing Portuguese translation. */
	englishOnly: boolean
	level: Level | null
	topics: string[]
	coverUrl: string | null
	courseCount: number
	lessonCount: number
	totalMinutes: number
	completedLessons: number
	isEnrolled: boolean
}

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export type Level = (typeof LEVELS)[number]

export type CourseSummary = {
	/** Published lessons in the course, and how many of them the learner has completed. */
	total: number
	done: number
	/** XP the learner earned from this course's lessons (the ledger, so each lesson counts once); null when not read. */
	xp: number | null
	/** The next published course of the same path (outline order), if any. */
	next: { id: string; title: string } | null
	/** Minutes per lesson, for the outline; lessons without a duration are left out. */
	minutes: Record<string, number>
}
