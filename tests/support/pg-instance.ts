// A private PostgreSQL server for one test: its own data directory and port, which the test may stop,
// restart, freeze (SIGSTOP) and thaw, and whose connections it may terminate. Never the shared server on 5432.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './ports.ts'

const BINARIES = ['initdb', 'postgres'] as const

function which(name: string): string | null {
	for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
		const file = path.join(dir, name)
		if (fs.existsSync(file)) return file
	}
	return null
}

/** Why a private server cannot run here (the PostgreSQL server binaries are not on PATH), or null. */
export function privatePostgresMissing(): string | null {
	const missing = BINARIES.filter((b) => !which(b))
	return missing.length ? `PostgreSQL server binaries not on PATH (${missing.join(', ')}): install PostgreSQL to run the database-fault tests` : null
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` account. */
function runAs(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined
	const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
	const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
	return { uid, gid }
}

function childrenOf(parent: number): number[] {
	const out: number[] = []
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue
		try {
			// /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
			const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8')
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
			if (ppid === parent) out.push(Number(name))
		} catch {
			// gone
		}
	}
	return out
}

export type PgInstance = {
	port: number
	/** A connection URL for database `name` (default `postgres`). */
	url: (name?: string) => string
	createDatabase: (name: string) => Promise<string>
	/** Fast shutdown (what a restart or failover does to clients): every backend is terminated. */
	stop: () => Promise<void>
	start: () => Promise<void>
	/** SIGSTOP / SIGCONT to every process of the server: the kernel still accepts TCP connections, nothing answers. */
	freeze: () => void
	thaw: () => void
	/** pg_terminate_backend on every other connection to `database`; how many were ended. */
	terminateAll: (database: string) => Promise<number>
	destroy: () => Promise<void>
}

export async function startPrivatePostgres(): Promise<PgInstance> {
	const missing = privatePostgresMissing()
	if (missing) throw new Error(missing)
	const user = runAs()
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'learnchain-pg-'))
	const dataDir = path.join(dir, 'data')
	if (user) fs.chownSync(dir, user.uid, user.gid)
	execFileSync(which('initdb')!, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
		stdio: 'ignore',
		...user,
	})
	const port = await freePort()
	let child: ChildProcess | undefined
	let exited: Promise<void> = Promise.resolve()
	let log = ''

	const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`
	const query = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
		const c = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 5_000 })
		c.on('error', () => {})
		await c.connect()
		try {
			return (await c.query<T>(text, params)).rows
		} finally {
			await c.end().catch(() => {})
		}
	}

	const start = async () => {
		log = ''
		child = spawn(
			which('postgres')!,
			[
				'-D',
				dataDir,
				'-p',
				String(port),
				'-c',
				'listen_addresses=127.0.0.1',
				'-c',
				`unix_socket_directories=${dir}`,
				'-c',
				'fsync=off',
				'-c',
				'max_connections=100',
			],
			{ stdio: ['ignore', 'pipe', 'pipe'], ...user },
		)
		child.stdout!.on('data', (c: Buffer) => (log += c.toString()))
		child.stderr!.on('data', (c: Buffer) => (log += c.toString()))
		const proc = child
		exited = new Promise((resolve) => proc.once('exit', () => resolve()))
		for (let i = 0; i < 300; i++) {
			if (proc.exitCode !== null) throw new Error(`private PostgreSQL exited:\n${log}`)
			if (
				await query('select 1').then(
					() => true,
					() => false,
				)
			)
				return
			await new Promise((r) => setTimeout(r, 100))
		}
		throw new Error(`private PostgreSQL did not start:\n${log}`)
	}

	// Every PostgreSQL process starts a session of its own (setsid), so a process group does not reach the
	// backends: signal the postmaster, then each of its children (read from /proc).
	const signalAll = (signal: NodeJS.Signals) => {
		if (!child?.pid || child.exitCode !== null) return
		process.kill(child.pid, signal)
		for (const pid of childrenOf(child.pid)) {
			try {
				process.kill(pid, signal)
			} catch {
				// it exited meanwhile
			}
		}
	}

	const stop = async () => {
		if (!child || child.exitCode !== null) return
		signalAll('SIGCONT')
		child.kill('SIGINT') // fast shutdown
		await exited
	}

	await start()
	return {
		port,
		url,
		createDatabase: async (name) => {
			await query(`CREATE DATABASE ${name}`)
			return url(name)
		},
		stop,
		start,
		freeze: () => signalAll('SIGSTOP'),
		thaw: () => signalAll('SIGCONT'),
		terminateAll: async (database) =>
			(
				await query<{ n: number }>('SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
					database,
				])
			)[0]!.n,
		destroy: async () => {
			await stop()
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}
