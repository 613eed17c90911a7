import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '#db/client.server.ts'
import { DatabaseUnavailableError, isConnectionFault } from '#db/faults.ts'
import type { HealthEvent } from '#db/health.ts'
import { user } from '#db/schema.ts'
import { privatePostgresMissing, startPrivatePostgres, type PgInstance } from '#tests/support/pg-instance.ts'

/**
 * The database layer against a PostgreSQL server this test owns (issue 15): connections terminated, the server
 * stopped and started, the server frozen. The process never sees an unhandled error (Vitest fails the run on
 * one), faults are reported once per episode, and queries succeed again without reopening anything.
 */

const missing = privatePostgresMissing()
if (missing) console.warn(`[db-faults.test] skipped: ${missing}`)

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, ms = 10_000) => {
	const deadline = Date.now() + ms
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((r) => setTimeout(r, 50))
	}
}

describe.runIf(!missing)('database faults on PostgreSQL', () => {
	let server: PgInstance
	let h: DbHandle
	const events: HealthEvent[] = []
	const dbName = `faults_${randomUUID().slice(0, 8)}`

	beforeAll(async () => {
		server = await startPrivatePostgres()
		const url = await server.createDatabase(dbName)
		h = await openDatabase({
			databaseUrl: url,
			faults: { connectTimeoutMs: 1_000, queryTimeoutMs: 2_000, retryMs: 200, hangCheckMs: 500, poolMax: 5, report: (e) => events.push(e) },
		})
	})
	afterAll(async () => {
		await h?.close()
		await server?.destroy()
	})

	const idleClients = () => (h.db as unknown as { $client: { idleCount: number } }).$client.idleCount
	const count = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(user))[0]!.n
	const addUser = (tx: Pick<DbHandle['db'], 'insert'> = h.db) =>
		tx.insert(user).values({ id: randomUUID(), name: 'Fault', email: `${randomUUID()}@example.test`, emailVerified: true })

	it('a busy pool is load, not a fault: requests wait for a free connection and the database is not marked away', async () => {
		events.length = 0
		// Five connections held for 1.5 s, longer than the connect limit (1 s); the sixth query waits its turn.
		// (Drizzle's queries are lazy: then() starts them now.)
		const held = Array.from({ length: 5 }, () => h.db.execute(sql`select pg_sleep(1.5)`).then(() => null))
		await new Promise((r) => setTimeout(r, 100))
		const waiting = await h.db.execute(sql`select 1 as one`)
		expect(waiting.rows).toEqual([{ one: 1 }])
		await Promise.all(held)
		expect(events).toEqual([])
		expect(h.health.available).toBe(true)
	})

	it('terminated connections: one warning, the next queries reconnect', async () => {
		events.length = 0
		// Fill the pool with idle connections, then end them all from the server side.
		await Promise.all(Array.from({ length: 5 }, () => h.db.execute(sql`select pg_sleep(0.05)`)))
		expect(await server.terminateAll(dbName)).toBeGreaterThan(0)
		await waitFor('the connection-lost report', () => events.length > 0)
		// Each idle client learns of its own termination when its socket is read: the first report can come
		// before the others have left the pool, and a query handed to one of those fails (seen in a full run).
		await waitFor('every terminated connection out of the pool', () => idleClients() === 0)
		for (let i = 0; i < 10; i++) await addUser()
		expect(await count()).toBe(10)
		expect(events).toEqual([{ type: 'connection-lost', cause: expect.stringContaining('terminating connection') }])
		expect(h.health.available).toBe(true)
	})

	it('a transaction cut off by a terminate leaves nothing behind', async () => {
		const before = await count()
		const outcome = h.db
			.transaction(async (t) => {
				await addUser(t)
				await addUser(t)
				await t.execute(sql`select pg_sleep(5)`)
				await addUser(t)
			})
			.then(
				() => null,
				(e: unknown) => e,
			)
		await new Promise((r) => setTimeout(r, 300))
		await server.terminateAll(dbName)
		const error = await outcome
		expect(isConnectionFault(error)).toBe(true)
		// The terminate also ended the idle connections: count on a fresh one.
		await waitFor('every terminated connection out of the pool', () => idleClients() === 0)
		expect(await count()).toBe(before)
	})

	it('server stopped: requests fail at once with the reason, one warning, then recover by themselves', async () => {
		events.length = 0
		await server.stop()
		// Started again whatever happens here: a server left stopped would fail every test after this one.
		try {
			const first = await count().then(
				() => null,
				(e: unknown) => e,
			)
			expect(isConnectionFault(first)).toBe(true)
			await waitFor('the database to be marked away', () => !h.health.available)
			// Refused without touching the network: the error is ours, and the readiness probe says why.
			const refused = await Promise.all(
				Array.from({ length: 20 }, () =>
					count().then(
						() => null,
						(e: unknown) => e,
					),
				),
			)
			for (const e of refused) expect(isConnectionFault(e)).toBe(true)
			expect((refused[0] as { cause?: unknown }).cause).toBeInstanceOf(DatabaseUnavailableError)
			await expect(h.ping()).rejects.toThrow()
			// A stopped server refuses new connections or says it is shutting down; a socket it dropped without a
			// word is reset when written to (seen once in a full run on a host with CPU steal).
			expect(h.health.reason).toMatch(/ECONNREFUSED|ECONNRESET|connect|shutting down/i)
		} finally {
			await server.start()
		}
		await waitFor('recovery', () => h.health.available, 5_000)
		await addUser()
		expect(events.map((e) => e.type)).toEqual(['unavailable', 'recovered'])
		expect(events[1]).toMatchObject({ type: 'recovered', refused: expect.any(Number) })
		expect((events[1] as { refused: number }).refused).toBeGreaterThanOrEqual(20)
	})

	it('server frozen: a query in flight finishes after the thaw, new ones are refused meanwhile', async () => {
		events.length = 0
		const before = await count()
		const inFlight = h.db.transaction(async (t) => {
			await t.execute(sql`select pg_sleep(0.3)`)
			await addUser(t)
		})
		await new Promise((r) => setTimeout(r, 50))
		server.freeze()
		try {
			// A new request meets the frozen server, the probe times out, the database is marked away.
			const stuck = count().then(
				() => null,
				(e: unknown) => e,
			)
			await waitFor('the database to be marked away', () => !h.health.available)
			const refusedAt = Date.now()
			const refused = await count().then(
				() => null,
				(e: unknown) => e,
			)
			expect(Date.now() - refusedAt).toBeLessThan(500)
			expect(isConnectionFault(refused)).toBe(true)
			server.thaw()
			await inFlight
			await stuck
		} finally {
			server.thaw()
		}
		await waitFor('recovery', () => h.health.available, 5_000)
		expect(await count()).toBe(before + 1)
		expect(events.map((e) => e.type)).toEqual(['unavailable', 'recovered'])
	})

	it('a statement longer than the query timeout is cut off and its connection dropped', async () => {
		const error = await h.db.execute(sql`select pg_sleep(10)`).then(
			() => null,
			(e: unknown) => e,
		)
		expect(isConnectionFault(error)).toBe(true)
		await waitFor('recovery', () => h.health.available, 5_000)
		const rows = await h.db.select({ id: user.id }).from(user).where(eq(user.name, 'Fault'))
		expect(rows.length).toBeGreaterThan(0)
	})
})
