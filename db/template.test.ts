import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import { dumpDataDir } from '#tests/support/pglite-dump.ts'
import { openDatabase } from './client.server.ts'

// Test files open their databases from a dumped, migrated one (tests/support/vitest-global.ts): the template
// must be what opens, and migrations must still run on top of it.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-template-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

it('opens an in-memory database from a dumped data directory, and migrates it', async () => {
	const pg = new PGlite()
	await pg.exec(`CREATE TABLE template_marker (note text); INSERT INTO template_marker VALUES ('from the template')`)
	const file = await dumpDataDir(pg, path.join(dir, 'template.tar'))
	await pg.close()

	const handle = await openDatabase({ dataDir: 'memory://', template: file })
	try {
		const { rows } = (await handle.db.execute(sql`SELECT note FROM template_marker`)) as unknown as { rows: { note: string }[] }
		expect(rows).toEqual([{ note: 'from the template' }])
		// A table of the migrations, which the template did not have.
		const paths = (await handle.db.execute(sql`SELECT count(*)::int AS n FROM learning_paths`)) as unknown as { rows: { n: number }[] }
		expect(paths.rows).toEqual([{ n: 0 }])
	} finally {
		await handle.close()
	}
})
