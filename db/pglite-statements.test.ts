import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain JavaScript module (loaded by the worker as it is)
import { preparedStatements } from './pglite-statements.mjs'

type Statements = {
	run: (sql: string, params?: unknown[], options?: object) => Promise<{ rows: Record<string, unknown>[]; fields: unknown[]; affectedRows?: number }>
	size: number
}

let db: PGlite
const kept = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n

beforeAll(async () => {
	db = await PGlite.create()
	await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, tags text[], at timestamptz, doc jsonb)`)
	await db.exec(`INSERT INTO t VALUES (1, 'one', '{a,b}', '2026-01-02T03:04:05Z', '{"k": [1, 2]}'), (2, 'two', NULL, NULL, NULL)`)
})
afterAll(() => db.close())

describe('prepared statements on PGlite', () => {
	it('answers as query() does, with the statement parsed once', async () => {
		const statements: Statements = preparedStatements(db)
		const sql = 'SELECT id, name, tags, at, doc FROM t WHERE id = $1 OR name = $2 ORDER BY id'
		for (const params of [
			[1, 'two'],
			[2, null],
			[9, 'none'],
		]) {
			expect(await statements.run(sql, params)).toEqual(await db.query(sql, params))
		}
		expect(statements.size).toBe(1)
		expect(await kept()).toBe(1)
		// Array, date and JSON parameters are sent as query() sends them.
		const typed = 'SELECT $1::text[] AS tags, $2::timestamptz AS at, $3::jsonb AS doc'
		const params = [['x', 'y,z'], new Date('2026-05-06T07:08:09Z'), { a: [1, null] }]
		expect(await statements.run(typed, params)).toEqual(await db.query(typed, params))
	})

	it('reports writes and the options parsers (rows as arrays, parsers by type)', async () => {
		const statements: Statements = preparedStatements(db)
		const update = await statements.run('UPDATE t SET name = name WHERE id > $1', [0])
		expect(update.affectedRows).toBe(2)
		const rows = await statements.run('SELECT at FROM t WHERE id = $1', [1], { rowMode: 'array', parsers: { 1184: (v: string) => `raw:${v}` } })
		expect(rows.rows).toEqual([['raw:2026-01-02 03:04:05+00']])
	})

	it('keeps working after an error, with PostgreSQL’s fields and the statement on it', async () => {
		const statements: Statements = preparedStatements(db)
		const duplicate = await statements.run('INSERT INTO t (id, name) VALUES ($1, $2)', [1, 'again']).catch((e: unknown) => e)
		expect(duplicate).toMatchObject({ code: '23505', constraint: 't_pkey', query: 'INSERT INTO t (id, name) VALUES ($1, $2)' })
		const syntax = await statements.run('SELEC 1').catch((e: unknown) => e)
		expect(syntax).toMatchObject({ code: '42601' })
		expect((await statements.run('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }])
	})

	it('closes the least recently used statement past its limit', async () => {
		const before = await kept()
		const statements: Statements = preparedStatements(db, 3)
		for (let i = 0; i < 5; i++) await statements.run(`SELECT ${i} AS n`)
		expect(statements.size).toBe(3)
		expect(await kept()).toBe(before + 3)
		// Used again, a closed statement is prepared again.
		expect((await statements.run('SELECT 0 AS n')).rows).toEqual([{ n: 0 }])
	})

	it('answers with the new columns after the table changed under a kept statement', async () => {
		const statements: Statements = preparedStatements(db)
		await db.exec('CREATE TABLE changing (a int)')
		await db.exec('INSERT INTO changing VALUES (1)')
		expect((await statements.run('SELECT * FROM changing')).rows).toEqual([{ a: 1 }])
		await db.exec('ALTER TABLE changing ADD COLUMN b text')
		expect((await statements.run('SELECT * FROM changing')).rows).toEqual([{ a: 1, b: null }])
		expect(statements.size).toBe(1)
	})
})
