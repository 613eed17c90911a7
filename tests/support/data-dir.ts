import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

let dir: string | undefined

/**
 * DATA_DIR for tests whose database is in memory or on a server: where the app keeps its generated secrets and
 * writes the demo manifests. One per test process, removed when it exits: files run side by side (vitest.config.ts),
 * and a manifest one file seeds must not be overwritten by another's before it reads it back.
 */
export function testDataDir(): string {
	if (!dir) {
		const made = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-vitest-'))
		process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }))
		dir = made
	}
	return dir
}
