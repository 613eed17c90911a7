import { describe, expect, test } from 'vitest'
import { importDirectives, isAllowedImport, pragmaOf, testFunctionOrder } from './imports.ts'

describe('import allow-list', () => {
	test('allows Test.sol, Solution.sol from the tests, and OpenZeppelin files; nothing else', () => {
		expect(isAllowedImport('Test.sol', 'solution')).toBe(true)
		expect(isAllowedImport('./Test.sol', 'tests')).toBe(true)
		expect(isAllowedImport('./Solution.sol', 'tests')).toBe(true)
		expect(isAllowedImport('Solution.sol', 'solution')).toBe(false)
		expect(isAllowedImport('@openzeppelin/contracts/token/ERC20/ERC20.sol', 'solution')).toBe(true)
		expect(isAllowedImport('@openzeppelin/contracts/interfaces/draft-IERC6093.sol', 'tests')).toBe(true)
		for (const bad of [
			'/etc/passwd',
			'../x.sol',
			'@openzeppelin/contracts/../../../etc/passwd.sol',
			'@openzeppelin/contracts-upgradeable/x.sol',
			'https://x.example/a.sol',
			'forge-std/Test.sol',
			'file:///etc/passwd',
		])
			expect(isAllowedImport(bad, 'tests'), bad).toBe(false)
	})

	test('finds every import form with its line, ignoring comments', () => {
		const source = [
			'// import "/etc/passwd";',
			'/* import "x.sol"; */',
			'import "a.sol";',
			'import {A, B} from "./b.sol";',
			"  import * as C from 'c.sol';",
			'import "d.sol" as D;',
		].join('\n')
		expect(importDirectives(source).map((d) => [d.path, d.line])).toEqual([
			['a.sol', 3],
			['./b.sol', 4],
			['c.sol', 5],
			['d.sol', 6],
		])
	})

	test('reads the pragma and the test functions in source order', () => {
		expect(pragmaOf('// pragma solidity 0.4.0;\n\npragma solidity >=0.8.0 <0.9.0;')).toEqual({ range: '>=0.8.0 <0.9.0', line: 3 })
		expect(
			testFunctionOrder(
				'function testB() public {}\nfunction helper() {}\n// function testX() {}\nfunction testA ( ) external {}\nfunction testFuzz(uint x) public {}',
			),
		).toEqual(['testB', 'testA'])
	})
})
