import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user, userProfiles } from '#db/schema.ts'
import { loader } from '~/routes/api/db-digest.ts'
import { setEnv } from '#tests/support/env.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

type Digest = Record<string, { rows: number; hash: string }>

async function get(query = ''): Promise<{ status: number; body: unknown }> {
	let res: Response
	try {
		// From this machine, as the server says of a request on the loopback interface.
		const request = new Request(`http://localhost/dev/db-digest${query}`, { headers: { 'x-learnchain-peer': '127.0.0.1' } })
		res = (await loader({ request, params: {}, context: {} } as never)) as Response
	} catch (thrown) {
		res = thrown as Response
	}
	return { status: res.status, body: res.status === 200 ? await res.json() : await res.text() }
}

describe('/dev/db-digest, the test-only database fingerprint', () => {
	let h: DbHandle
	const env = { NODE_ENV: process.env.NODE_ENV, MAIL_OUTBOX: process.env.MAIL_OUTBOX, SMTP_URL: process.env.SMTP_URL }
	beforeAll(async () => {
		h = await useTestDb()
	})
	afterAll(async () => {
		setEnv(env)
		await h.close()
	})

	it('exists only where the outbox does: 404 in production and wherever real mail is sent', async () => {
		setEnv({ NODE_ENV: 'production', MAIL_OUTBOX: 'false', SMTP_URL: undefined })
		expect((await get()).status).toBe(404)
		setEnv({ NODE_ENV: 'development', MAIL_OUTBOX: undefined, SMTP_URL: 'smtp://127.0.0.1:2525' })
		expect((await get()).status).toBe(404)
		setEnv({ NODE_ENV: 'production', MAIL_OUTBOX: 'true', SMTP_URL: undefined })
		expect((await get()).status).toBe(200)
	})

	it('changes with any write, even of one column, and only for the table written', async () => {
		setEnv({ NODE_ENV: 'test', MAIL_OUTBOX: undefined, SMTP_URL: undefined })
		const id = randomUUID()
		await h.db.insert(user).values({ id, name: 'Digest', email: `${id}@example.test` })
		const before = (await get()).body as Digest
		expect(before.user!.rows).toBeGreaterThan(0)
		expect(Object.keys(before)).toEqual(expect.arrayContaining(['user', 'lessons', 'xp_ledger', 'rate_limits']))
		await h.db.update(user).set({ name: 'Digest 2' }).where(eq(user.id, id))
		const after = (await get()).body as Digest
		expect(after.user!.rows).toBe(before.user!.rows)
		expect(after.user!.hash).not.toBe(before.user!.hash)
		const others = Object.keys(before).filter((t) => t !== 'user')
		for (const t of others) expect(after[t], t).toEqual(before[t])
	})

	it("with ?user=, covers that account's rows only", async () => {
		const [a, b] = [randomUUID(), randomUUID()]
		for (const id of [a, b]) await h.db.insert(user).values({ id, name: 'Owner', email: `${id}@example.test` })
		const mine = (await get(`?user=${a}@example.test`)).body as Digest
		expect(mine.user!.rows).toBe(1)
		expect(mine.tutor_messages).toEqual({ rows: 0, hash: '' })
		expect(mine.lessons).toBeUndefined()
		// Another account's writes leave it unchanged; the owner's own change it.
		await h.db.insert(userProfiles).values({ userId: b, fullName: 'B' })
		expect((await get(`?user=${a}@example.test`)).body).toEqual(mine)
		await h.db.insert(userProfiles).values({ userId: a, fullName: 'A' })
		expect(((await get(`?user=${a}@example.test`)).body as Digest).user_profiles!.rows).toBe(1)
		expect((await get('?user=nobody@example.test')).status).toBe(404)
		expect((await get('?user=%00')).status).toBe(400)
	})
})
