import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'server/**/*.test.ts',
			'db/**/*.test.ts',
			'scripts/**/*.test.ts',
			'vite/**/*.test.ts',
			'tests/integration/**/*.test.ts',
		],
		environment: 'node',
		setupFiles: ['./tests/support/vitest-setup.ts'],
		// Deadlines for hangs, not speed checks (speed is measured by `npm run bench`): a PGlite opened and migrated,
		// the whole curriculum imported twice or a cold compiler worker take many times longer on a busy machine.
		testTimeout: 120_000,
		hookTimeout: 180_000,
		pool: 'forks',
	},
})
