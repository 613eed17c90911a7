import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { DatabaseWorkerError } from './faults.ts'

// The main thread's side of db/pglite-worker.mjs: the part of PGlite's interface drizzle uses (query, exec,
// transaction, close), each call a message to the worker. A call unanswered within the time limit means the
// engine is stuck on a statement: the worker is ended, every call waiting on it fails as a database fault, and
// the next `start()` opens the data directory again (PGlite replays its log, as after a crash).

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string, typeId: number) => unknown> }
type Result = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer?: ReturnType<typeof setTimeout> }

type ThreadOptions = {
	/** A statement (or a wait for the engine) longer than this ends the worker. 0: no limit (migrations). */
	timeoutMs: () => number
	/** Every fault (timeout, worker gone) is told here first: the health monitor. */
	onFault: (error: DatabaseWorkerError) => void
	/** While the database is known to be away, the error to refuse calls with (the health monitor's). */
	refusal: () => Error | null
	/** A worker ended by a fault was replaced and its engine is open; `ms` is what opening it took. */
	onReopen?: (ms: number) => void
	/** In memory only: a data directory to start from (PGlite's dumpDataDir), instead of a new one (initdb). */
	template?: Blob
}

function workerFile() {
	const here = path.dirname(fileURLToPath(import.meta.url))
	const candidates = [
		path.resolve(process.cwd(), 'db/pglite-worker.mjs'),
		path.join(here, 'pglite-worker.mjs'),
		path.resolve(here, '../../db/pglite-worker.mjs'),
	]
	const found = candidates.find((c) => fs.existsSync(c))
	if (!found) throw new Error('db/pglite-worker.mjs not found')
	return found
}

/**
 * PGlite's WebAssembly, compiled once per process and handed to each worker (compiled modules cross threads
 * without a copy): a worker opened again after a fault starts in about half the time.
 */
let compiled: Promise<Record<string, unknown>> | undefined
function compiledEngine() {
	compiled ??= (async () => {
		const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
		const read = (name: string) => fs.promises.readFile(path.join(dist, name))
		const [pglite, initdb, data] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')])
		return {
			pgliteWasmModule: await WebAssembly.compile(pglite),
			initdbWasmModule: await WebAssembly.compile(initdb),
			fsBundle: new Blob([data]),
		}
	})()
	return compiled
}

type Handle = {
	query: <T = unknown>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Result & { rows: T[] }>
	exec: (sql: string) => Promise<Result[]>
}

export class PgliteThread implements Handle {
	private worker: Worker | null = null
	private starting: Promise<void> | null = null
	/** A worker being ended: the next one may open the data directory only once this one has let go of it. */
	private ending: Promise<unknown> = Promise.resolve()
	private readonly pending = new Map<number, Pending>()
	private nextId = 1
	/** An engine was open before: the next start is a reopen after a fault (recovery replays PGlite's log). */
	private opened = false

	constructor(
		private readonly dataDir: string | undefined,
		private readonly opts: ThreadOptions,
	) {}

	get running() {
		return this.worker !== null
	}

