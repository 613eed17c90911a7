import { learnerCourse } from '~/features/catalog/catalog.server.ts'
import type { CourseSummary } from '~/features/catalog/types.ts'

export type { CourseSummary }

/** One course's standing for the player: finished or not, the XP it earned, the course after it and each lesson's minutes. */
export async function courseSummary(userId: string, courseId: string, preview = false): Promise<CourseSummary> {
	return (await learnerCourse(courseId, userId, preview, 'en-US', { xp: true }))?.summary ?? { total: 0, done: 0, xp: 0, next: null, minutes: {} }
}

export const isFinished = (s: Pick<CourseSummary, 'total' | 'done'>) => s.total > 0 && s.done >= s.total
