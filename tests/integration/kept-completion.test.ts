import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { lessons, session, userProgress, xpLedger } from '#db/schema.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { resetAuthForTests } from '~/features/auth/auth.server.ts'
import { signIn } from '~/features/auth/flows.server.ts'
import { getUser } from '~/features/auth/session.server.ts'
import { forgetAllSessions } from '~/features/auth/session-cache.server.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { CLIENT_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { setDbHandleForTests } from '~/lib/db.server.ts'
import { action } from '~/routes/dashboard/course.tsx'
import { cookiesOf, postForm } from '#tests/support/actions.ts'
import { setEnv } from '#tests/support/env.ts'
import { createCurriculum } from '#tests/support/factories.ts'
import { pgReachable, pgTestDb } from '#tests/support/pg.ts'
import { statementsSent } from '#tests/support/statements.ts'
import { useTestDb } from '#tests/support/test-db.ts'

// Issue 21, ADR 0026: 'complete' runs on the session this process kept for the cookie and on its kept curriculum,
// both checked by the completion's own statement. A session ended elsewhere, or due for its refresh, and a
// curriculum changed elsewhere, write nothing through it: the action then asks for both, as every write did.

const APP = 'http://localhost:4583'
let ip = 1
const nextIp = () => `203.0.113.${ip++}`

function suite(name: string, open: () => Promise<DbHandle>, close: (h: DbHandle) => Promise<void>) {
	describe(name, () => {
		let h: DbHandle
		let n = 0
		let previous: Record<string, string | undefined>
		beforeAll(async () => {
			previous = setEnv({ APP_URL: APP, SESSION_CACHE_SECONDS: '10' })
			h = await open()
			setDbHandleForTests(h)
			resetAuthForTests()
		})
		afterEach(() => forgetAllSessions())
		afterAll(async () => {
			await close(h)
			setEnv(previous)
		})

		/** A learner signed in, and a course of three text lessons (so no completion here finishes the path). */
		async function setUp() {
			const email = `kept-${++n}@example.test`
			const account = await createAccount(h.db, { email, password: 'kept-password-4471' })
			const login = new Request(`${APP}/login`, { method: 'POST', headers: { [CLIENT_ADDRESS_HEADER]: nextIp() } })
			const signed = await signIn(login, email, 'kept-password-4471')
			if (!signed.ok) throw new Error('sign-in failed')
			const cur = await createCurriculum({ types: ['text', 'text', 'text'], xp: [10, 20, 30], path: { title: `Kept path ${n}` } })
			return { id: account.id, cookie: cookiesOf(signed.headers), cur }
		}
		/** What the course player's page read leaves in the process: the session for the cookie, the curriculum tree. */
		async function readPage(cookie: string) {
			expect(await getUser(new Request(`${APP}/dashboard`, { headers: { [CLIENT_ADDRESS_HEADER]: nextIp(), cookie } }))).not.toBeNull()
			await curriculum()
		}
		async function complete(cookie: string, courseId: string, lessonId: string) {
			const url = `${APP}/dashboard/learn/course/${courseId}`
			const { out, statements } = await statementsSent(h, () =>
				postForm(action, url, { intent: 'complete', lessonId }, { cookie, ip: nextIp(), params: { courseId } }),
			)
			return { status: out.status, data: out.data, statements }
		}
		const written = async (userId: string, lessonId: string) => ({
			progress: await h.db.$count(userProgress, and(eq(userProgress.userId, userId), eq(userProgress.lessonId, lessonId))),
			xp: await h.db.$count(xpLedger, and(eq(xpLedger.userId, userId), eq(xpLedger.sourceId, lessonId))),
		})

		it('completes on the session the page read kept, in one statement', async () => {
			const { id, cookie, cur } = await setUp()
			await readPage(cookie)
			const first = await complete(cookie, cur.course.id, cur.lessons[0]!.id)
			// The first completion of a learner also runs the certificate check (no progress version yet, ADR 0024).
			expect(first).toMatchObject({ status: 200, data: { ok: true, xpAwarded: 10, enrolledPathTitle: cur.path.title } })
			expect(await complete(cookie, cur.course.id, cur.lessons[1]!.id)).toEqual({
				status: 200,
				data: { ok: true, intent: 'complete', xpAwarded: 20, certificateId: null, enrolledPathTitle: null },
				statements: 1,
			})
			expect(await written(id, cur.lessons[1]!.id)).toEqual({ progress: 1, xp: 1 })
		})

		it('a session ended elsewhere completes nothing through what the process kept: 401, nothing written', async () => {
			const { id, cookie, cur } = await setUp()
			await readPage(cookie)
			// Another process (or the CLI) ends the session: only the database changes.
			await h.db.delete(session).where(eq(session.userId, id))
			expect(await complete(cookie, cur.course.id, cur.lessons[0]!.id)).toMatchObject({ status: 401 })
			expect(await written(id, cur.lessons[0]!.id)).toEqual({ progress: 0, xp: 0 })
		})

		it('a session due for its refresh is handed to Better Auth, which extends it, and the completion is written', async () => {
			const { id, cookie, cur } = await setUp()
			await readPage(cookie)
			const soon = new Date(Date.now() + 60_000)
			await h.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, id))
			expect(await complete(cookie, cur.course.id, cur.lessons[0]!.id)).toMatchObject({ status: 200, data: { ok: true, xpAwarded: 10 } })
			const [row] = await h.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, id))
			expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 86_400_000)
		})

		it('a curriculum changed elsewhere is not written from the kept tree: the lesson is found again', async () => {
			const { id, cookie, cur } = await setUp()
			await readPage(cookie)
			// Another process's admin changes the lessons (a trigger moves the curriculum's version): this process's
			// tree still has the old XP and the lesson published.
			await h.db.update(lessons).set({ xpValue: 77 }).where(eq(lessons.id, cur.lessons[0]!.id))
			await h.db.update(lessons).set({ isPublished: false }).where(eq(lessons.id, cur.lessons[1]!.id))
			expect(await complete(cookie, cur.course.id, cur.lessons[0]!.id)).toMatchObject({ status: 200, data: { ok: true, xpAwarded: 77 } })
			expect(await complete(cookie, cur.course.id, cur.lessons[1]!.id)).toMatchObject({ status: 404 })
			expect(await written(id, cur.lessons[1]!.id)).toEqual({ progress: 0, xp: 0 })
		})

		it('after a completion that asked for the session, the next one takes the kept way', async () => {
			const { cookie, cur } = await setUp()
			await curriculum()
			// Nothing kept for this cookie: the session is asked for (and the first completion runs its check).
			const asked = await complete(cookie, cur.course.id, cur.lessons[0]!.id)
			expect(asked).toMatchObject({ status: 200, data: { ok: true } })
			expect(asked.statements).toBeGreaterThan(1)
			expect(await complete(cookie, cur.course.id, cur.lessons[1]!.id)).toMatchObject({ status: 200, statements: 1 })
		})
	})
}

suite('the kept completion on PGlite', useTestDb, (h) => h.close())

if (await pgReachable()) {
	const pg = pgTestDb('learnchain_kept_completion')
	suite('the kept completion on PostgreSQL', pg.open, pg.close)
} else {
	console.warn('[kept-completion.test] PostgreSQL is not reachable: only the PGlite half runs.')
}
