import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import type { GradeResult } from '../types.ts'
import type { Solc } from './compile.server.ts'
import { runJob } from './run-job.server.ts'

// The engine in this thread (the pool test runs it in workers): real solc, real EVM.
const solc = createRequire(import.meta.url)('solc') as Solc

const counter = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

contract Counter {
    uint256 public count;
    error TooBig(uint256 value);

    function increment() external {
        count += 1;
    }

    function set(uint256 value) external {
        if (value > 100) revert TooBig(value);
        count = value;
    }

    function spin() external {
        while (true) count++;
    }

    function dive(uint256 n) public returns (uint256) {
        return dive(n + 1);
    }
}
`

const tests = (body: string, setUp = 'c = new Counter();') => `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import {Test} from "Test.sol";
import {Counter} from "./Solution.sol";

contract CounterTest is Test {
    Counter c;

    function setUp() public override {
        ${setUp}
    }

${body}
}
`

const tested = (r: GradeResult) => {
	if (r.status !== 'tested') throw new Error(`expected a test run, got ${JSON.stringify(r)}`)
	return r
}

describe('runJob', () => {
	test('passing tests: every test passes, with its gas', async () => {
		const r = tested(
			await runJob(solc, {
				source: counter,
				tests: tests(`
    function testStartsAtZero() public { assertEq(c.count(), 0, "count"); }
    function testIncrement() public { c.increment(); assertEq(c.count(), 1, "count"); }
`),
			}),
		)
		expect(r.tests.map((t) => [t.name, t.passed])).toEqual([
			['testStartsAtZero', true],
			['testIncrement', true],
		])
		expect(r.passed).toBe(2)
		expect(r.tests[1]!.gasUsed).toBeGreaterThan(20_000)
	})

	test('each test starts from the state setUp() left', async () => {
		const r = tested(
			await runJob(solc, {
				source: counter,
				tests: tests(`
    function testA() public { c.increment(); assertEq(c.count(), 1, "count"); }
    function testB() public { c.increment(); assertEq(c.count(), 1, "count"); }
`),
			}),
		)
		expect(r.passed).toBe(2)
	})

	test('a failing assertion, a require message, a custom error and a panic each give their reason', async () => {
		const r = tested(
			await runJob(solc, {
				source: counter,
				tests: tests(`
    function testAssertion() public { c.increment(); assertEq(c.count(), 2, "count after one increment"); }
    function testCustomError() public { c.set(500); }
    function testPanic() public { uint256 x = c.count(); x -= 1; }
    function testExpectRevert() public { expectRevert(address(c), abi.encodeCall(Counter.set, (5)), Counter.TooBig.selector); }
`),
			}),
		)
		const byName = Object.fromEntries(r.tests.map((t) => [t.name, t]))
		expect(byName.testAssertion).toMatchObject({ passed: false, kind: 'assertion', reason: 'count after one increment: got 1, expected 2' })
		expect(byName.testCustomError).toMatchObject({ passed: false, kind: 'customError', reason: 'TooBig(500)' })
		expect(byName.testPanic).toMatchObject({ passed: false, kind: 'panic', reason: 'panic 0x11: arithmetic overflow or underflow' })
		expect(byName.testExpectRevert).toMatchObject({ passed: false, reason: 'expected a revert, but the call succeeded' })
		expect(r.passed).toBe(0)
	})

	test('a revert in setUp() fails every test with its reason', async () => {
		const r = tested(
			await runJob(solc, {
				source: counter,
				tests: tests('    function testA() public {}\n    function testB() public {}', 'c = new Counter(); c.set(1000);'),
			}),
		)
		expect(r.tests).toHaveLength(2)
		for (const t of r.tests) expect(t).toMatchObject({ passed: false, kind: 'setUp', reason: 'setUp() failed: TooBig(1000)' })
	})

	test('an endless loop runs out of gas and deep recursion overflows, as failed tests', async () => {
		const r = tested(
			await runJob(solc, {
				source: counter,
				tests: tests(`
    function testSpin() public { c.spin(); }
    function testDive() public { c.dive(0); }
`),
			}),
		)
		const byName = Object.fromEntries(r.tests.map((t) => [t.name, t]))
		expect(byName.testSpin).toMatchObject({ passed: false, kind: 'outOfGas' })
		expect(byName.testSpin!.reason).toMatch(/^out of gas \(limit 5,000,000\)$/)
		expect(['outOfGas', 'stackOverflow']).toContain(byName.testDive!.kind)
	})

	test('cheatcodes: warp moves block.timestamp; expectEmit fails a test whose event is missing', async () => {
		const source = `pragma solidity ^0.8.24;
