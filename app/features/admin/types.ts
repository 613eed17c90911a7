// Shapes shared by the admin queries and the screens that show them (no server code here).
import type { FieldErrors } from '~/lib/field-errors.ts'
import type { ContentIntent } from './schemas.ts'

type Stamps = {
	isPublished: boolean
	publishedAt: string | null
	createdAt: string
	updatedAt: string
	updatedByName: string | null
}

// The Portuguese twins (null: not translated yet) and catalog facts the studio edits beside the English.
type CatalogFacts = { level: 'beginner' | 'intermediate' | 'advanced' | null; prerequisites: string | null; prerequisitesPt: string | null }

export type AdminPath = Stamps &
	CatalogFacts & {
		id: string
		title: string
		titlePt: string | null
		slug: string
		description: string | null
		descriptionPt: string | null
		courseCount: number
	}

export type AdminCourse = Stamps &
	CatalogFacts & {
		titlePt: string | null
		summaryPt: string | null
		descriptionPt: string | null
		id: string
		pathId: string
		pathTitle: string | null
		title: string
		slug: string
		summary: string | null
		description: string | null
		order: number
		durationMinutes: number | null
		thumbnailUrl: string | null
		moduleCount: number
	}

export type AdminModule = Stamps & {
	titlePt: string | null
	summaryPt: string | null
	id: string
	courseId: string
	courseTitle: string | null
	pathId: string | null
	pathTitle: string | null
	title: string
	slug: string
	summary: string | null
	order: number
	lessonCount: number
}

export type AdminLesson = Stamps & {
	titlePt: string | null
	/** A text lesson or challenge with no Portuguese body yet. */
	bodyUntranslated: boolean
	id: string
	moduleId: string
	moduleTitle: string | null
	courseId: string | null
	courseTitle: string | null
	pathId: string | null
	pathTitle: string | null
	title: string
	slug: string
	lessonType: string
	order: number
	xpValue: number
	durationMinutes: number | null
	thumbnailUrl: string | null
	/** The first 160 characters of a text lesson or a challenge's brief, or a video's URL; null for quizzes. */
	preview: string | null
}

/** Lighter rows for the filters and the parent selects, with each parent's child count. */
export type PathOption = { id: string; title: string; childCount: number }
export type CourseOption = { id: string; title: string; pathId: string; order: number; childCount: number }
export type ModuleOption = { id: string; title: string; courseId: string; order: number; childCount: number }

export type AuditEntry = {
	id: string
	action: string
	changes: Record<string, unknown>
	createdAt: string
	actorName: string | null
	actorEmail: string | null
}

export type ActionResult = { ok: true; intent: ContentIntent; id?: string } | { ok: false; intent?: ContentIntent; error: string; fields?: FieldErrors }

export type AdminUser = {
	id: string
	name: string
	email: string
	role: string
	emailVerified: boolean
	createdAt: string
	enrollments: number
	xp: number
}

export type ImportItem = { kind: 'path' | 'course' | 'module' | 'lesson'; key: string; title: string; action: 'create' | 'update' }
export type ImportPreview = {
	counts: Record<'create' | 'update', { paths: number; courses: number; modules: number; lessons: number }>
	items: ImportItem[]
}
