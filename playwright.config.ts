import { defineConfig, devices } from '@playwright/test'
import { disableFeaturesSwitch } from './tests/support/chromium-args.ts'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/learnchain-e2e-${PORT}`

export default defineConfig({
	testDir: './tests/e2e',
	// One output folder per port, so two runs side by side do not delete each other's traces.
	outputDir: `test-results/${PORT}`,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	// One retry in CI absorbs a machine hiccup; a test that needs it is reported as flaky, not hidden.
	retries: process.env.CI ? 1 : 0,
	workers: 2,
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL: `http://localhost:${PORT}`,
		// A trace only when a test is run again (CI's retry; locally, `--trace on`), and a screenshot of each failure.
		// Tracing every test was a third of the browser's work: its screencast drew and encoded frames throughout
		// and its DOM snapshots were taken at every action. learning-honest.spec: 155 CPU-s of Chromium traced,
		// 99 without the screencast, 87 untraced (2.2 -> 1.4 min); the whole suite, screencast off: 33.4 -> 28.9 min.
		trace: 'on-first-retry',
		screenshot: 'only-on-failure',
		// Menus, dialogs and toasts open without their 150-300 ms animations (the app's reduced-motion rules),
		// so Playwright's stability checks do not wait on them and the browser draws no moving frames: the
		// suite is bound by two cores. Measured on shell, applications and admin specs: 2.9 and 3.0 min, 2.4 min
		// with it. The pages as most visitors see them, motion on, are still checked: marketing.spec and
		// mobile-layout.spec ask for 'no-preference', a11y.spec checks both.
		reducedMotion: 'reduce',
		launchOptions: {
			executablePath: '/usr/bin/chromium',
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				// Playwright's own list and the browser's window drawn as web pages (tests/support/chromium-args.ts).
				disableFeaturesSwitch(),
			],
		},
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: {
		// The production build on a fresh embedded database, seeded with demo data.
		command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
		url: `http://localhost:${PORT}/readyz`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'ignore',
		stderr: 'pipe',
		env: {
			PORT: String(PORT),
			DATA_DIR: E2E_DATA_DIR,
			NODE_ENV: 'production',
			MAIL_OUTBOX: 'true',
			SEED_DEMO: 'true',
			APP_URL: `http://localhost:${PORT}`,
			GITHUB_CLIENT_ID: '',
			GITHUB_CLIENT_SECRET: '',
			GOOGLE_CLIENT_ID: '',
			GOOGLE_CLIENT_SECRET: '',
			DATABASE_URL: '',
			SMTP_URL: '',
			SIGNUP_RATE_LIMIT: '1000',
			// The learning area's sections fail on request (a test_fault cookie) in tests/e2e/learning-honest.spec.ts.
			TEST_SECTION_FAULTS: 'true',
			// Every page the suite asks for is made with kept fragments and checked against one made without them.
			TEST_KEPT_FRAGMENTS_CHECK: 'true',
			// The tutor runs offline in e2e runs: no request leaves the machine.
			AI_BASE_URL: '',
			AI_API_KEY: '',
		},
	},
})
