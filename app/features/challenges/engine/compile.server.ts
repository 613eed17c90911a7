import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { CompileMessage } from '../types.ts'
import { importDirectives, isAllowedImport, pragmaOf, SOLUTION_FILE, TEST_LIBRARY_FILE, TESTS_FILE } from './imports.ts'
import { TEST_SOL } from './test-sol.ts'

// Compiling a job with the bundled solc (its wasm build, loaded once per worker): the learner's code as
// Solution.sol, the lesson's tests as Tests.sol, Test.sol from the app, OpenZeppelin from node_modules.

export type Solc = { version(): string; compile(input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }): string }

export type AbiItem = {
	type: string
	name?: string
	inputs?: { type: string; name: string; components?: unknown[] }[]
	outputs?: unknown[]
	stateMutability?: string
}
export type CompiledContract = { name: string; abi: AbiItem[]; bytecode: string }
export type Compiled = { ok: true; tests: CompiledContract[]; abis: AbiItem[][]; warnings: CompileMessage[] } | { ok: false; errors: CompileMessage[] }

// EVM version both sides agree on: OpenZeppelin 5 needs mcopy (cancun); the EVM runs the same fork.
const EVM_VERSION = 'cancun'

const require = createRequire(import.meta.url)
const openZeppelinRoot = path.dirname(require.resolve('@openzeppelin/contracts/package.json'))

/** Only OpenZeppelin files from the installed package; solc asks for nothing else (imports.ts refused it first). */
function readLibrary(importPath: string): { contents: string } | { error: string } {
	if (!isAllowedImport(importPath, 'tests') || importPath.split('/').includes('..')) return { error: 'import not allowed' }
	const file = path.join(openZeppelinRoot, importPath.slice('@openzeppelin/contracts/'.length))
	if (!file.startsWith(openZeppelinRoot + path.sep)) return { error: 'import not allowed' }
	try {
		return { contents: fs.readFileSync(file, 'utf8') }
	} catch {
		return { error: 'file not found' }
	}
}

const fileOf = (name: string | undefined): CompileMessage['file'] => (name === SOLUTION_FILE ? 'solution' : name === TESTS_FILE ? 'tests' : 'library')

function lineAndColumn(source: string, offset: number) {
	const before = source.slice(0, Math.max(0, offset))
	const line = before.split('\n').length
	return { line, column: offset - before.lastIndexOf('\n') }
}

/** Imports outside the allow-list, as compile errors with their lines, before solc runs. */
function importErrors(source: string, from: 'solution' | 'tests'): CompileMessage[] {
	return importDirectives(source)
		.filter((d) => !isAllowedImport(d.path, from))
		.map((d) => ({ file: from, line: d.line, column: d.column, severity: 'error', message: `import "${d.path}"`, problem: 'forbiddenImport' }))
}

type SolcError = { severity: string; errorCode?: string; message: string; sourceLocation?: { file: string; start: number } }

export function compileJob(solc: Solc, job: { source: string; tests: string }): Compiled {
	const refused = [...importErrors(job.source, 'solution'), ...importErrors(job.tests, 'tests')]
	if (refused.length) return { ok: false, errors: refused }
	const sources: Record<string, string> = { [SOLUTION_FILE]: job.source, [TESTS_FILE]: job.tests, [TEST_LIBRARY_FILE]: TEST_SOL }
	const input = {
		language: 'Solidity',
		sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
		settings: {
			evmVersion: EVM_VERSION,
			// Unoptimised: about twice as fast to compile, and gas figures read like a learner's local run.
			optimizer: { enabled: false },
			outputSelection: { [TESTS_FILE]: { '*': ['abi', 'evm.bytecode.object'] }, '*': { '*': ['abi'] } },
		},
	}
	const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readLibrary })) as {
		errors?: SolcError[]
		contracts?: Record<string, Record<string, { abi: AbiItem[]; evm?: { bytecode?: { object?: string } } }>>
	}
	const messages: CompileMessage[] = (output.errors ?? [])
		// The SPDX-licence reminder (1878) says nothing about a learner's code.
		.filter((e) => (e.severity === 'error' || e.severity === 'warning') && e.errorCode !== '1878')
		.map((e) => {
			const file = fileOf(e.sourceLocation?.file)
			const text = sources[e.sourceLocation?.file ?? '']
			const at = text && e.sourceLocation ? lineAndColumn(text, e.sourceLocation.start) : { line: 0, column: 0 }
			const problem = e.errorCode === '5333' ? ('pragma' as const) : null
			// Only `message`, never solc's formattedMessage: that one quotes the tests' source.
			return {
				file,
				...at,
				severity: e.severity === 'error' ? 'error' : 'warning',
				message: problem === 'pragma' ? pragmaText(text ?? '') : e.message,
				problem,
			}
		})
	const errors = messages.filter((m) => m.severity === 'error')
	if (errors.length) return { ok: false, errors }
	const tests = Object.entries(output.contracts?.[TESTS_FILE] ?? {})
		.map(([name, c]) => ({ name, abi: c.abi, bytecode: c.evm?.bytecode?.object ?? '' }))
		.filter((c) => c.bytecode.length > 0 && c.abi.some((f) => f.type === 'function' && f.name?.startsWith('test') && !f.inputs?.length))
	const abis = Object.values(output.contracts ?? {}).flatMap((file) => Object.values(file).map((c) => c.abi))
	return { ok: true, tests, abis, warnings: messages.filter((m) => m.severity === 'warning' && m.file === 'solution') }
}

/** The range a source's pragma asks for, for the 'pragma' message. */
function pragmaText(source: string) {
	return pragmaOf(source)?.range ?? ''
}
