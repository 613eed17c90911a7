import path from 'node:path'
import { build, type Plugin, type Rollup } from 'vite'
import { describe, expect, it } from 'vitest'
import { staticIcons } from './static-icons.ts'

// An app that uses one lucide icon, built for the browser and for the server as the app is (lucide bundled).
const entry = path.resolve(import.meta.dirname, 'fixtures/static-icons/entry.ts')

async function bundle(plugins: Plugin[], ssr: boolean) {
	const result = (await build({
		configFile: false,
		logLevel: 'silent',
		plugins,
		ssr: { noExternal: ['lucide-react'], external: ['react'] },
		build: {
			write: false,
			minify: false,
			ssr,
			rollupOptions: { input: entry, external: ['react'], preserveEntrySignatures: 'exports-only' },
		},
	})) as Rollup.RollupOutput | Rollup.RollupOutput[]
	const outputs = Array.isArray(result) ? result : [result]
	return outputs.flatMap((o) => o.output.map((c) => (c.type === 'chunk' ? c.code : ''))).join('\n')
}

describe('staticIcons (vite/static-icons.ts)', () => {
	for (const ssr of [false, true]) {
		it(`gives lucide's icons the string-drawing factory (${ssr ? 'server' : 'browser'} build)`, async () => {
			const code = await bundle([staticIcons()], ssr)
			expect(code).toContain('function shapesMarkup')
			expect(code).toContain('const Flame = createLucideIcon("flame"')
			// lucide's own Icon (one element per shape) is not in the bundle at all.
			expect(code).not.toContain('iconNode.map(([tag, attrs]) => createElement(tag, attrs)),\n')
		})
	}

	it('leaves the bundle as lucide made it without the plugin (the test above would notice the swap missing)', async () => {
		const code = await bundle([], false)
		expect(code).not.toContain('function shapesMarkup')
		expect(code).toContain('const Flame = createLucideIcon("flame"')
	})
})
