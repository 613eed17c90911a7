import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#db/client.server.ts'
import { learningPaths, userProfiles, xpLedger } from '#db/schema.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { createCurriculum, createLearner } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { nameInitials, weekStart } from './params.ts'
import { boardPaths, scoreboard } from './scoreboard.server.ts'

// Wednesday; the week started on Monday 2026-03-09.
const now = new Date('2026-03-11T12:00:00Z')
let db: Db
let pathA: string
let lessonA: string
let lessonB: string

async function addUser(id: string, name: string, opts: { banned?: boolean } = {}) {
	await createLearner({ id, name, email: `${id}@example.test`, banned: opts.banned ?? false })
}

// Ledger rows written as they are, not through completions: the board is a reading of the ledger, and these amounts
// and times (ties, weeks, a lesson deleted since) are what it must rank.
async function award(userId: string, kind: 'lesson' | 'achievement', sourceId: string, amount: number, at: string) {
	await db.insert(xpLedger).values({ userId, sourceKind: kind, sourceId, amount, createdAt: new Date(at) })
}

async function addLesson(pathSlug: string) {
	const { path, lessons } = await createCurriculum({ path: { title: pathSlug, slug: pathSlug } })
	return { pathId: path.id, lessonId: lessons[0]!.id }
}

beforeAll(async () => {
	db = (await useTestDb()).db
	;({ pathId: pathA, lessonId: lessonA } = await addLesson('path-a'))
	;({ lessonId: lessonB } = await addLesson('path-b'))
	await addUser('ana', 'Ana Souza')
	await addUser('bob', 'Bob')
	await addUser('cid', '')
	await addUser('dan', 'Dan')
	await addUser('eve', 'Eve', { banned: true })
	// Ana and Bob tie at 150 all time; Bob got there first.
	await award('ana', 'lesson', lessonA, 100, '2026-03-02T10:00:00Z')
	await award('ana', 'achievement', 'first-lesson', 50, '2026-03-10T10:00:00Z')
	await award('bob', 'lesson', lessonB, 150, '2026-03-09T09:00:00Z')
	// Cid leads all time but earned everything before this week.
	await award('cid', 'lesson', lessonA, 500, '2026-02-01T10:00:00Z')
	// Dan's last row is 0 XP: it does not make him "reach" his total later.
	await award('dan', 'lesson', lessonB, 150, '2026-03-09T08:00:00Z')
	await award('dan', 'lesson', '00000000-0000-0000-0000-000000000000', 0, '2026-03-11T08:00:00Z')
	await award('eve', 'lesson', lessonA, 9000, '2026-03-10T10:00:00Z')
})

describe('scoreboard ranking', () => {
	it('ranks by XP, equal XP by who reached it first, and skips banned learners', async () => {
		const { top } = await scoreboard({ viewerId: 'ana', showEmails: false, period: 'all', now })
		expect(top.map((r) => [r.rank, r.userId, r.xp])).toEqual([
			[1, 'cid', 500],
			[2, 'dan', 150],
			[3, 'bob', 150],
			[4, 'ana', 150],
		])
	})

	it('counts completed lessons from the ledger and marks the viewer', async () => {
		const { top, me } = await scoreboard({ viewerId: 'ana', showEmails: false, period: 'all', now })
		expect(top.find((r) => r.userId === 'ana')).toMatchObject({ lessons: 1, isViewer: true })
		expect(top.find((r) => r.userId === 'dan')!.lessons).toBe(2)
		expect(me).toMatchObject({ userId: 'ana', rank: 4 })
	})

	it('this week counts only rows since Monday 00:00 UTC', async () => {
		const { top } = await scoreboard({ viewerId: 'ana', showEmails: false, period: 'week', now })
		expect(top.map((r) => [r.userId, r.xp])).toEqual([
			['dan', 150],
			['bob', 150],
			['ana', 50],
		])
	})

	it('by path counts only lesson XP of that path', async () => {
		const { top } = await scoreboard({ viewerId: 'bob', showEmails: false, period: 'all', pathId: pathA, now })
		expect(top.map((r) => [r.userId, r.xp, r.lessons])).toEqual([
			['cid', 500, 1],
			['ana', 100, 1],
		])
	})

	it('shows the viewer outside the top list with their rank', async () => {
		const { top, me } = await scoreboard({ viewerId: 'ana', showEmails: false, period: 'all', limit: 2, now })
		expect(top.map((r) => r.userId)).toEqual(['cid', 'dan'])
		expect(me).toMatchObject({ userId: 'ana', rank: 4, xp: 150 })
	})

	it('has no own row for a viewer without XP in the period', async () => {
		const { me } = await scoreboard({ viewerId: 'cid', showEmails: false, period: 'week', now })
		expect(me).toBeNull()
	})

	it('reads emails only for admins and falls back from the profile name to the account name', async () => {
		await db.insert(userProfiles).values({ userId: 'bob', fullName: 'Robert Silva' })
		const learner = await scoreboard({ viewerId: 'ana', showEmails: false, period: 'all', now })
		expect(learner.top.every((r) => r.email === null)).toBe(true)
		expect(learner.top.find((r) => r.userId === 'bob')!.name).toBe('Robert Silva')
		expect(learner.top.find((r) => r.userId === 'cid')!.name).toBeNull()
		const admin = await scoreboard({ viewerId: 'ana', showEmails: true, period: 'all', now })
		expect(admin.top.find((r) => r.userId === 'cid')!.email).toBe('cid@example.test')
	})

	it('titles the By path buttons in the language of the reader, English where no twin exists', async () => {
		await db.update(learningPaths).set({ titlePt: 'Trilha A' }).where(eq(learningPaths.id, pathA))
		const titles = async (lang: 'en-US' | 'pt-BR') => Object.fromEntries(boardPaths(await curriculum(), lang).map((p) => [p.slug, p.title]))
		expect(await titles('pt-BR')).toMatchObject({ 'path-a': 'Trilha A', 'path-b': 'path-b' })
		expect(await titles('en-US')).toMatchObject({ 'path-a': 'path-a', 'path-b': 'path-b' })
	})

	it('leaves unpublished paths out of the By path buttons, as soon as they are unpublished', async () => {
		expect(boardPaths(await curriculum()).map((p) => p.id)).toContain(pathA)
		await db.update(learningPaths).set({ isPublished: false }).where(eq(learningPaths.id, pathA))
		expect(boardPaths(await curriculum()).map((p) => p.id)).not.toContain(pathA)
		await db.update(learningPaths).set({ isPublished: true }).where(eq(learningPaths.id, pathA))
	})
})

describe('scoreboard helpers', () => {
	it('starts the week on Monday 00:00 UTC', () => {
		expect(weekStart(new Date('2026-03-11T12:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z')
		expect(weekStart(new Date('2026-03-09T00:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z')
		expect(weekStart(new Date('2026-03-15T23:59:59Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z')
	})

	it('makes initials from names only', () => {
		expect(nameInitials('Ana Maria Souza')).toBe('AS')
		expect(nameInitials('bob')).toBe('BO')
		expect(nameInitials('  ')).toBe('?')
		expect(nameInitials(null)).toBe('?')
	})
})
