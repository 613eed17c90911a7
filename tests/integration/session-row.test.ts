import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { session, user as users } from '#db/schema.ts'
import type { DbHandle } from '#db/client.server.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { getAuth, resetAuthForTests } from '~/features/auth/auth.server.ts'
import { signIn } from '~/features/auth/flows.server.ts'
import { forgetAllSessions } from '~/features/auth/session-cache.server.ts'
import { getUser } from '~/features/auth/session.server.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { completeLesson } from '~/features/progress/progress.server.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { requestContext } from '~/lib/request-context.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { action as courseAction } from '~/routes/dashboard/course.tsx'
import { cookiesOf } from '#tests/support/actions.ts'
import { createCurriculum, sampleQuiz } from '#tests/support/factories.ts'
import { pgliteExecutions } from '#tests/support/statements.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// Issue 21: a write asks for its session in one statement (features/auth/session-row.server.ts) instead of
// Better Auth's getSession; what only Better Auth may decide (an expired session, one due for its sliding
// refresh) is still handed to it, and the answer is the same user Better Auth gives.

const DAY = 24 * 60 * 60 * 1000
let ip = 1
const post = (app: string, cookie: string) =>
	new Request(`${app}/dashboard/learn/course/x`, { method: 'POST', headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${ip++}`, cookie } })

describe('a write finds its session in one statement', () => {
	let h: DbHandle
	const APP = 'http://localhost:4591'
	beforeAll(async () => {
		process.env.APP_URL = APP
		resetEnvForTests()
		h = await useTestDb()
	})
	afterEach(() => forgetAllSessions())
	afterAll(() => {
		delete process.env.APP_URL
		resetEnvForTests()
	})

	async function signedIn(email: string) {
		const created = await createAccount(h.db, { email, password: 'row-password-5521' })
		const result = await signIn(post(APP, ''), email, 'row-password-5521')
		if (!result.ok) throw new Error('sign-in failed')
		return { id: created.id, cookie: cookiesOf(result.headers) }
	}
	const executions = () => pgliteExecutions(h)
	const expiresAt = async (userId: string) => (await h.db.select({ at: session.expiresAt }).from(session).where(eq(session.userId, userId)))[0]?.at.getTime()

	it('a live session: the user Better Auth gives, in one statement', async () => {
		const learner = await signedIn('row-live@example.test')
		const fromBetterAuth = await (await getAuth()).api.getSession({ headers: new Headers({ cookie: learner.cookie }) })
		const before = await executions()
		const user = await getUser(post(APP, learner.cookie))
		expect((await executions()) - before).toBe(1)
		expect(user).toEqual({
			id: fromBetterAuth!.user.id,
			email: fromBetterAuth!.user.email,
			name: fromBetterAuth!.user.name,
			image: null,
			role: 'user',
			emailVerified: true,
		})
	})

	it("a learner's write reads the curriculum's version once, with its session, and no body it does not use: a completion is two statements, an answer three", async () => {
		// Three lessons: the two completed here leave the path open (issuing a certificate writes more).
		const cur = await createCurriculum({ types: ['text', 'text', 'text'] })
		const learner = await signedIn('row-version@example.test')
		// The tree is kept; no lesson's body was read (nobody opened one), and a completion needs none.
		await curriculum()
		const statementsOf = (run: () => Promise<unknown>) =>
			requestContext.run({ id: `row-${ip}` }, async () => {
				const before = await executions()
				await run()
				return (await executions()) - before
			})
		// The course player's action, posted as the player posts it.
		const toPlayer = (courseId: string, fields: Record<string, string>) =>
			courseAction({
				request: new Request(`${APP}/dashboard/learn/course/${courseId}`, {
					method: 'POST',
					headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${ip++}`, cookie: learner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams(fields),
				}),
				params: { courseId },
				context: {},
			} as never)
		// 'Complete and continue': the session and the version, the completion's writes; no body. The writes also say
		// that a lesson of the path is still to do, which on this engine (one statement at a time) spares the
		// certificate check after them.
		const complete = { intent: 'complete', lessonId: cur.lessons[0]!.id }
		expect(await statementsOf(async () => expect(await toPlayer(cur.course.id, complete)).toMatchObject({ ok: true, intent: 'complete' }))).toBe(2)
		// The same through completeLesson, which finds the lesson itself.
		expect(
			await statementsOf(async () => {
				const user = await getUser(post(APP, learner.cookie))
				await completeLesson(user!.id, cur.lessons[1]!.id)
			}),
		).toBe(2)
		// An answer to a quiz's first question: the session and the version, the quiz's body (its options), the
		// answer's upsert. The action's tree is the one the answer reads: no second version read.
		const quiz = await createCurriculum({ types: ['quiz', 'text'] })
		await curriculum()
		const answer = { intent: 'answer', lessonId: quiz.lessons[0]!.id, index: '0', answer: sampleQuiz[0]!.correctAnswer }
		expect(await statementsOf(async () => expect(await toPlayer(quiz.course.id, answer)).toMatchObject({ ok: true, correct: true, done: false }))).toBe(3)
		// Once only: a second read of the curriculum in the same request asks for the version again.
		expect(
			await statementsOf(async () => {
				await getUser(post(APP, learner.cookie))
				await curriculum()
				await curriculum()
			}),
		).toBe(2)
		// An admin's write may change the curriculum: its reads always ask for the version.
		await h.db.update(users).set({ role: 'admin' }).where(eq(users.id, learner.id))
		expect(
			await statementsOf(async () => {
				await getUser(post(APP, learner.cookie))
				await curriculum()
			}),
		).toBe(2)
	})

	it('a cookie with a bad signature, or a token nobody holds, is signed out; no cookie asks nothing', async () => {
		const learner = await signedIn('row-forged@example.test')
		const [name, value] = learner.cookie.split(/=(.*)/s) as [string, string]
		const signed = decodeURIComponent(value)
		const dot = signed.lastIndexOf('.')
		// Another token under this token's signature, and this token under a signature one letter off.
		const forged = `${name}=${encodeURIComponent(`x${signed.slice(1)}`)}`
		const sig = signed.slice(dot + 1)
		const badSignature = `${name}=${encodeURIComponent(`${signed.slice(0, dot)}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)}`
		expect(await getUser(post(APP, forged))).toBeNull()
		expect(await getUser(post(APP, badSignature))).toBeNull()
		// A well-signed token that no session holds (ended, or never issued): one statement, signed out.
		const { secret } = await (await getAuth()).$context
		const unknown = `${name}=${encodeURIComponent(`no-such-token.${createHmac('sha256', secret).update('no-such-token').digest('base64')}`)}`
		const asked = await executions()
		expect(await getUser(post(APP, unknown))).toBeNull()
		expect((await executions()) - asked).toBe(1)
		const before = await executions()
		expect(await getUser(post(APP, ''))).toBeNull()
		expect(await getUser(post(APP, 'other=1'))).toBeNull()
		expect((await executions()) - before).toBe(0)
		// The real cookie after a forged one of the same name: the first one counts, as in Better Auth.
		expect(await getUser(post(APP, `${forged}; ${learner.cookie}`))).toBeNull()
		expect((await getUser(post(APP, `${learner.cookie}; ${forged}`)))?.id).toBe(learner.id)
	})

	it('an expired session is left to Better Auth: signed out, and its row deleted', async () => {
		const learner = await signedIn('row-expired@example.test')
		await h.db
			.update(session)
			.set({ expiresAt: new Date(Date.now() - 60_000) })
			.where(eq(session.userId, learner.id))
		expect(await getUser(post(APP, learner.cookie))).toBeNull()
		expect(await expiresAt(learner.id)).toBeUndefined()
	})

	it('a session due for its refresh is left to Better Auth, which extends it', async () => {
		const learner = await signedIn('row-refresh@example.test')
		const fresh = (await expiresAt(learner.id))!
		// Signed in two days ago: older than updateAge (1 day), so Better Auth moves its end 30 days from now.
		await h.db
			.update(session)
			.set({ expiresAt: new Date(fresh - 2 * DAY) })
			.where(eq(session.userId, learner.id))
		expect((await getUser(post(APP, learner.cookie)))?.id).toBe(learner.id)
		expect(await expiresAt(learner.id)).toBeGreaterThan(fresh - DAY)
		// Signed in an hour ago: not due, one statement and nothing written.
		await h.db
			.update(session)
			.set({ expiresAt: new Date(fresh - 60 * 60 * 1000) })
			.where(eq(session.userId, learner.id))
		const before = await executions()
		expect((await getUser(post(APP, learner.cookie)))?.id).toBe(learner.id)
		expect((await executions()) - before).toBe(1)
		expect(await expiresAt(learner.id)).toBe(fresh - 60 * 60 * 1000)
	})
})

describe('over https, the __Secure- session cookie', () => {
	const APP = 'https://learnchain.example'
	let h: DbHandle
	beforeAll(async () => {
		process.env.APP_URL = APP
		process.env.NODE_ENV = 'production'
		resetEnvForTests()
		h = await useTestDb()
	})
	afterAll(() => {
		forgetAllSessions()
		delete process.env.APP_URL
		process.env.NODE_ENV = 'test'
		resetEnvForTests()
		resetAuthForTests()
	})

	it('is the one read, and a plain-named copy of it is not', async () => {
		const created = await createAccount(h.db, { email: 'row-secure@example.test', password: 'row-password-5521' })
		const result = await signIn(post(APP, ''), 'row-secure@example.test', 'row-password-5521')
		if (!result.ok) throw new Error('sign-in failed')
		const cookie = cookiesOf(result.headers)
		expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/)
		expect((await getUser(post(APP, cookie)))?.id).toBe(created.id)
		expect(await getUser(post(APP, cookie.replace(/^__Secure-/, '')))).toBeNull()
	})
})
