import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userProgress } from '#db/schema.ts'
import type { DbHandle } from '#db/client.server.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { signIn } from '~/features/auth/flows.server.ts'
import { forgetAllSessions } from '~/features/auth/session-cache.server.ts'
import { resumePoint } from '~/features/progress/progress.server.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { action, loader } from '~/routes/dashboard/course.tsx'
import { cookiesOf } from '#tests/support/actions.ts'
import { createCurriculum, type Curriculum } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// Issue 21: opening a lesson records the view (in progress, and when: the resume point), except when the
// lesson is already the one the learner touched last, where the write could only move its time.

const APP = 'http://localhost:4581'
const OLD = new Date('2020-01-01T00:00:00Z')

describe('the course player records views', () => {
	let h: DbHandle
	let cur: Curriculum
	let learner: { id: string; cookie: string }
	beforeAll(async () => {
		process.env.APP_URL = APP
		resetEnvForTests()
		h = await useTestDb()
		cur = await createCurriculum({ types: ['text', 'text'] })
		const account = await createAccount(h.db, { email: 'viewer@example.test', password: 'viewer-password-5521' })
		const request = new Request(`${APP}/login`, { method: 'POST', headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.7' } })
		const result = await signIn(request, 'viewer@example.test', 'viewer-password-5521')
		if (!result.ok) throw new Error('sign-in failed')
		learner = { id: account.id, cookie: cookiesOf(result.headers) }
	})
	afterAll(() => {
		forgetAllSessions()
		delete process.env.APP_URL
		resetEnvForTests()
	})

	const open = (lessonId: string) =>
		loader({
			request: new Request(`${APP}/dashboard/learn/course/${cur.course.id}?lesson=${lessonId}`, { headers: { cookie: learner.cookie } }),
			params: { courseId: cur.course.id },
			context: {},
		} as never)
	const row = async (lessonId: string) =>
		(await h.db.query.userProgress.findFirst({ where: and(eq(userProgress.userId, learner.id), eq(userProgress.lessonId, lessonId)) }))!
	const age = (lessonId: string) => h.db.update(userProgress).set({ lastViewedAt: OLD, updatedAt: OLD }).where(eq(userProgress.lessonId, lessonId))

	it('writes a first view, skips a view of the lesson touched last, and writes again once another came between', async () => {
		const [a, b] = cur.lessons.map((l) => l.id) as [string, string]
		expect((await open(a)).lesson?.id).toBe(a)
		expect(await row(a)).toMatchObject({ status: 'in_progress' })

		// Viewing it again changes nothing: its time stays where it was.
		await age(a)
		await open(a)
		expect((await row(a)).lastViewedAt?.getTime()).toBe(OLD.getTime())
		expect((await row(a)).updatedAt.getTime()).toBe(OLD.getTime())
		expect((await resumePoint(learner.id))?.lessonId).toBe(a)

		// Another lesson in between: both views are written, and the resume point follows them.
		await open(b)
		expect((await resumePoint(learner.id))?.lessonId).toBe(b)
		await open(a)
		expect((await row(a)).lastViewedAt!.getTime()).toBeGreaterThan(OLD.getTime())
		expect((await resumePoint(learner.id))?.lessonId).toBe(a)
	})

	it('records no view on the page rendered after a refused post, whatever its method and body', async () => {
		const fresh = await createCurriculum({ types: ['text'] })
		const [lesson] = fresh.lessons.map((l) => l.id) as [string]
		const url = `${APP}/dashboard/learn/course/${fresh.course.id}?lesson=${lesson}`
		for (const [method, contentType] of [
			['DELETE', 'text/plain'],
			['POST', 'application/json'],
			['POST', 'application/x-www-form-urlencoded'],
		] as const) {
			// As React Router runs them for a post without JavaScript: the action, then the loaders with the same
			// context and the post's headers on a GET of the same address.
			const context = {}
			const headers = { cookie: learner.cookie, 'content-type': contentType, origin: APP }
			const refused = await action({
				request: new Request(url, { method, headers, body: '[x](javascript:1)' }),
				params: { courseId: fresh.course.id },
				context,
			} as never)
			expect((refused as { init?: { status?: number } }).init?.status).toBe(400)
			await loader({ request: new Request(url, { headers }), params: { courseId: fresh.course.id }, context } as never)
			expect(await h.db.query.userProgress.findFirst({ where: and(eq(userProgress.userId, learner.id), eq(userProgress.lessonId, lesson)) })).toBeUndefined()
		}
		// A visit records it.
		await loader({ request: new Request(url, { headers: { cookie: learner.cookie } }), params: { courseId: fresh.course.id }, context: {} } as never)
		expect(await row(lesson)).toMatchObject({ status: 'in_progress' })
	})
})
