import { Worker } from 'node:worker_threads'
import type { GradeJob, GradeResult } from '../types.ts'
import type { WorkerReply, WorkerRequest } from './worker.server.ts'
import { workerScript } from './worker-script.server.ts'

// Worker threads that grade jobs one at a time each, so compiling and running learner code never blocks
// the thread that serves pages. Jobs wait in a bounded queue; a job past its time limit has its worker
// terminated and replaced (an endless loop in the compiler or the EVM cannot hold a worker), and a worker
// that dies is replaced too.

export type PoolOptions = { size: number; queueMax: number; timeoutMs: number; memoryMb: number }

type Pending = { job: GradeJob; resolve: (r: GradeResult) => void; queuedAt: number }
type Slot = { worker: Worker; ready: boolean; current: (Pending & { id: number; timer: NodeJS.Timeout }) | null; peakHeap: number }

export type PoolStats = { workers: number; ready: number; busy: number; queued: number; replaced: number; peakHeapBytes: number }

export class GraderPool {
	private slots: Slot[] = []
	private queue: Pending[] = []
	private nextId = 1
	private replaced = 0
	private closed = false

	constructor(private readonly opts: PoolOptions) {}

	/** Grade a job: resolves with the result, or a 'busy' / 'timeLimit' / 'crashed' problem; never rejects. */
	run(job: GradeJob): Promise<GradeResult> {
		if (this.closed) return Promise.resolve({ status: 'problem', problem: 'busy' })
		if (this.queue.length >= this.opts.queueMax) return Promise.resolve({ status: 'problem', problem: 'busy' })
		return new Promise((resolve) => {
			this.queue.push({ job, resolve, queuedAt: performance.now() })
			// Workers start on first use: a server whose learners never open a challenge never loads the compiler.
			while (this.slots.length < this.opts.size) this.slots.push(this.spawn())
			this.dispatch()
		})
	}

	stats(): PoolStats {
		return {
			workers: this.slots.length,
			ready: this.slots.filter((s) => s.ready).length,
			busy: this.slots.filter((s) => s.current).length,
			queued: this.queue.length,
			replaced: this.replaced,
			peakHeapBytes: Math.max(0, ...this.slots.map((s) => s.peakHeap)),
		}
	}

	/** Start every worker now and wait until each has loaded the compiler (bench, tests). */
	async warm(): Promise<void> {
		while (this.slots.length < this.opts.size) this.slots.push(this.spawn())
		while (this.slots.some((s) => !s.ready)) await new Promise((r) => setTimeout(r, 20))
	}

	async close(): Promise<void> {
		this.closed = true
		for (const p of this.queue.splice(0)) p.resolve({ status: 'problem', problem: 'busy' })
		await Promise.all(this.slots.map((s) => s.worker.terminate()))
		this.slots = []
	}

	private spawn(): Slot {
		const script = workerScript()
		const worker = new Worker(script.code, {
			eval: script.eval,
			resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
			stdout: false,
			stderr: false,
		})
		const slot: Slot = { worker, ready: false, current: null, peakHeap: 0 }
		// Not counted as a reason to keep the process alive: a server shutting down must not wait for idle workers.
		worker.unref()
		worker.on('message', (reply: WorkerReply) => {
			if ('ready' in reply) {
				slot.ready = true
				this.dispatch()
				return
			}
			const current = slot.current
			if (!current || current.id !== reply.id) return
			clearTimeout(current.timer)
			slot.current = null
			slot.peakHeap = Math.max(slot.peakHeap, reply.heapBytes)
			current.resolve(reply.result)
			this.dispatch()
		})
		const lost = () => {
			if (!this.slots.includes(slot)) return
			const current = slot.current
			if (current) {
				clearTimeout(current.timer)
				current.resolve({ status: 'problem', problem: 'crashed' })
			}
			this.replace(slot)
		}
		worker.on('error', lost)
		worker.on('exit', lost)
		return slot
	}

	private replace(slot: Slot) {
		const index = this.slots.indexOf(slot)
		if (index < 0) return
		this.replaced++
		slot.current = null
		void slot.worker.terminate()
		if (this.closed) {
			this.slots.splice(index, 1)
			return
		}
		this.slots[index] = this.spawn()
	}

	private dispatch() {
		for (const slot of this.slots) {
			if (!slot.ready || slot.current) continue
			const next = this.queue.shift()
			if (!next) return
			const id = this.nextId++
			const timer = setTimeout(() => {
				if (slot.current?.id !== id) return
				slot.current = null
				next.resolve({ status: 'problem', problem: 'timeLimit' })
				this.replace(slot)
				this.dispatch()
			}, this.opts.timeoutMs)
			slot.current = { ...next, id, timer }
			const message: WorkerRequest = { id, job: next.job }
			slot.worker.postMessage(message)
		}
	}
}
