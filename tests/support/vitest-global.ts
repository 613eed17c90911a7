import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const PREFIX = 'learnchain-vitest-'
const DAY_MS = 24 * 60 * 60 * 1000

// Test processes are ended by vitest, not left to exit, so they cannot remove their own data directories:
// the run makes one parent for them (TEST_DATA_ROOT, inherited by the test processes it starts next) and
// removes it at its end. A parent per run, so two runs on one machine never delete each other's; a run
// that was killed leaves its parent, removed by the first run a day later.
export default function setup() {
	for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(PREFIX))) {
		const stale = path.join(os.tmpdir(), name)
		const modified = fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
		if (Date.now() - modified > DAY_MS) fs.rmSync(stale, { recursive: true, force: true })
	}
	const root = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX))
	process.env.TEST_DATA_ROOT = root
	return () => fs.rmSync(root, { recursive: true, force: true })
}
