import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { withPgClient } from '#db/pg-admin.ts'

// The production server as a child process this test owns: its own port, data directory or PostgreSQL
// database, its output captured, and signals sent by the test (SIGKILL, SIGTERM). For specs about the
// process itself (durability, shutdown, logs), which the shared webServer cannot be used for.

export type Exit = { code: number | null; signal: NodeJS.Signals | null }

export type ServerProcess = {
	baseURL: string
	pid: number
	/** Everything the process wrote to stdout and stderr so far. */
	output: () => string
	exited: Promise<Exit>
	kill: (signal: NodeJS.Signals) => void
}

export type ServerOptions = { port: number; dataDir: string; databaseUrl?: string; env?: Record<string, string> }

// Fixed secrets for PostgreSQL runs: production refuses to start without them, and a restart must
// find the same ones (sessions, certificates).
const SECRETS = { AUTH_SECRET: randomBytes(32).toString('hex'), CERT_SIGNER_KEY: `0x${randomBytes(32).toString('hex')}` }

export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
	const baseURL = `http://localhost:${opts.port}`
	let output = ''
	const child: ChildProcess = spawn(process.execPath, [path.resolve('scripts/start.mjs')], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(opts.port),
			APP_URL: baseURL,
			DATA_DIR: opts.dataDir,
			DATABASE_URL: opts.databaseUrl ?? '',
			...(opts.databaseUrl ? SECRETS : {}),
			MAIL_OUTBOX: 'true',
			SEED_DEMO: 'true',
			// No demo cohort: these specs are about the process and its inputs, and it would only add seconds to each start.
			SEED_DEMO_COHORT: 'false',
			SMTP_URL: '',
			GITHUB_CLIENT_ID: '',
			GITHUB_CLIENT_SECRET: '',
			GOOGLE_CLIENT_ID: '',
			GOOGLE_CLIENT_SECRET: '',
			AI_BASE_URL: '',
			AI_API_KEY: '',
			SIGNUP_RATE_LIMIT: '100000',
			// Each simulated client names its own address (X-Forwarded-For), as it would behind a proxy.
			TRUST_PROXY: 'true',
			...opts.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
	child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
	const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
	const server: ServerProcess = {
		baseURL,
		pid: child.pid!,
		output: () => output,
		exited,
		kill: (signal) => {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal)
		},
	}
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before it was ready:\n${output}`)
		const ready = await fetch(`${baseURL}/readyz`).then(
			(r) => r.ok,
			() => false,
		)
		if (ready) return server
		await new Promise((r) => setTimeout(r, 100))
	}
}

/** SIGTERM and wait for the exit. */
export async function stopServer(server: ServerProcess): Promise<Exit> {
	server.kill('SIGTERM')
	return server.exited
}

/** An empty data directory of this test run's own (two runs of the same spec side by side never share one). */
export function freshDataDir(name: string) {
	const dir = `/tmp/learnchain-${name}-${process.pid}`
	fs.rmSync(dir, { recursive: true, force: true })
	return dir
}

/* ---------------------------------- PostgreSQL --------------------------------- */

export { PG_ADMIN_URL, pgReachable, throwawayDatabase } from './pg.ts'

export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>

/** Queries on a PGlite data directory (the server must be stopped) or a PostgreSQL database. */
export async function withDatabase<R>(target: { dataDir?: string; databaseUrl?: string }, fn: (query: Query) => Promise<R>): Promise<R> {
	if (target.databaseUrl) {
		return withPgClient(target.databaseUrl, (client) => fn(async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[]))
	}
	const { PGlite } = await import('@electric-sql/pglite')
	const db = new PGlite(path.join(target.dataDir!, 'pglite'))
	try {
		return await fn(async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows)
	} finally {
		await db.close()
	}
}

/**
 * PGlite's control file says whether the database was shut down cleanly (1, DB_SHUTDOWNED) or was
 * still running when its process died (6, DB_IN_PRODUCTION: the next open replays the WAL).
 */
export function pgliteControlState(dataDir: string): number {
	const buf = fs.readFileSync(path.join(dataDir, 'pglite/global/pg_control'))
	return buf.readUInt32LE(16)
}
