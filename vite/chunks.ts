import type { Plugin } from 'vite'

/**
 * Fewer, larger chunks for the signed-in area (issue 9). React Router's client build otherwise splits the
 * code every signed-in page needs into some 50 files, and on a mobile connection (HTTP/1.1: six at a time)
 * each costs a round trip before the page is shown; Lighthouse's mobile score of /dashboard went from
 * about 75 to about 90 with these groups. Client build only:
 * - `react`: React and React DOM, and `router`: React Router, which every hydrated page loads (two files
 *   of about 67 and 42 KB gzip rather than one of 110: they download side by side, and in Lighthouse's
 *   simulated slow 4G the last script a page waits for arrived 0.2 to 0.3 s sooner);
 * - `shell`: every other module the root route or the dashboard layout needs statically, directly or not
 *   (the sidebar, header, UI primitives and their libraries), which every signed-in page loads, and the
 *   small modules two or more of the learner's pages share (signedInShell below).
 * Modules reached only through import() (wallet, chat, editor, toaster) and the route modules keep their own
 * chunks, so nothing loaded on demand is pulled forward (scripts/check-assets.mjs checks it for the public
 * pages). The landings' islands are built separately (vite/islands.ts) and are not affected.
 *
 * "Needs" is followed per imported name through barrels (a package index made only of imports and
 * re-exports: lucide-react, radix-ui, zod/v4/core): the sidebar's `import { Award } from 'lucide-react'`
 * puts lucide's award icon in the shell, not the 1,500 icons the index re-exports. Following every static
 * import instead put every icon, Radix primitive and zod schema any page of the app uses into the shell
 * (a third of it, loaded and left unused by every signed-in page). Only the modules named here go into
 * these chunks (onlyExplicitManualChunks): Rollup would otherwise add everything they import, barrels'
 * contents included.
 *
 * Rollup's own options were measured against this (docs/decisions/0010): `output.experimentalMinChunkSize`
 * alone or with React and React Router as manualChunks leaves 35 to 38 scripts per signed-in page (this
 * plugin: 13) and as many or more bytes, because it only merges chunks whose side effects are the same for
 * every entry. Tested on a fixture app: vite/chunks.test.ts.
 */
const REACT = /\/node_modules\/(react|react-dom|scheduler)\//
const ROUTER = /\/node_modules\/(react-router|turbo-stream|cookie|set-cookie-parser)\//
const SHELL_ROOTS = [/\/app\/root\.tsx$/, /\/app\/routes\/dashboard\/layout\.tsx$/]
/** The pages of the signed-in area a learner sees (app/routes.ts): the dashboard's routes but its layout. */
const LEARNER_ROUTES = /\/app\/routes\/dashboard\/(?!layout\.tsx$)[\w-]+\.tsx$/
const SHARED_BY = 2
const SHARED_MAX = 10_000 // characters of code, a module and what it needs beyond the shell

type ModuleInfo = { importedIds: readonly string[]; exports?: string[] | null } | null
type Names = Set<string> | 'all'
/** What one module's top-level statements import and re-export, with the ids they resolve to. */
type Links = {
	/** Only imports and re-exports: needing one of its names needs only the module that name comes from. */
	barrel: boolean
	/** Static imports: the module and the names taken from it ('all' for `* as`; none for a bare import). */
	imports: { id: string; names: Names }[]
	/** Exported name -> where it comes from (`export { a as b } from`, or an imported binding exported again). */
	reexports: Map<string, { id: string; name: string | 'all' }>
	/** `export * from`. */
	stars: string[]
}

type Node = { type: string; [key: string]: unknown }
const nameOf = (n: unknown) => {
	const node = n as { type: string; name?: string; value?: unknown }
	return node.type === 'Identifier' ? node.name! : String(node.value)
}

