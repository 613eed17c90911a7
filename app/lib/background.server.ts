// Work a request starts but does not wait for (mail sent after answering). Shutdown waits for it
// before closing the database, so a SIGTERM right after a response does not cut it off.

const KEY = Symbol.for('learnchain.backgroundTasks')
const g = globalThis as { [KEY]?: Set<Promise<unknown>> }
const pending: Set<Promise<unknown>> = (g[KEY] ??= new Set())

/** Run `task` after the response; its failure is the task's own business (it should log it). */
export function runInBackground(task: Promise<unknown>): void {
	const tracked = task.catch(() => {}).finally(() => pending.delete(tracked))
	pending.add(tracked)
}

/** Resolves when every background task started so far has finished. */
export async function backgroundSettled(): Promise<void> {
	while (pending.size) await Promise.allSettled([...pending])
}
