import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restoreDatabase } from '#db/backup.server.ts'
import { openDatabase, type Db, type DbHandle } from '#db/client.server.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { rowsOf } from '~/lib/sql-rows.ts'
import { PG_ADMIN_URL, pgReachable, throwawayDatabase } from '#tests/support/pg.ts'

// npm run db:backup / db:restore, run as the commands they are (scripts/db-backup.ts, db-restore.ts),
// on PGlite and on PostgreSQL: fill every table (awkward values included), back up, change and delete
// data, restore, and compare every row of every table with what it was, exactly (each row's JSON text:
// microseconds, jsonb, unicode). A PGlite backup also restores into PostgreSQL.

const run = promisify(execFile)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-backup-'))

type Env = { DATA_DIR?: string; DATABASE_URL?: string }

async function cli(script: 'db-backup' | 'db-restore', args: string[], env: Env) {
	const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
		env: { ...process.env, DATA_DIR: env.DATA_DIR ?? '', DATABASE_URL: env.DATABASE_URL ?? '' },
	})
	return stdout
}

/** The commands' failure message (they exit 1 with one line on stderr). */
async function cliError(script: 'db-backup' | 'db-restore', args: string[], env: Env) {
	try {
		await cli(script, args, env)
	} catch (error) {
		return String((error as { stderr?: string }).stderr)
	}
	throw new Error(`${script} ${args.join(' ')} succeeded`)
}

/**
 * Every table of the public schema: its rows as the database renders them, sorted. curriculum_version and
 * learner_progress_version are derived state a restore raises or empties (never restores): checked on their
 * own after the restore.
 */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
	const out: Record<string, string[]> = {}
	await db.transaction(async (tx) => {
		await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`)
		const tables = rowsOf<{ name: string }>(
			await tx.execute(
				sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('curriculum_version', 'learner_progress_version') ORDER BY 1`,
			),
		)
		for (const { name } of tables) {
			const rows = rowsOf<{ j: string }>(await tx.execute(sql`SELECT row_to_json(t)::text AS j FROM ${sql.identifier(name)} t ORDER BY 1`))
			out[name] = rows.map((r) => r.j)
		}
	})
	return out
}

const curriculumVersionOf = async (db: Db) => Number(rowsOf<{ v: string }>(await db.execute(sql`SELECT version AS v FROM curriculum_version`))[0]?.v)

const FILLED = [
	'user',
	'session',
	'account',
	'verification',
	'learning_paths',
	'courses',
	'modules',
	'lessons',
	'user_progress',
	'user_enrollments',
	'applications',
	'xp_ledger',
	'quiz_attempts',
	'user_profiles',
	'achievement_claims',
	'tutor_messages',
	'audit_log',
	'wallet_addresses',
	'certificates',
	'outbox_emails',
	'rate_limits',
]

