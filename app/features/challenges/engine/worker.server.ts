import { createRequire } from 'node:module'
import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { GradeJob, GradeResult } from '../types.ts'
import type { Solc } from './compile.server.ts'
import { runJob } from './run-job.server.ts'

// A grading worker thread (pool.server.ts): loads the bundled compiler once, then runs one job at a time.
// Loaded with require: solc is a CommonJS package holding its wasm build, and must not be bundled.

export type WorkerRequest = { id: number; job: GradeJob }
export type WorkerReply = { ready: true } | { id: number; result: GradeResult; heapBytes: number }

/**
 * The nice value of a grading thread. On Linux a thread has its own, and os.setPriority() with no pid sets
 * the calling thread's: grading then takes the CPU the page thread leaves, so a burst of test runs slows
 * other runs, not /dashboard (npm run bench measures both).
 */
const GRADER_NICE = 10

// Compiled and run once before the worker says it is ready: the first learner's run then finds the
// compiler's and the EVM's code already warm (a cold first compile takes several times as long).
const WARM_UP = {
	source: 'pragma solidity ^0.8.20;\ncontract A { uint256 public n; function inc() external { n++; } }',
	tests:
		'pragma solidity ^0.8.20;\nimport {Test} from "Test.sol";\nimport {A} from "Solution.sol";\ncontract T is Test { function testInc() public { A a = new A(); a.inc(); assertEq(a.n(), 1, "n"); } }',
}

const port = parentPort
if (port) {
	const solc = createRequire(import.meta.url)('solc') as Solc
	await runJob(solc, WARM_UP).catch(() => null)
	// Lowered only now: starting up at normal priority keeps a cold start short on a busy machine.
	try {
		os.setPriority(GRADER_NICE)
	} catch {
		// Not permitted here (some containers): grading runs at normal priority.
	}
	port.on('message', async ({ id, job }: WorkerRequest) => {
		let result: GradeResult
		try {
			result = await runJob(solc, job)
		} catch (error) {
			result = { status: 'problem', problem: 'crashed', detail: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }
		}
		const reply: WorkerReply = { id, result, heapBytes: process.memoryUsage().heapUsed }
		port.postMessage(reply)
	})
	port.postMessage({ ready: true } satisfies WorkerReply)
}
