import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import os from 'node:os'
import { getEnv } from '~/lib/env.server.ts'
import { GraderPool, type PoolStats } from './engine/pool.server.ts'
import { TEST_SOL } from './engine/test-sol.ts'
import type { GradeJob, GradeResult } from './types.ts'

/**
 * The grading engine behind one small interface: everything else calls `grade(job)`. Today it is a pool of
 * worker threads in this process; in the N-process layout it can become a client of grader processes fed
 * by a PostgreSQL job queue (docs/deploy.md) without any caller changing.
 */
export type Grader = { grade(job: GradeJob): Promise<GradeResult>; stats(): PoolStats; close(): Promise<void> }

export const COMPILER_VERSION = (createRequire(import.meta.url)('solc/package.json') as { version: string }).version

// Results are a pure function of (source, tests, compiler, test library): the same submission (a learner
// pressing Run twice, or twenty learners running the starter code) is graded once.
const CACHE_MAX = 500
const cacheSalt = createHash('sha256').update(`${COMPILER_VERSION}\0${TEST_SOL}`).digest('hex')
// Problems that depend on the moment, not on the code, are never cached.
const transient = (r: GradeResult) => r.status === 'problem' && (r.problem === 'busy' || r.problem === 'crashed' || r.problem === 'timeLimit')

function jobKey(job: GradeJob) {
	return createHash('sha256').update(cacheSalt).update('\0').update(job.source).update('\0').update(job.tests).digest('hex')
}

export function defaultPoolSize() {
	// One core stays with the thread that serves pages.
	return Math.max(1, os.availableParallelism() - 1)
}

function createGrader(opts: { size?: number; queueMax?: number; timeoutMs?: number; memoryMb?: number } = {}): Grader {
	const env = getEnv()
	const pool = new GraderPool({
		size: opts.size ?? (env.CHALLENGE_WORKERS || defaultPoolSize()),
		queueMax: opts.queueMax ?? env.CHALLENGE_QUEUE_MAX,
		timeoutMs: opts.timeoutMs ?? env.CHALLENGE_TIMEOUT_MS,
		memoryMb: opts.memoryMb ?? env.CHALLENGE_WORKER_MEMORY_MB,
	})
	const cache = new Map<string, Promise<GradeResult>>()
	return {
		grade(job) {
			const key = jobKey(job)
			const hit = cache.get(key)
			if (hit) {
				// Most recently used goes last, so the oldest entry is the first key.
				cache.delete(key)
				cache.set(key, hit)
				return hit
			}
			const result = pool.run(job).then((r) => {
				if (transient(r)) cache.delete(key)
				return r
			})
			cache.set(key, result)
			if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!)
			return result
		},
		stats: () => pool.stats(),
		close: () => pool.close(),
	}
}

let shared: Grader | undefined

/** The process's grader, made on first use. */
export function getGrader(): Grader {
	shared ??= createGrader()
	return shared
}

/** Grade one submission against a lesson's tests. */
export function grade(job: GradeJob): Promise<GradeResult> {
	return getGrader().grade(job)
}
