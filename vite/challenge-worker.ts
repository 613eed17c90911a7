import type { Plugin } from 'vite'

/**
 * The grading worker (app/features/challenges/engine/worker.server.ts) runs in a worker thread, so it must
 * be a file of its own in the server build, not inlined into the server bundle: this plugin emits it as a
 * chunk of the SSR build and writes that file's URL into worker-script.server.ts (Rollup's
 * import.meta.ROLLUP_FILE_URL_ resolves it relative to whichever chunk holds that module). Its packages
 * (solc with its wasm build, the EVM) stay external like every dependency of the server build.
 */
const ENTRY = 'app/features/challenges/engine/worker.server.ts'
const SCRIPT = /\/app\/features\/challenges\/engine\/worker-script\.server\.ts$/

/** `entry` and `script` are the app's files; the unit test (vite/challenge-worker.test.ts) passes a fixture's. */
export function challengeWorker({ entry = ENTRY, script = SCRIPT }: { entry?: string; script?: RegExp } = {}): Plugin {
	let ssr = false
	let ref: string | undefined
	return {
		name: 'learnchain-challenge-worker',
		apply: 'build',
		config(_config, { isSsrBuild }) {
			ssr = Boolean(isSsrBuild)
		},
		buildStart() {
			if (ssr) ref = this.emitFile({ type: 'chunk', id: entry, fileName: 'challenge-worker.js' })
		},
		transform(code, id) {
			if (!ssr || !ref || !script.test(id)) return null
			// Before or after TypeScript is stripped, depending on the plugin order.
			const next = code.replace(/const BUILT(: string \| null)? = null/, `const BUILT = import.meta.ROLLUP_FILE_URL_${ref}`)
			if (next === code) this.error('worker-script.server.ts no longer declares `const BUILT: string | null = null`')
			return { code: next, map: null }
		},
	}
}
