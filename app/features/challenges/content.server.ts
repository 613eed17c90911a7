import { eq, inArray } from 'drizzle-orm'
import type { Db } from '#db/client.server.ts'
import { lessonChallenges } from '#db/schema.ts'

// A challenge lesson's own data (lesson_challenges), written in the same transaction as its lesson row by
// the content import and the admin studio, and read back for the export and the studio's edit dialog.

type Tx = Pick<Db, 'insert' | 'delete' | 'select'>

export type ChallengeContent = { starter: string; tests: string; solution: string; hints: string[]; hintsPt: string[] }

/** Store (or replace) a lesson's challenge data; `null` removes it, for a lesson that is no longer a challenge. */
export async function writeChallenge(tx: Tx, lessonId: string, content: ChallengeContent | null) {
	if (!content) {
		await tx.delete(lessonChallenges).where(eq(lessonChallenges.lessonId, lessonId))
		return
	}
	const values = { starterCode: content.starter, testsCode: content.tests, solutionCode: content.solution, hints: content.hints, hintsPt: content.hintsPt }
	await tx
		.insert(lessonChallenges)
		.values({ lessonId, ...values })
		.onConflictDoUpdate({ target: lessonChallenges.lessonId, set: { ...values, updatedAt: new Date() } })
}

/** The challenge data of these lessons, by lesson id; one query. For admins and the export only. */
export async function readChallenges(db: Pick<Db, 'select'>, lessonIds: string[]): Promise<Map<string, ChallengeContent>> {
	if (!lessonIds.length) return new Map()
	const rows = await db.select().from(lessonChallenges).where(inArray(lessonChallenges.lessonId, lessonIds))
	return new Map(rows.map((r) => [r.lessonId, { starter: r.starterCode, tests: r.testsCode, solution: r.solutionCode, hints: r.hints, hintsPt: r.hintsPt }]))
}
