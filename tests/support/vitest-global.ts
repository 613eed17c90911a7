import fs from 'node:fs'
import { TEST_DATA_ROOT } from './data-dir.ts'

// Test processes are ended by vitest, not left to exit, so they cannot remove their own data directories:
// the run does, before and after.
export default function setup() {
	fs.rmSync(TEST_DATA_ROOT, { recursive: true, force: true })
	return () => fs.rmSync(TEST_DATA_ROOT, { recursive: true, force: true })
}
