import path from 'node:path'
import { build, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { challengeWorker } from './challenge-worker.ts'

const root = path.resolve(import.meta.dirname, 'fixtures/worker')

/** An SSR build of a fixture server module with the plugin pointed at the fixture worker. */
async function buildServer(file: string, script: RegExp) {
	const result = await build({
		configFile: false,
		root,
		logLevel: 'silent',
		plugins: [challengeWorker({ entry: path.join(root, 'worker.ts'), script })],
		build: { ssr: path.join(root, file), write: false, minify: false },
	})
	return (result as Rollup.RollupOutput).output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
}

describe('challengeWorker (vite/challenge-worker.ts)', () => {
	it('emits the worker as a file of its own and writes its URL into the script module', async () => {
		const chunks = await buildServer('server.ts', /\/worker-script\.ts$/)
		const worker = chunks.find((c) => c.fileName === 'challenge-worker.js')
		expect(worker?.code).toContain('grading-worker-module')
		const server = chunks.find((c) => c.isEntry && c.fileName !== 'challenge-worker.js')!
		expect(server.code).not.toContain('grading-worker-module')
		expect(server.code).toMatch(/new URL\(["']challenge-worker\.js["'], import\.meta\.url\)/)
		expect(server.code).not.toContain('= null')
	}, 60_000)

	it('fails the build when the script module no longer declares BUILT', async () => {
		await expect(buildServer('bad-script.ts', /\/bad-script\.ts$/)).rejects.toThrow(/no longer declares/)
	}, 60_000)
})
