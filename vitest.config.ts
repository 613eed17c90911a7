import { availableParallelism } from 'node:os'
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
			'tests/support/**/*.test.ts',
		],
		environment: 'node',
		setupFiles: ['./tests/support/vitest-setup.ts'],
		globalSetup: ['./tests/support/vitest-global.ts'],
		// Deadlines for hangs, not speed checks (speed is measured by `npm run bench`): a PGlite opened and migrated,
		// the whole curriculum imported twice or a cold compiler worker take many times longer on a busy machine.
		testTimeout: 120_000,
		hookTimeout: 180_000,
		pool: 'forks',
		// One file per CPU. Vitest's default is one fewer than the CPUs: a single file at a time on a two-core
		// machine, where most integration files spend their time waiting on a server, a child process or a
		// timer. Measured here (2 CPU): 436 s at one, 287 s at two (185 % CPU). Files share nothing that could
		// collide: free ports, throw-away databases, private PostgreSQL servers and temporary directories.
		maxWorkers: availableParallelism(),
	},
})
