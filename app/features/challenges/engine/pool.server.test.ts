import { afterAll, describe, expect, test } from 'vitest'
import { GraderPool } from './pool.server.ts'

// Real worker threads (the TypeScript entry through tsx, as in development; the e2e spec covers the build).

const spin = `pragma solidity ^0.8.24;
contract Spin { uint256 n; function spin() external { while (true) n++; } }`
// 40 tests of 5 million gas each: 200 million gas, about 23 s on a quiet machine (30 million took 3.5 s), far
// past the pool's limit below on any machine, while the limit leaves a small contract's run room on a busy one.
const spinTests = `pragma solidity ^0.8.24;
import {Test} from "Test.sol";
import {Spin} from "Solution.sol";
contract SpinTest is Test {
${Array.from({ length: 40 }, (_, i) => `    function testSpin${i}() public { new Spin().spin(); }`).join('\n')}
}`
const ok = `pragma solidity ^0.8.24;
contract A { function one() external pure returns (uint256) { return 1; } }`
const okTests = `pragma solidity ^0.8.24;
import {Test} from "Test.sol";
import {A} from "Solution.sol";
contract ATest is Test {
    function testOne() public { assertEq(new A().one(), 1, "one"); }
}`

describe('GraderPool', () => {
	const pool = new GraderPool({ size: 1, queueMax: 2, timeoutMs: 8000, memoryMb: 256 })
	afterAll(() => pool.close())

	test('grades in a worker thread', async () => {
		const r = await pool.run({ source: ok, tests: okTests })
		expect(r).toMatchObject({ status: 'tested', passed: 1, total: 1 })
	})

	// A generous test deadline: two cold workers load the compiler, which takes many seconds on a busy machine.
	// The pool's limit leaves a small contract's run room to finish there too.
	test('a run past the time limit is stopped, its worker replaced, and the next run is graded', { timeout: 180_000 }, async () => {
		const tight = new GraderPool({ size: 1, queueMax: 5, timeoutMs: 8000, memoryMb: 256 })
		try {
			expect(await tight.run({ source: ok, tests: okTests })).toMatchObject({ status: 'tested' })
			const slow = await tight.run({ source: spin, tests: spinTests })
			expect(slow).toEqual({ status: 'problem', problem: 'timeLimit' })
			expect(tight.stats().replaced).toBe(1)
			// The new worker loads the compiler first; the time limit counts only the run itself.
			await tight.warm()
			const again = await tight.run({ source: `${ok}\n// again`, tests: okTests })
			expect(again).toMatchObject({ status: 'tested', passed: 1 })
			expect(tight.stats()).toMatchObject({ workers: 1, ready: 1, busy: 0, queued: 0 })
		} finally {
			await tight.close()
		}
	})

	test('past the bounded queue a run is refused as busy at once', async () => {
		const small = new GraderPool({ size: 1, queueMax: 1, timeoutMs: 20_000, memoryMb: 256 })
		try {
			const runs = [0, 1, 2].map((i) => small.run({ source: `${ok}\n// ${i}`, tests: okTests }))
			const results = await Promise.all(runs)
			expect(results.filter((r) => r.status === 'problem' && r.problem === 'busy').length).toBeGreaterThanOrEqual(1)
			expect(results.some((r) => r.status === 'tested')).toBe(true)
		} finally {
			await small.close()
		}
	})
})