export function vendorChunks(): Plugin {
	let client = false
	const links = new Map<string, Links>()
	return {
		name: 'learnchain-vendor-chunks',
		config(_config, { isSsrBuild }) {
			client = !isSsrBuild
			if (!client) return
			let shell: Set<string> | undefined
			return {
				build: {
					rollupOptions: {
						output: {
							manualChunks(id, { getModuleInfo, getModuleIds }) {
								if (REACT.test(id) || id === '\0commonjsHelpers.js') return 'react'
								if (ROUTER.test(id)) return 'router'
								shell ??= signedInShell([...getModuleIds()], getModuleInfo, links)
								// The root's code goes with the shell modules that import it (useRootData); the route modules
								// themselves otherwise keep React Router's own chunks.
								if (/\/app\/root\.tsx$/.test(id)) return 'shell'
								if (SHELL_ROOTS.some((r) => r.test(id)) || /\/app\/routes\//.test(id)) return undefined
								return shell.has(id) ? 'shell' : undefined
							},
							onlyExplicitManualChunks: true,
						},
					},
				},
			}
		},
		async moduleParsed(info) {
			if (!client || !info.ast) return
			const resolve = async (source: string) => {
				const r = await this.resolve(source, info.id)
				return r && !r.external ? r.id : undefined
			}
			const entry: Links = { barrel: true, imports: [], reexports: new Map(), stars: [] }
			const bindings = new Map<string, { id: string; name: string | 'all' }>()
			const localExports: [string, string][] = []
			for (const s of info.ast.body as unknown as Node[]) {
				const source = (s.source as { value?: string } | null | undefined)?.value
				const id = source === undefined ? undefined : await resolve(source)
				if (s.type === 'ImportDeclaration') {
					if (!id) continue
					const specifiers = s.specifiers as Node[]
					const names = new Set<string>()
					let all = false
					for (const sp of specifiers) {
						if (sp.type === 'ImportNamespaceSpecifier') all = true
						const name = sp.type === 'ImportSpecifier' ? nameOf(sp.imported) : sp.type === 'ImportDefaultSpecifier' ? 'default' : 'all'
						if (name !== 'all') names.add(name)
						bindings.set((sp.local as { name: string }).name, { id, name })
					}
					entry.imports.push({ id, names: all ? 'all' : names })
				} else if (s.type === 'ExportNamedDeclaration' && !s.declaration) {
					for (const sp of s.specifiers as Node[]) {
						const exported = nameOf(sp.exported)
						if (id) entry.reexports.set(exported, { id, name: nameOf(sp.local) })
						else if (!source) localExports.push([exported, nameOf(sp.local)])
					}
				} else if (s.type === 'ExportAllDeclaration') {
					if (!id) continue
					if (s.exported) entry.reexports.set(nameOf(s.exported), { id, name: 'all' })
					else entry.stars.push(id)
				} else entry.barrel = false
			}
			// `import * as X from 'y'; export { X }` re-exports too (radix-ui's index is written that way).
			for (const [exported, local] of localExports) {
				const b = bindings.get(local)
				if (b) entry.reexports.set(exported, b)
				else entry.barrel = false
			}
			links.set(info.id, entry)
		},
	}
}

/**
 * The shell: what the root and the dashboard layout need, and the small modules two or more (SHARED_BY) of
 * the learner's pages (the dashboard's own routes, admin aside) need: badge, card, page header, toast, a few
 * icons. As chunks of their own they were as many more requests on every page, each a round trip on a phone.
 */
function signedInShell(ids: string[], getModuleInfo: (id: string) => ModuleInfo, links: Map<string, Links>) {
	const shell = shellModules(
		ids.filter((m) => SHELL_ROOTS.some((r) => r.test(m))),
		getModuleInfo,
		links,
	)
	const uses = new Map<string, number>()
	for (const route of ids.filter((m) => LEARNER_ROUTES.test(m))) {
		for (const m of shellModules([route], getModuleInfo, links)) if (!shell.has(m) && !/\/app\/routes\//.test(m)) uses.set(m, (uses.get(m) ?? 0) + 1)
	}
	const size = (m: string) => (getModuleInfo(m) as { code?: string | null } | null)?.code?.length ?? Infinity
	const shared = new Set<string>()
	for (const [m, n] of uses) {
		if (n < SHARED_BY) continue
		// With everything it needs, or not at all (half of a library in the shell would pull the rest in too).
		const closure = [...shellModules([m], getModuleInfo, links)].filter((d) => !shell.has(d))
		if (closure.reduce((total, d) => total + size(d), 0) <= SHARED_MAX) for (const d of closure) shared.add(d)
	}
	for (const m of shared) shell.add(m)
	return shell
}

/** Every module whose code the shell roots need through static imports, followed by name through barrels. */
function shellModules(roots: string[], getModuleInfo: (id: string) => ModuleInfo, links: Map<string, Links>) {
	const needed = new Set<string>()
	const asked = new Map<string, Set<string> | 'all'>()
	const queue: [string, Names][] = roots.map((r) => [r, 'all'])
	const need = (id: string, names: Names) => queue.push([id, names])
	while (queue.length) {
		const [id, names] = queue.pop()!
		const l = links.get(id)
		if (!l?.barrel) {
			// A module with code of its own: all of it, and so everything it imports.
			if (needed.has(id)) continue
			needed.add(id)
			if (!l) {
				for (const i of getModuleInfo(id)?.importedIds ?? []) need(i, 'all')
				continue
			}
			for (const i of l.imports) need(i.id, i.names)
			for (const r of l.reexports.values()) need(r.id, r.name === 'all' ? 'all' : new Set([r.name]))
			for (const s of l.stars) need(s, 'all')
			continue
		}
		// A barrel: only the modules the asked-for names come from (and its bare imports, for their side effects).
		const before = asked.get(id)
		if (before === 'all') continue
		const fresh = names === 'all' ? 'all' : new Set([...names].filter((n) => !before?.has(n)))
		if (fresh !== 'all' && !fresh.size && before) continue
		asked.set(id, fresh === 'all' ? 'all' : new Set([...(before ?? []), ...fresh]))
		needed.add(id)
		if (!before) for (const i of l.imports) if (i.names !== 'all' && !i.names.size) need(i.id, i.names)
		if (fresh === 'all') {
			for (const r of l.reexports.values()) need(r.id, r.name === 'all' ? 'all' : new Set([r.name]))
			for (const s of l.stars) need(s, 'all')
			continue
		}
		for (const name of fresh) {
			const r = l.reexports.get(name)
			if (r) need(r.id, r.name === 'all' ? 'all' : new Set([r.name]))
			else for (const s of l.stars) if (getModuleInfo(s)?.exports?.includes(name) ?? true) need(s, new Set([name]))
		}
	}
	return needed
}