/** Demo content and accounts, then a row in every other table, with values that are easy to get wrong. */
async function fill(db: Db) {
	await importCurriculum(db, await readContentTree(path.resolve('content')))
	const ana = await createAccount(db, { email: 'ana@example.test', password: 'backup-test-pw-1', name: 'Ana "Ñandú" O\'Brien 🦊' })
	const bob = await createAccount(db, { email: 'bob@example.test', password: 'backup-test-pw-2', name: 'Bob\\Back\nslash', role: 'admin' })
	const [lesson] = rowsOf<{ id: string; path_id: string }>(
		await db.execute(
			sql`SELECT l.id, c.path_id FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses c ON c.id = m.course_id ORDER BY l.title LIMIT 1`,
		),
	)
	const lessonId = lesson!.id
	const pathId = lesson!.path_id
	const micro = '2026-03-04 05:06:07.123456+00'
	const big = 'x'.repeat(100_000)
	await db.execute(
		sql`INSERT INTO session (id, expires_at, token, ip_address, user_agent, user_id) VALUES (${randomUUID()}, ${micro}, ${`tok-${randomUUID()}`}, '10.0.0.1', 'Mozilla/5.0 "quoted"', ${ana.id})`,
	)
	await db.execute(sql`INSERT INTO verification (identifier, value, expires_at) VALUES ('reset-password:abc', ${'{"nested":"json as text"}'}, ${micro})`)
	await db.execute(
		sql`INSERT INTO user_progress (user_id, lesson_id, status, completed_at, last_viewed_at) VALUES (${ana.id}, ${lessonId}, 'completed', ${micro}, ${micro})`,
	)
	await db.execute(sql`INSERT INTO user_enrollments (user_id, learning_path_id, is_active) VALUES (${ana.id}, ${pathId}, false)`)
	await db.execute(
		sql`INSERT INTO applications (type, name, email, company, message, language, ip) VALUES ('company', 'Zoë', 'zoe@example.test', 'ACME; DROP TABLE x;--', ${`line 1\nline 2\t<tab> & <b>bold</b> ${big}`}, 'pt-BR', NULL)`,
	)
	await db.execute(sql`INSERT INTO xp_ledger (user_id, source_kind, source_id, amount, created_at) VALUES (${ana.id}, 'lesson', ${lessonId}, 30, ${micro})`)
	await db.execute(
		sql`INSERT INTO quiz_attempts (user_id, lesson_id, answers, correct, total) VALUES (${ana.id}, ${lessonId}, ${JSON.stringify({ 0: 'A "quoted" answer', 1: 'ünïcödé' })}::jsonb, 1, 2)`,
	)
	await db.execute(
		sql`INSERT INTO user_profiles (user_id, full_name, country, languages, years_experience, stacks, career) VALUES (${ana.id}, 'Ana', 'BR', ${JSON.stringify(['Português', 'English'])}::jsonb, 3, '[]'::jsonb, ${JSON.stringify({ jobSearchStatus: 'open', salaryExpectationUsd: 90000.5, workModes: ['remote'], nested: { deep: [1, null, true] } })}::jsonb)`,
	)
	await db.execute(sql`INSERT INTO achievement_claims (user_id, task_id, self_reported) VALUES (${ana.id}, 'github-star', true)`)
	await db.execute(
		sql`INSERT INTO tutor_messages (user_id, lesson_id, role, content, tokens) VALUES (${ana.id}, ${lessonId}, 'user', ${'What is `msg.sender`?\n```sol\nrequire(x);\n```'}, 0), (${ana.id}, ${lessonId}, 'assistant', 'Ответ 答案 🤖', 42)`,
	)
	await db.execute(
		sql`INSERT INTO audit_log (actor_id, entity_type, entity_id, action, changes) VALUES (${bob.id}, 'lesson', ${lessonId}, 'update', ${JSON.stringify({ title: { from: 'a', to: 'b' }, list: [1.5, -0, 1e21] })}::jsonb)`,
	)
	await db.execute(sql`INSERT INTO wallet_addresses (user_id, address, chain_id) VALUES (${ana.id}, '0xAbCdEf0123456789abcdef0123456789ABCDEF01', 11155111)`)
	await db.execute(
		sql`INSERT INTO certificates (user_id, path_id, data, signature, issued_at) VALUES (${ana.id}, ${pathId}, ${JSON.stringify({ learner: 'Ana', score: 97 })}::jsonb, ${`0x${'ab'.repeat(65)}`}, ${micro})`,
	)
	await db.execute(
		sql`INSERT INTO outbox_emails ("to", subject, text, html, links) VALUES ('ana@example.test', 'Olá', 'text', '<p>html</p>', ${JSON.stringify(['http://localhost/a?b=c&d=e'])}::jsonb)`,
	)
	await db.execute(sql`INSERT INTO rate_limits (key, count, window_start) VALUES ('login:ip:10.0.0.1', 3, ${micro})`)
}

/** Deletes, updates and inserts across tables: what a restore has to undo. */
async function mutate(db: Db) {
	await db.execute(sql`DELETE FROM tutor_messages`)
	await db.execute(sql`UPDATE user_profiles SET full_name = 'Changed', career = '{}'::jsonb`)
	await db.execute(sql`UPDATE lessons SET title = title || ' (edited)'`)
	await db.execute(sql`DELETE FROM "user" WHERE email = 'bob@example.test'`)
	await db.execute(sql`INSERT INTO applications (type, name, email) VALUES ('investor', 'New', 'new@example.test')`)
	await db.execute(sql`DELETE FROM rate_limits`)
}

function expectFilled(snap: Record<string, string[]>) {
	const empty = FILLED.filter((t) => !snap[t]?.length)
	expect(empty, 'tables left empty by fill()').toEqual([])
}