contract Clock {
    event Tick(address indexed by, uint256 at);
    function tick() external { emit Tick(msg.sender, block.timestamp); }
    function now_() external view returns (uint256) { return block.timestamp; }
}`
		const r = tested(
			await runJob(solc, {
				source,
				tests: `pragma solidity ^0.8.24;
import {Test} from "Test.sol";
import {Clock} from "Solution.sol";
contract ClockTest is Test {
    Clock k;
    function setUp() public override { k = new Clock(); }
    function testWarp() public { vm.warp(2_000_000_000); assertEq(k.now_(), 2_000_000_000, "time"); }
    function testEvent() public { vm.warp(5); expectEmit(address(k), Clock.Tick.selector, bytes32(uint256(uint160(address(this)))), abi.encode(uint256(5))); k.tick(); }
    function testWrongEvent() public { expectEmit(address(k), Clock.Tick.selector, bytes32(uint256(uint160(address(this)))), abi.encode(uint256(7))); k.tick(); }
}`,
			}),
		)
		expect(r.tests.map((t) => [t.name, t.passed])).toEqual([
			['testWarp', true],
			['testEvent', true],
			['testWrongEvent', false],
		])
		expect(r.tests[2]).toMatchObject({
			kind: 'event',
			reason: expect.stringMatching(/^expected event Tick\(address,uint256\) from 0x[0-9a-f]{40} was not emitted$/),
		})
	})

	test('compile errors carry their line in the learner code; the tests file is never quoted', async () => {
		const broken = counter.replace('count += 1;', 'count += 1')
		const r = await runJob(solc, { source: broken, tests: tests('    function testA() public {}') })
		expect(r.status).toBe('compileError')
		if (r.status !== 'compileError') return
		expect(r.errors[0]).toMatchObject({ file: 'solution', line: 10, severity: 'error', problem: null })
		expect(r.errors[0]!.message).toMatch(/Expected ';'/)

		const missing = await runJob(solc, {
			source: counter.replace('function increment()', 'function add()'),
			tests: tests('    function testA() public { c.increment(); }'),
		})
		expect(missing.status).toBe('compileError')
		if (missing.status !== 'compileError') return
		expect(missing.errors[0]).toMatchObject({ file: 'tests', problem: null })
		expect(missing.errors[0]!.message).not.toContain('c.increment()')
	})

	test('imports outside the allow-list are refused with their line; OpenZeppelin and Test.sol are allowed', async () => {
		for (const path of ['/etc/passwd', '../../package.json', 'https://example.com/x.sol', 'forge-std/Test.sol', '@openzeppelin/contracts/../../x.sol']) {
			const r = await runJob(solc, {
				source: `pragma solidity ^0.8.24;\n\nimport "${path}";\ncontract A {}`,
				tests: tests('    function testA() public {}', ''),
			})
			expect(r, path).toMatchObject({ status: 'compileError', errors: [{ file: 'solution', line: 3, problem: 'forbiddenImport' }] })
		}
		const token = `pragma solidity ^0.8.24;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
contract Token is ERC20 { constructor() ERC20("T", "T") { _mint(msg.sender, 100); } }`
		const r = tested(
			await runJob(solc, {
				source: token,
				tests: `pragma solidity ^0.8.24;
import {Test} from "Test.sol";
import {Token} from "Solution.sol";
contract TokenTest is Test {
    function testSupply() public { Token t = new Token(); assertEq(t.totalSupply(), 100, "supply"); assertEq(t.balanceOf(address(this)), 100, "balance"); }
}`,
			}),
		)
		expect(r.passed).toBe(1)
	})

	test('a pragma the bundled compiler cannot satisfy is its own problem', async () => {
		const r = await runJob(solc, { source: counter.replace('^0.8.24', '0.7.6'), tests: tests('    function testA() public {}') })
		expect(r).toMatchObject({ status: 'compileError', errors: [{ file: 'solution', line: 2, problem: 'pragma', message: '0.7.6' }] })
	})

	test('too many tests, no tests and an oversized source are refused', async () => {
		const many = Array.from({ length: 51 }, (_, i) => `    function test${i}() public {}`).join('\n')
		expect(await runJob(solc, { source: counter, tests: tests(many) })).toMatchObject({ status: 'problem', problem: 'tooManyTests' })
		expect(await runJob(solc, { source: counter, tests: tests('') })).toMatchObject({ status: 'problem', problem: 'noTests' })
		expect(await runJob(solc, { source: counter + `// ${'x'.repeat(25 * 1024)}`, tests: tests('    function testA() public {}') })).toMatchObject({
			status: 'problem',
			problem: 'tooLarge',
		})
	})
})
