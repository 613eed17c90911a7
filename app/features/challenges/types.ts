// What a grading run returns, shared by the grader, the routes and the learner's view (no server code).

/** Limits of one run; every one of them has its own message in both languages. */
export const CHALLENGE_LIMITS = {
	/** Bytes of learner code (and of each of the lesson's sources). */
	maxSourceBytes: 24 * 1024,
	/** Test functions in a lesson's tests. */
	maxTests: 50,
	/** Gas for deploying the test contract and for its setUp(). */
	setUpGas: 30_000_000n,
	/** Gas for each test function. */
	testGas: 5_000_000n,
} as const

export type CompileProblem = 'forbiddenImport' | 'pragma' | null

export type CompileMessage = {
	/** Whose code: the learner's, the lesson's tests (their text is never shown) or a library. */
	file: 'solution' | 'tests' | 'library'
	/** 1-based; 0 when the compiler gave no place. */
	line: number
	column: number
	severity: 'error' | 'warning'
	message: string
	/** A problem with its own message in both languages (the compiler's text stays as detail). */
	problem: CompileProblem
}

/** Why a test failed, beyond the revert reason itself. */
export type FailureKind = 'revert' | 'assertion' | 'panic' | 'customError' | 'outOfGas' | 'stackOverflow' | 'invalid' | 'setUp' | 'event'

export type TestResult = {
	name: string
	passed: boolean
	gasUsed: number
	/** The revert reason, failed assertion, panic or custom error, decoded; null when it passed. */
	reason: string | null
	kind: FailureKind | null
}

/** The run could not test anything (beyond compile errors): each has a message in both languages. */
export type RunProblem = 'timeLimit' | 'tooManyTests' | 'noTests' | 'tooLarge' | 'busy' | 'crashed' | 'deployFailed'

export type GradeResult =
	| { status: 'compileError'; errors: CompileMessage[] }
	| { status: 'tested'; tests: TestResult[]; passed: number; total: number; warnings: CompileMessage[]; ms: number }
	| { status: 'problem'; problem: RunProblem; detail?: string }

export type GradeJob = { source: string; tests: string }

export const allPassed = (r: GradeResult) => r.status === 'tested' && r.total > 0 && r.passed === r.total

/** What the learner's page needs to word the messages: the compiler, the time limit, the test cap. */
export type RunSettings = { compilerVersion: string; timeLimitSeconds: number; maxTests: number }

export type AttemptSummary = { runs: number; failedRuns: number; passedAt: string | null; lastResult: GradeResult | null }
export type UnlockedHints = { en: string[]; pt: string[] }

/** What the learner's page shows: starter code, the saved draft, the attempt so far and the hints it unlocked. */
export type ChallengeView = { starter: string; draft: string | null; attempt: AttemptSummary; hints: UnlockedHints; hintCount: number; settings: RunSettings }

/** The studio's 'Check solution': the reference must pass every test, the starter must not. */
export type CheckReport = { reference: GradeResult; starter: GradeResult; referencePasses: boolean; starterFails: boolean; settings: RunSettings }
