import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { freePort } from './ports.ts'

export type PrivateServer = { baseURL: string; dataDir: string; log: () => string; stop: () => Promise<void> }

/** A port nobody listens on now (the kernel picks it), so test runs side by side never collide. */
export { freePort } from './ports.ts'

/**
 * The production build on its own fresh database, for a spec that must know every write made to it
 * (the shared e2e server takes writes from the other specs running beside it). Same settings as the
 * webServer of playwright.config.ts, plus TRUST_PROXY, so each request may name its own client
 * address (X-Forwarded-For) and per-address rate limits do not hide the validation behind them.
 */
export async function startPrivateServer(extraEnv: Record<string, string> = {}): Promise<PrivateServer> {
	const port = await freePort()
	const baseURL = `http://localhost:${port}`
	const dataDir = `/tmp/learnchain-private-${port}`
	fs.rmSync(dataDir, { recursive: true, force: true })
	let output = ''
	const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
		env: {
			...process.env,
			PORT: String(port),
			DATA_DIR: dataDir,
			NODE_ENV: 'production',
			MAIL_OUTBOX: 'true',
			SEED_DEMO: 'true',
			// No demo cohort: these specs are about the process and its inputs, and it would only add seconds to each start.
			SEED_DEMO_COHORT: 'false',
			APP_URL: baseURL,
			GITHUB_CLIENT_ID: '',
			GITHUB_CLIENT_SECRET: '',
			GOOGLE_CLIENT_ID: '',
			GOOGLE_CLIENT_SECRET: '',
			DATABASE_URL: '',
			SMTP_URL: '',
			SIGNUP_RATE_LIMIT: '100000',
			AI_BASE_URL: '',
			AI_API_KEY: '',
			TRUST_PROXY: 'true',
			...extraEnv,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
	child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

	const stop = async () => {
		if (child.exitCode === null) child.kill('SIGTERM')
		await exited
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
	for (let i = 0; i < 600; i++) {
		if (child.exitCode !== null) throw new Error(`private server exited:\n${output}`)
		const ready = await fetch(`${baseURL}/readyz`).then(
			(r) => r.ok,
			() => false,
		)
		if (ready) return { baseURL, dataDir, log: () => output, stop }
		await new Promise((r) => setTimeout(r, 200))
	}
	await stop()
	throw new Error(`private server did not become ready:\n${output}`)
}
