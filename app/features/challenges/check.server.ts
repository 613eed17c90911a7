import { runSettings } from './attempts.server.ts'
import { grade } from './grader.server.ts'
import { allPassed, type CheckReport } from './types.ts'

/** The studio's 'Check solution': the lesson's tests against both codes; the reference must pass, the starter must not. */
export async function checkSolution(input: { starter: string; tests: string; solution: string }): Promise<CheckReport> {
	const [reference, starter] = await Promise.all([grade({ source: input.solution, tests: input.tests }), grade({ source: input.starter, tests: input.tests })])
	return {
		reference,
		starter,
		referencePasses: allPassed(reference),
		starterFails: !allPassed(starter) && starter.status !== 'problem',
		settings: runSettings(),
	}
}