describe('db:backup and db:restore on PGlite', () => {
	const dataDir = path.join(tmp, 'pglite')
	const file = path.join(tmp, 'pglite-backup.jsonl.gz')
	let before: Record<string, string[]>

	beforeAll(async () => {
		const h = await openDatabase({ dataDir })
		await fill(h.db)
		before = await snapshot(h.db)
		await h.close()
		fs.writeFileSync(path.join(dataDir, '.auth-secret'), 'the-original-secret', { mode: 0o600 })
	}, 120_000)

	it('backs up, and a restore after changes reproduces every table exactly', async () => {
		expectFilled(before)
		expect(await cli('db-backup', [file], { DATA_DIR: dataDir })).toMatch(/Backed up PGlite .*: \d+ tables, \d+ rows/)
		expect(fs.statSync(file).mode & 0o077, 'the backup is readable by its owner only').toBe(0)

		let h = await openDatabase({ dataDir })
		await mutate(h.db)
		expect(await snapshot(h.db)).not.toEqual(before)
		const edited = await curriculumVersionOf(h.db)
		await h.close()
		fs.writeFileSync(path.join(dataDir, '.auth-secret'), 'a-new-secret')

		expect(await cli('db-restore', [file], { DATA_DIR: dataDir })).toMatch(/Restored PGlite/)
		h = await openDatabase({ dataDir })
		expect(await snapshot(h.db)).toEqual(before)
		// A running process holding the edited curriculum must see the restore as a change (ADR 0011), and
		// no learner keeps a number a process may hold with other completed lessons (migration 0008).
		expect(await curriculumVersionOf(h.db)).toBeGreaterThan(edited)
		expect(rowsOf(await h.db.execute(sql`SELECT 1 FROM learner_progress_version`))).toEqual([])
		await h.close()
		expect(fs.readFileSync(path.join(dataDir, '.auth-secret'), 'utf8')).toBe('the-original-secret')
	}, 120_000)

	it('refuses to touch a data directory the server (another process) holds', async () => {
		const holder = await openDatabase({ dataDir })
		try {
			// The lock names this process: the command runs in a child, so it is refused.
			expect(await cliError('db-backup', [path.join(tmp, 'never.jsonl.gz')], { DATA_DIR: dataDir })).toMatch(/in use by process \d+/)
			expect(fs.existsSync(path.join(tmp, 'never.jsonl.gz'))).toBe(false)
		} finally {
			await holder.close()
		}
	}, 60_000)

	it('refuses a damaged or truncated backup before changing anything', async () => {
		const truncated = path.join(tmp, 'truncated.jsonl.gz')
		const zlib = await import('node:zlib')
		const text = zlib.gunzipSync(fs.readFileSync(file)).toString().split('\n')
		fs.writeFileSync(truncated, zlib.gzipSync(text.slice(0, Math.floor(text.length / 2)).join('\n') + '\n'))
		const h = await openDatabase({ dataDir })
		try {
			await expect(restoreDatabase(h, truncated)).rejects.toThrow(/truncated|end marker/)
			fs.writeFileSync(truncated, 'not gzip at all')
			await expect(restoreDatabase(h, truncated)).rejects.toThrow(/damaged|Not a Learnchain backup/)
			expect(await snapshot(h.db)).toEqual(before)
		} finally {
			await h.close()
		}
	}, 60_000)
})

const reachable = await pgReachable()
if (!reachable) console.warn(`[backup.test] PostgreSQL at ${PG_ADMIN_URL} is not reachable: the PostgreSQL half does not run.`)

describe.runIf(reachable)('db:backup and db:restore on PostgreSQL', () => {
	const databases: Awaited<ReturnType<typeof throwawayDatabase>>[] = []

	async function database(): Promise<string> {
		const d = await throwawayDatabase('learnchain_backup')
		databases.push(d)
		return d.url
	}

	afterAll(async () => {
		for (const d of databases) await d.drop()
	})

	it('backs up while the database is in use, and a restore after changes reproduces every table exactly', async () => {
		const url = await database()
		const file = path.join(tmp, 'pg-backup.jsonl.gz')
		let h: DbHandle = await openDatabase({ databaseUrl: url })
		await fill(h.db)
		const before = await snapshot(h.db)
		expectFilled(before)
		// The app's pool stays open: a PostgreSQL backup is taken online.
		expect(await cli('db-backup', [file], { DATABASE_URL: url })).toMatch(/Backed up PostgreSQL .*: \d+ tables, \d+ rows/)
		await mutate(h.db)
		expect(await snapshot(h.db)).not.toEqual(before)
		await h.close()

		expect(await cli('db-restore', [file], { DATABASE_URL: url })).toMatch(/Restored PostgreSQL/)
		h = await openDatabase({ databaseUrl: url })
		expect(await snapshot(h.db)).toEqual(before)
		await h.close()
	}, 120_000)

	it('restores a PGlite backup into an empty PostgreSQL database, exactly', async () => {
		const url = await database()
		const source = await openDatabase({ dataDir: path.join(tmp, 'pglite') })
		const before = await snapshot(source.db)
		await source.close()
		expect(await cli('db-restore', [path.join(tmp, 'pglite-backup.jsonl.gz')], { DATABASE_URL: url })).toMatch(/Restored PostgreSQL/)
		const h = await openDatabase({ databaseUrl: url })
		expect(await snapshot(h.db)).toEqual(before)
		await h.close()
	}, 120_000)
})

afterAll(() => {
	fs.rmSync(tmp, { recursive: true, force: true })
})
