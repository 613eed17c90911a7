// Which files a challenge may import: the bundled Test.sol, the learner's own Solution.sol (from the
// tests) and OpenZeppelin Contracts from the app's node_modules. Anything else (a path, a URL, another
// package) is refused before the compiler sees it, with its line.

export const SOLUTION_FILE = 'Solution.sol'
export const TESTS_FILE = 'Tests.sol'
export const TEST_LIBRARY_FILE = 'Test.sol'

const OPENZEPPELIN = /^@openzeppelin\/contracts\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.sol$/

export function isAllowedImport(path: string, from: 'solution' | 'tests'): boolean {
	const bare = path.replace(/^\.\//, '')
	if (bare === TEST_LIBRARY_FILE) return true
	if (bare === SOLUTION_FILE) return from === 'tests'
	return OPENZEPPELIN.test(path)
}

/** The source with comments blanked out (line breaks kept, so line numbers still match). */
function withoutComments(source: string): string {
	return source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => (m.startsWith('/') ? m.replace(/[^\n]/g, ' ') : m))
}

export type ImportDirective = { path: string; line: number; column: number }

/** Every `import "x"`, `import {A} from "x"`, `import * as A from "x"` with its 1-based line and column. */
export function importDirectives(source: string): ImportDirective[] {
	const code = withoutComments(source)
	const out: ImportDirective[] = []
	for (const m of code.matchAll(/\bimport\b[^;"']*?["']([^"']*)["'][^;]*;/g)) {
		const before = code.slice(0, m.index)
		const line = before.split('\n').length
		const column = m.index - before.lastIndexOf('\n')
		out.push({ path: m[1]!, line, column })
	}
	return out
}

/** `pragma solidity <range>;` of a source, if any. */
export function pragmaOf(source: string): { range: string; line: number } | null {
	const code = withoutComments(source)
	const m = /\bpragma\s+solidity\s+([^;]+);/.exec(code)
	if (!m) return null
	return { range: m[1]!.trim(), line: code.slice(0, m.index).split('\n').length }
}

/** Names of the zero-argument test functions, in the order the source declares them. */
export function testFunctionOrder(source: string): string[] {
	const code = withoutComments(source)
	return [...code.matchAll(/\bfunction\s+(test[A-Za-z0-9_]*)\s*\(\s*\)/g)].map((m) => m[1]!)
}
