import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Where test processes keep their data directories: the run's own, removed when it ends (vitest-global.ts). */
const TEST_DATA_ROOT = process.env.TEST_DATA_ROOT ?? path.join(os.tmpdir(), 'learnchain-vitest')

let dir: string | undefined

/**
 * DATA_DIR for tests whose database is in memory or on a server: where the app keeps its generated secrets and
 * writes the demo manifests. One per test process: files run side by side (vitest.config.ts), and a manifest one
 * file seeds must not be overwritten by another's before it reads it back.
 */
export function testDataDir(): string {
	if (!dir) {
		fs.mkdirSync(TEST_DATA_ROOT, { recursive: true })
		dir = fs.mkdtempSync(path.join(TEST_DATA_ROOT, 'process-'))
	}
	return dir
}
