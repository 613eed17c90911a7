import type { Plugin } from 'vite'

/**
 * Fewer, larger chunks for the signed-in area (issue 9). React Router's client build otherwise splits the
 * code every signed-in page needs into some 50 files, and on a mobile connection (HTTP/1.1: six at a time)
 * each costs a round trip before the page is shown; Lighthouse's mobile score of /dashboard went from
 * about 75 to about 90 with these two groups. Client build only:
 * - `react`: React, React DOM and React Router, which every hydrated page loads;
 * - `shell`: every other module the root route or the dashboard layout imports statically, directly or not
 *   (the sidebar, header, UI primitives and their libraries), which every signed-in page loads.
 * Modules reached only through import() (wallet, chat, editor, toaster) and the route modules keep their own
 * chunks, so nothing loaded on demand is pulled forward (scripts/check-assets.mjs checks it for the public
 * pages). The landings' islands are built separately (islands.vite.ts) and are not affected.
 */
const REACT = /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//
const SHELL_ROOTS = [/\/app\/root\.tsx$/, /\/app\/routes\/dashboard\/layout\.tsx$/]

type ModuleInfo = { importers: readonly string[] } | null

export function vendorChunks(): Plugin {
	return {
		name: 'learnchain-vendor-chunks',
		config(_config, { isSsrBuild }) {
			if (isSsrBuild) return
			const inShell = new Map<string, boolean>()
			// Statically imported by a shell root, directly or not (`importers` leaves import() out).
			const reachable = (id: string, getModuleInfo: (id: string) => ModuleInfo, seen = new Set<string>()): boolean => {
				const known = inShell.get(id)
				if (known !== undefined) return known
				if (seen.has(id)) return false
				seen.add(id)
				const found = SHELL_ROOTS.some((r) => r.test(id)) || (getModuleInfo(id)?.importers ?? []).some((i) => reachable(i, getModuleInfo, seen))
				inShell.set(id, found)
				return found
			}
			return {
				build: {
					rollupOptions: {
						output: {
							manualChunks(id, { getModuleInfo }) {
								if (REACT.test(id)) return 'react'
								// Virtual modules (locale chunks), the route modules themselves: React Router's own chunks.
								if (id.startsWith('\0') || SHELL_ROOTS.some((r) => r.test(id)) || /\/app\/routes\//.test(id)) return undefined
								return reachable(id, getModuleInfo) ? 'shell' : undefined
							},
						},
					},
				},
			}
		},
	}
}
