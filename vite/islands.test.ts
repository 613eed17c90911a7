import fs from 'node:fs'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { islands } from './islands.ts'

const root = path.resolve(import.meta.dirname, 'fixtures/islands')
const entries = { hello: 'hello.ts', bye: 'bye.ts' }
fs.mkdirSync('tmp', { recursive: true })
const buildDir = fs.mkdtempSync(path.resolve('tmp/islands-build-'))
const outDir = path.join(buildDir, 'client')
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }))

type Load = (this: { error: (m: string) => never }, id: string) => string | undefined
/** What `virtual:islands` exports for a plugin whose config has resolved as `command`. */
function virtualIslands(command: 'build' | 'serve') {
	const plugin = islands({ entries, buildDir })
	;(plugin.configResolved as (c: unknown) => void)({ command })
	const code = (plugin.load as Load).call(
		{
			error: (m) => {
				throw new Error(m)
			},
		},
		'\0virtual:islands',
	)
	return JSON.parse(code!.replace(/^export default /, '')) as Record<string, string>
}

describe('islands (vite/islands.ts)', () => {
	it('serves the island sources as they are in development', () => {
		expect(virtualIslands('serve')).toEqual({ hello: '/hello.ts', bye: '/bye.ts' })
	})

	it('refuses a server build before the islands are built', () => {
		expect(() => virtualIslands('build')).toThrow(/islands.json is missing/)
	})

	describe('after a client build', () => {
		beforeAll(async () => {
			await build({
				configFile: false,
				root,
				logLevel: 'silent',
				plugins: [islands({ entries, buildDir })],
				build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(root, 'main.ts') } },
			})
		}, 60_000)

		it('builds each island into the client assets and records its URL and static imports', () => {
			const built = JSON.parse(fs.readFileSync(path.join(buildDir, 'islands.json'), 'utf8')) as Record<string, { url: string; imports: string[] }>
			expect(Object.keys(built).sort()).toEqual(['bye', 'hello'])
			for (const island of Object.values(built)) {
				expect(island.url).toMatch(/^\/assets\/island-\w+-[\w-]+\.js$/)
				expect(fs.existsSync(path.join(outDir, island.url))).toBe(true)
				// The code both islands share is one chunk, listed for scripts/check-bundle.mjs.
				expect(island.imports).toHaveLength(1)
				expect(fs.readFileSync(path.join(outDir, island.imports[0]!), 'utf8')).toContain('shared-island-code')
			}
			expect(built.hello!.imports).toEqual(built.bye!.imports)
		})

		it('hands the hashed URLs to the server build through virtual:islands', () => {
			const urls = virtualIslands('build')
			expect(urls.hello).toMatch(/^\/assets\/island-hello-[\w-]+\.js$/)
			expect(urls.bye).toMatch(/^\/assets\/island-bye-[\w-]+\.js$/)
		})
	})
})
