// Child processes of the bench: the production server (one per port) and the bare ceiling server,
// plus peak-memory sampling from /proc.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export type Proc = { pid: number; url: string; stop: () => Promise<void>; child: ChildProcess }

async function waitFor(url: string, child: ChildProcess, logFile: string, timeoutMs = 120_000) {
	const until = Date.now() + timeoutMs
	while (Date.now() < until) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`)
		try {
			const res = await fetch(url)
			if (res.ok) return
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`)
}

/**
 * Refuses a port something already listens on. Otherwise a second bench started beside a first saw the first's
 * server answer /readyz before its own one failed to bind, and measured the wrong server (seen: its preflight got
 * 401, the other server not knowing its sessions).
 */
export async function assertPortFree(port: number) {
	const probe = net.createServer()
	await new Promise<void>((resolve, reject) => {
		probe.once('error', (err: NodeJS.ErrnoException) =>
			reject(err.code === 'EADDRINUSE' ? new Error(`port ${port} is in use (another bench running?): pass --port=<another base port>`) : err),
		)
		probe.listen(port, resolve)
	})
	await new Promise<void>((resolve) => probe.close(() => resolve()))
}

function stopper(child: ChildProcess) {
	return () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode) return resolve()
			const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
			child.once('exit', () => {
				clearTimeout(force)
				resolve()
			})
			child.kill('SIGTERM')
		})
}

/**
 * The production server (server/production.ts through scripts/start.mjs, as `npm start` runs it), directly
 * as `node` so the child's pid is the server's (for /proc sampling). Output goes to a log file.
 */
export async function startAppServer(opts: {
	port: number
	buildDir: string
	env: Record<string, string>
	logDir: string
	nodeArgs?: string[]
}): Promise<Proc> {
	await assertPortFree(opts.port)
	fs.mkdirSync(opts.logDir, { recursive: true })
	const logFile = path.join(opts.logDir, `server-${opts.port}.log`)
	const out = fs.openSync(logFile, 'w')
	const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'scripts/start.mjs'], {
		cwd: process.cwd(),
		stdio: ['ignore', out, out],
		env: { ...process.env, ...opts.env, BUILD_DIR: opts.buildDir, PORT: String(opts.port), NODE_ENV: 'production' },
	})
	fs.closeSync(out)
	const url = `http://127.0.0.1:${opts.port}`
	await waitFor(`${url}/readyz`, child, logFile)
	return { pid: child.pid!, url, child, stop: stopper(child) }
}

export async function startBareServer(port: number, bytes: number, logDir: string): Promise<Proc> {
	await assertPortFree(port)
	const logFile = path.join(logDir, `bare-${port}.log`)
	const out = fs.openSync(logFile, 'w')
	const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs'), String(port), String(bytes)], { stdio: ['ignore', out, out] })
	fs.closeSync(out)
	const url = `http://127.0.0.1:${port}`
	await waitFor(url, child, logFile, 10_000)
	return { pid: child.pid!, url, child, stop: stopper(child) }
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
	try {
		const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
		return m ? Number(m[1]) : 0
	} catch {
		return 0
	}
}

/** Samples VmRSS every `everyMs` while running; `peakMb` is the highest sample, `hwmMb` the kernel's own peak (VmHWM). */
export function sampleRss(pids: number[], everyMs = 100) {
	let peakKb = 0
	const tick = () => {
		const total = pids.reduce((n, pid) => n + statusKb(pid, 'VmRSS'), 0)
		peakKb = Math.max(peakKb, total)
	}
	tick()
	const timer = setInterval(tick, everyMs)
	return {
		stop() {
			clearInterval(timer)
			tick()
			const hwmKb = pids.reduce((n, pid) => n + statusKb(pid, 'VmHWM'), 0)
			return { peakMb: Math.round(peakKb / 1024), hwmMb: Math.round(hwmKb / 1024) }
		},
	}
}

/** CPU time (user + system, every thread) the processes have used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pids: number[]): number {
	const tick = 1000 / 100 // USER_HZ: 100 on Linux
	return pids.reduce((total, pid) => {
		try {
			// Fields after the command name (which may hold spaces), from its closing parenthesis: utime is the 12th, stime the 13th.
			const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
			const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			return total + (Number(f[11]) + Number(f[12])) * tick
		} catch {
			return total
		}
	}, 0)
}
