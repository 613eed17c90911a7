import { CHALLENGE_LIMITS, type GradeJob, type GradeResult, type TestResult } from '../types.ts'
import { compileJob, type Solc } from './compile.server.ts'
import { testFunctionOrder } from './imports.ts'
import { runTestContract } from './evm.server.ts'
import { selectorsOf } from './revert.ts'

/** One grading job, start to end, inside a worker (or a test): compile, then run every test. */
export async function runJob(solc: Solc, job: GradeJob): Promise<GradeResult> {
	const started = performance.now()
	if (Buffer.byteLength(job.source) > CHALLENGE_LIMITS.maxSourceBytes) return { status: 'problem', problem: 'tooLarge' }
	const compiled = compileJob(solc, job)
	if (!compiled.ok) return { status: 'compileError', errors: compiled.errors }
	const count = compiled.tests.reduce((n, c) => n + c.abi.filter((f) => f.type === 'function' && f.name?.startsWith('test') && !f.inputs?.length).length, 0)
	if (count === 0) return { status: 'problem', problem: 'noTests' }
	if (count > CHALLENGE_LIMITS.maxTests) return { status: 'problem', problem: 'tooManyTests', detail: String(count) }
	const order = testFunctionOrder(job.tests)
	const selectors = selectorsOf(compiled.abis)
	const tests: TestResult[] = []
	for (const contract of compiled.tests) {
		const results = await runTestContract(contract, order, selectors)
		if ('deployFailed' in results) return { status: 'problem', problem: 'deployFailed', detail: results.deployFailed }
		tests.push(...results)
	}
	return {
		status: 'tested',
		tests,
		passed: tests.filter((t) => t.passed).length,
		total: tests.length,
		warnings: compiled.warnings.slice(0, 20),
		ms: Math.round(performance.now() - started),
	}
}
