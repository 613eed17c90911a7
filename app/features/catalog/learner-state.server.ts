import { and, eq, inArray, sql } from 'drizzle-orm'
import { userEnrollments, userProgress, xpLedger } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { curriculum, type Curriculum } from './curriculum.server.ts'
import type { OutlineLesson } from './types.ts'

// What a learner brings to the curriculum kept in memory (curriculum.server.ts): their lesson statuses,
// enrollments and XP, each page's one query for them. Rows are the learner's own, so the cost follows
// their history (at most one row per lesson), never the platform's.

export type CatalogState = {
	completed: Set<string>
	enrolled: Set<string>
	/** The active enrollments, oldest first (where a first visit starts). */
	enrolledInOrder: string[]
}

/** The learner's completed lessons and active enrollments, in one round trip. */
export async function catalogState(userId: string): Promise<CatalogState> {
	if (!userId) return { completed: new Set(), enrolled: new Set(), enrolledInOrder: [] }
	const db = await getDb()
	const {
		rows: [row],
	} = await db.execute<{ completed: string[] | null; enrolled: string[] | null }>(sql`
		SELECT
			(SELECT array_agg(${userProgress.lessonId}) FROM ${userProgress}
				WHERE ${userProgress.userId} = ${userId} AND ${userProgress.status} = 'completed') AS completed,
			(SELECT array_agg(${userEnrollments.learningPathId} ORDER BY ${userEnrollments.createdAt}, ${userEnrollments.id}) FROM ${userEnrollments}
				WHERE ${userEnrollments.userId} = ${userId} AND ${userEnrollments.isActive}) AS enrolled
	`)
	const enrolledInOrder = row?.enrolled ?? []
	return { completed: new Set(row?.completed ?? []), enrolled: new Set(enrolledInOrder), enrolledInOrder }
}

export type LessonState = { status: OutlineLesson['status']; xp: number }

/** Status and XP earned for each of these lessons the learner has touched, in one round trip. */
export async function lessonStates(userId: string, lessonIds: string[]): Promise<Map<string, LessonState>> {
	const out = new Map<string, LessonState>()
	if (!userId || !lessonIds.length) return out
	const db = await getDb()
	// Two reads in one statement: progress by (user, lesson), XP by the ledger's (user, kind, source) key.
	const progress = db
		.select({ id: userProgress.lessonId, status: userProgress.status, xp: sql<number>`0` })
		.from(userProgress)
		.where(and(eq(userProgress.userId, userId), inArray(userProgress.lessonId, lessonIds)))
	const xp = db
		.select({ id: sql<string>`${xpLedger.sourceId}::uuid`, status: sql<string>`NULL`, xp: xpLedger.amount })
		.from(xpLedger)
		.where(and(eq(xpLedger.userId, userId), eq(xpLedger.sourceKind, 'lesson'), inArray(xpLedger.sourceId, lessonIds)))
	for (const r of await progress.unionAll(xp)) {
		const kept = out.get(r.id) ?? { status: 'not_started', xp: 0 }
		if (r.status) kept.status = r.status as LessonState['status']
		kept.xp += Number(r.xp)
		out.set(r.id, kept)
	}
	return out
}

/** The kept curriculum and the learner's place in it: what the catalog and dashboard reads share in one request. */
export type CatalogContext = { tree: Curriculum; learner: CatalogState }

export async function catalogContext(userId: string): Promise<CatalogContext> {
	const [tree, learner] = await Promise.all([curriculum(), catalogState(userId)])
	return { tree, learner }
}
