// Where the grading worker's code is. The production build emits the worker as its own file beside the
// server bundle and puts its URL here (vite/challenge-worker.ts replaces `BUILT`); run from the sources
// (vitest, the dev server, tsx scripts) the TypeScript entry is loaded through tsx's loader.

const BUILT: string | null = null

export function workerScript(): { code: string | URL; eval: boolean } {
	if (BUILT) return { code: new URL(BUILT), eval: false }
	const entry = new URL('./worker.server.ts', import.meta.url).href
	return { code: `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`, eval: true }
}
