import path from 'node:path'
import { build, type Rollup } from 'vite'
import { beforeAll, describe, expect, it } from 'vitest'
import { vendorChunks } from './chunks.ts'

const root = path.resolve(import.meta.dirname, 'fixtures/chunks')

/** A client build of the fixture app (root, dashboard layout, two learner pages) with the plugin. */
async function buildFixture() {
	const result = await build({
		configFile: false,
		root,
		logLevel: 'silent',
		plugins: [vendorChunks()],
		build: {
			write: false,
			minify: false,
			modulePreload: false,
			rollupOptions: {
				input: ['app/root.tsx', 'app/routes/dashboard/layout.tsx', 'app/routes/dashboard/home.tsx', 'app/routes/dashboard/profile.tsx'].map((f) =>
					path.join(root, f),
				),
				preserveEntrySignatures: 'exports-only',
			},
		},
	})
	return (result as Rollup.RollupOutput).output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
}

describe('vendorChunks (vite/chunks.ts)', () => {
	let chunkOf: (module: string) => string | undefined
	beforeAll(async () => {
		const chunks = await buildFixture()
		chunkOf = (module) => chunks.find((c) => Object.keys(c.modules).some((id) => id.replace(/\\/g, '/').endsWith(module)))?.name
	}, 60_000)

	it('puts React in a chunk of its own', () => {
		expect(chunkOf('node_modules/react/index.js')).toBe('react')
	})

	it('puts the root and what it needs, through a barrel by imported name only, in the shell', () => {
		expect(chunkOf('app/root.tsx')).toBe('shell')
		expect(chunkOf('app/icons/award.ts')).toBe('shell')
		// The barrel re-exports star too, but only a learner page imports it.
		expect(chunkOf('app/icons/star.ts')).not.toBe('shell')
	})

	it('adds small modules two learner pages share, not big ones, single-page ones or lazy ones', () => {
		expect(chunkOf('app/lib/badge.ts')).toBe('shell')
		expect(chunkOf('app/lib/heavy.ts')).not.toBe('shell')
		expect(chunkOf('app/lib/chart.ts')).not.toBe('shell')
		expect(chunkOf('app/lib/later.ts')).toBe('later')
	})

	it('leaves the route modules their own chunks', () => {
		expect(chunkOf('app/routes/dashboard/layout.tsx')).toBe('layout')
		expect(chunkOf('app/routes/dashboard/home.tsx')).toBe('home')
		expect(chunkOf('app/routes/dashboard/profile.tsx')).toBe('profile')
	})
})
