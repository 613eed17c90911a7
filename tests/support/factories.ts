// Test factories (issue 17, point 6): curriculum rows through the Drizzle schema objects, learner activity through
// the feature functions the app uses (app/features/system/factories.server.ts, shared with the demo seeding).
// Every factory has sensible defaults and takes overrides; slugs are unique so tests can share a database.
import { randomUUID } from 'node:crypto'
import { courses, learningPaths, lessonChallenges, lessons, modules } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'

export {
	application,
	certificate,
	claim,
	completion,
	completions,
	createLearner,
	enrollIn,
	passedChallenge,
	passedChallengeAttempt,
	profile,
	quizAttempt,
	viewLesson,
} from '~/features/system/factories.server.ts'

type PathRow = typeof learningPaths.$inferSelect
type CourseRow = typeof courses.$inferSelect
type ModuleRow = typeof modules.$inferSelect
type LessonRow = typeof lessons.$inferSelect
export type LessonType = 'text' | 'video' | 'quiz' | 'challenge'

const uniqueSlug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`

/** A published learning path. */
export async function createPath(overrides: Partial<typeof learningPaths.$inferInsert> = {}): Promise<PathRow> {
	const db = await getDb()
	const [row] = await db
		.insert(learningPaths)
		.values({ title: 'Test Path', slug: uniqueSlug('path'), isPublished: true, publishedAt: new Date(), ...overrides })
		.returning()
	return row!
}

export async function createCourse(pathId: string, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
	const db = await getDb()
	const [row] = await db
		.insert(courses)
		.values({ pathId, title: 'Test Course', slug: uniqueSlug('course'), isPublished: true, publishedAt: new Date(), ...overrides })
		.returning()
	return row!
}

export async function createModule(courseId: string, overrides: Partial<typeof modules.$inferInsert> = {}): Promise<ModuleRow> {
	const db = await getDb()
	const [row] = await db
		.insert(modules)
		.values({ courseId, title: 'Test Module', slug: uniqueSlug('module'), isPublished: true, publishedAt: new Date(), ...overrides })
		.returning()
	return row!
}

/** Three questions; the right answer is always the first option. */
export const sampleQuiz = [
	{ question: 'What links blocks together?', options: ['Hashes', 'Signatures', 'Timestamps'], correctAnswer: 'Hashes' },
	{ question: 'What pays for computation on Ethereum?', options: ['Gas', 'Nonces', 'Blocks'], correctAnswer: 'Gas' },
	{ question: 'What proves who sent a transaction?', options: ['A signature', 'The gas price', 'The block number'], correctAnswer: 'A signature' },
]

const contentOf: Record<LessonType, () => string> = {
	text: () => '# A lesson\n\nSome text.',
	video: () => 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
	quiz: () => JSON.stringify(sampleQuiz),
	challenge: () => 'Write a contract that passes the tests.',
}

/**
 * A published lesson of the given type with content that type needs (a quiz's questions, a challenge's code
 * row). `challenge` overrides the challenge row's fields.
 */
export async function createLesson(
	moduleId: string,
	type: LessonType = 'text',
	overrides: Partial<typeof lessons.$inferInsert> = {},
	challenge: Partial<typeof lessonChallenges.$inferInsert> = {},
): Promise<LessonRow> {
	const db = await getDb()
	const [row] = await db
		.insert(lessons)
		.values({
			moduleId,
			title: `Test ${type} lesson`,
			slug: uniqueSlug(type),
			lessonType: type,
			content: contentOf[type](),
			xpValue: 10,
			isPublished: true,
			publishedAt: new Date(),
			...overrides,
		})
		.returning()
	if (type === 'challenge') {
		await db.insert(lessonChallenges).values({
			lessonId: row!.id,
			starterCode: 'pragma solidity ^0.8.24;\ncontract Counter {}\n',
			testsCode: 'pragma solidity ^0.8.24;\n',
			solutionCode: 'pragma solidity ^0.8.24;\ncontract Counter { uint256 public count; }\n',
			...challenge,
		})
	}
	return row!
}

export type Curriculum = { path: PathRow; course: CourseRow; module: ModuleRow; lessons: LessonRow[] }

/**
 * A path with one course and one module holding a lesson of each given type (in order), all published.
 * `xp` gives each lesson's XP (default 10).
 */
export async function createCurriculum({
	types = ['text'],
	xp,
	path: pathOverrides = {},
	course: courseOverrides = {},
	module: moduleOverrides = {},
}: {
	types?: LessonType[]
	xp?: number[]
	path?: Partial<typeof learningPaths.$inferInsert>
	course?: Partial<typeof courses.$inferInsert>
	module?: Partial<typeof modules.$inferInsert>
} = {}): Promise<Curriculum> {
	const path = await createPath(pathOverrides)
	const course = await createCourse(path.id, courseOverrides)
	const mod = await createModule(course.id, moduleOverrides)
	const out: LessonRow[] = []
	for (const [i, type] of types.entries()) out.push(await createLesson(mod.id, type, { order: i + 1, xpValue: xp?.[i] ?? 10 }))
	return { path, course, module: mod, lessons: out }
}