	/** Start the worker (once; again after it was ended) and wait until PGlite is open. */
	start(): Promise<void> {
		this.starting ??= (async () => {
			await this.ending
			const began = performance.now()
			const reopening = this.opened
			const engine = { ...(await compiledEngine()), ...(this.opts.template && { loadDataDir: this.opts.template }) }
			const worker = new Worker(workerFile(), { workerData: { dataDir: this.dataDir, engine } })
			worker.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => this.settle(m))
			worker.on('error', (error) => this.lost(worker, new DatabaseWorkerError(`database worker failed: ${error.message}`)))
			worker.on('exit', (code) => this.lost(worker, new DatabaseWorkerError(`database worker exited (code ${code})`)))
			this.worker = worker
			await this.send('ready', {}, { bypass: true, timeout: false })
			this.opened = true
			if (reopening) this.opts.onReopen?.(Math.round(performance.now() - began))
		})().finally(() => (this.starting = null))
		return this.starting
	}

	query<T = unknown>(sql: string, params: unknown[] = [], options?: QueryOptions) {
		// drizzle's parsers keep dates as text, identity functions all: functions cannot cross threads, their type ids can.
		const opts = options && { rowMode: options.rowMode, identityParsers: Object.keys(options.parsers ?? {}).map(Number) }
		return this.send('query', { sql, params, opts }) as Promise<Result & { rows: T[] }>
	}

	exec(sql: string) {
		return this.send('exec', { sql }) as Promise<Result[]>
	}

	/** An interactive transaction: the worker holds PGlite's transaction open until commit or rollback. */
	async transaction<T>(fn: (tx: Handle) => Promise<T>): Promise<T> {
		const tx = (await this.send('begin', {})) as number
		const handle: Handle = {
			query: (sql, params = [], options) =>
				this.send('query', {
					sql,
					params,
					tx,
					opts: options && { rowMode: options.rowMode, identityParsers: Object.keys(options.parsers ?? {}).map(Number) },
				}) as never,
			exec: (sql) => this.send('exec', { sql, tx }) as never,
		}
		let result: T
		try {
			result = await fn(handle)
		} catch (error) {
			await this.send('rollback', { tx }).catch(() => {})
			throw error
		}
		await this.send('commit', { tx })
		return result
	}

	/** The probe: open the worker again if it was ended, then one trivial statement. */
	async probe() {
		if (!this.worker) await this.start()
		await this.send('query', { sql: 'select 1', params: [] }, { bypass: true })
	}

	/** Test hooks behind the db-fault switch: hold the engine for `ms`, or make the worker die. */
	async inject(kind: 'hang' | 'crash', ms = 0): Promise<void> {
		await this.send(kind, { ms }, { bypass: true, timeout: false }).catch(() => {})
	}

	async close() {
		if (!this.worker) return
		const worker = this.worker
		await this.send('close', {}, { bypass: true, timeout: false }).catch(() => {})
		this.worker = null
		await (this.ending = worker.terminate())
	}

	private send(op: string, payload: Record<string, unknown>, how: { bypass?: boolean; timeout?: boolean } = {}): Promise<unknown> {
		const refusal = how.bypass ? null : this.opts.refusal()
		if (refusal) return Promise.reject(refusal)
		const worker = this.worker
		if (!worker) return Promise.reject(new DatabaseWorkerError('database worker is not running'))
		const id = this.nextId++
		return new Promise((resolve, reject) => {
			const call: Pending = { resolve, reject }
			const limit = how.timeout === false ? 0 : this.opts.timeoutMs()
			if (limit > 0) {
				call.timer = setTimeout(() => this.stuck(worker, limit), limit)
				call.timer.unref()
			}
			this.pending.set(id, call)
			worker.postMessage({ id, op, ...payload })
		})
	}

	private settle(m: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) {
		const call = this.pending.get(m.id)
		if (!call) return
		this.pending.delete(m.id)
		clearTimeout(call.timer)
		if (m.ok) call.resolve(m.result)
		else call.reject(Object.assign(new Error(String(m.error?.message ?? 'database error')), m.error))
	}

	/** A call went unanswered: the engine is stuck, end the worker (`lost` fails everything waiting on it). */
	private stuck(worker: Worker, limit: number) {
		if (this.worker !== worker) return
		this.ending = worker.terminate().catch(() => {})
		this.lost(worker, new DatabaseWorkerError(`database worker timeout expired: no answer within ${limit} ms`, true))
	}

	private lost(worker: Worker, error: DatabaseWorkerError) {
		if (this.worker !== worker) return
		this.worker = null
		for (const [id, call] of this.pending) {
			clearTimeout(call.timer)
			call.reject(error)
			this.pending.delete(id)
		}
		this.opts.onFault(error)
	}
}
