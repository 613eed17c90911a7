import { connectionFault, DatabaseUnavailableError } from './faults.ts'

export type HealthEvent =
	/** Connections were ended (terminate, restart, idle timeout) but the database answers again. */
	| { type: 'connection-lost'; cause: string }
	/** The database does not answer: requests get 503 without trying it until a probe succeeds. */
	| { type: 'unavailable'; cause: string }
	| { type: 'recovered'; downMs: number; refused: number; faults: number }
	/** The embedded engine was opened again on its data directory after a fault; `ms` is what the open took. */
	| { type: 'engine-reopened'; ms: number }

type Options = {
	/** A query on a connection of its own, bounded in time; rejects when the database is not there. */
	probe: () => Promise<void>
	/** How often a database that is away is tried again. */
	retryMs: number
	report: (event: HealthEvent) => void
	/** A fault within this long of the previous one belongs to the same episode: one warning per episode. */
	quietMs?: number
}

/**
 * Whether the database is there, learned from the errors queries meet and from probes. A connection fault
 * (db/faults.ts) triggers a probe; if the probe fails, the database is "down": callers are refused at once
 * (`refusal()`) instead of each waiting out a connection timeout, and a probe runs every `retryMs` until one
 * succeeds. Logging is one line per episode, never one per failed request.
 */
export class DbHealth {
	private down: { reason: string; since: number } | null = null
	private checking: Promise<boolean> | null = null
	private retry: ReturnType<typeof setTimeout> | undefined
	private episode: { faults: number; refused: number; lastFaultAt: number; warned: boolean } | null = null
	private lastCause = ''
	private closed = false

	constructor(private readonly opts: Options) {}

	get available() {
		return this.down === null
	}

	/** Inside a fault episode: away, or a fault within the quiet period. Errors logged by libraries then are its echoes. */
	get troubled() {
		return this.down !== null || (this.episode !== null && Date.now() - this.episode.lastFaultAt <= (this.opts.quietMs ?? 10_000))
	}

	/** Why the database is away, or null while it is there. */
	get reason() {
		return this.down?.reason ?? null
	}

	/** While the database is away, the error to fail with instead of trying it. */
	refusal(): DatabaseUnavailableError | null {
		if (!this.down) return null
		if (this.episode) this.episode.refused++
		return new DatabaseUnavailableError(this.down.reason)
	}

	/** Every error a query or connection meets comes here; only connection faults count. */
	observe(error: unknown) {
		const fault = connectionFault(error)
		if (!fault || fault.code === 'DATABASE_UNAVAILABLE' || this.closed) return
		const now = Date.now()
		if (!this.episode || (!this.down && now - this.episode.lastFaultAt > (this.opts.quietMs ?? 10_000))) {
			this.episode = { faults: 0, refused: 0, lastFaultAt: now, warned: false }
		}
		this.episode.faults++
		this.episode.lastFaultAt = now
		this.lastCause = fault.cause
		// A server that did not answer in time is away now; the probes say when it is back.
		if (fault.timeout && !this.down) this.settle(false)
		else void this.check()
	}

	/** Probe now (one probe at a time); resolves whether the database answered. */
	check(): Promise<boolean> {
		this.checking ??= this.opts
			.probe()
			.then(
				() => true,
				(error: unknown) => {
					this.lastCause = connectionFault(error)?.cause ?? (error instanceof Error ? error.message : String(error))
					return false
				},
			)
			.then((ok) => {
				this.checking = null
				this.settle(ok)
				return ok
			})
		return this.checking
	}

	close() {
		this.closed = true
		clearTimeout(this.retry)
	}

	private settle(ok: boolean) {
		if (this.closed) return
		if (ok) {
			if (this.down) {
				const episode = this.episode
				this.opts.report({ type: 'recovered', downMs: Date.now() - this.down.since, refused: episode?.refused ?? 0, faults: episode?.faults ?? 0 })
				this.down = null
				this.episode = null
				clearTimeout(this.retry)
			} else if (this.episode && !this.episode.warned) {
				this.episode.warned = true
				this.opts.report({ type: 'connection-lost', cause: this.lastCause })
			}
			return
		}
		// The first probe right away (an embedded engine is reopened by it), then one every retryMs.
		let wait = this.opts.retryMs
		if (!this.down) {
			this.down = { reason: this.lastCause, since: Date.now() }
			this.episode ??= { faults: 0, refused: 0, lastFaultAt: Date.now(), warned: false }
			this.episode.warned = true
			this.opts.report({ type: 'unavailable', cause: this.lastCause })
			if (this.checking === null) wait = 0
		}
		clearTimeout(this.retry)
		this.retry = setTimeout(() => void this.check(), wait)
		this.retry.unref?.()
	}
}
