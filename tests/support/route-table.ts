import fs from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes.ts'

/** One URL pattern of app/routes.ts with the module that answers it and what that module exports. */
export type RouteInfo = {
	path: string
	file: string
	/** Exports an action: it takes POST (and PUT, PATCH, DELETE) requests. */
	action: boolean
	/** Exports a loader. */
	loader: boolean
	/** Renders a page (default export); otherwise a resource route answering with its own Response. */
	page: boolean
}

function flatten(entries: RouteConfigEntry[], parent = ''): { path: string; file: string }[] {
	return entries.flatMap((e) => {
		const here = e.path ? `${parent}/${e.path}`.replace(/\/+/g, '/') : parent
		// A route answers its own URL when it is an index, a leaf, or a layout with a path and no index child.
		const answers = e.index || (e.path && (!e.children?.length || !e.children.some((c) => c.index)))
		const own = answers ? [{ path: here || '/', file: e.file }] : []
		return [...own, ...flatten(e.children ?? [], here)]
	})
}

function exportsOf(file: string) {
	const source = fs.readFileSync(path.join('app', file), 'utf8')
	const has = (name: string) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${name}\\b`).test(source)
	return { action: has('action'), loader: has('loader'), page: /export\s+default\b/.test(source) }
}

/** Every URL pattern of app/routes.ts, read from the file itself, so a new route shows up here by itself. */
export function routeTable(): RouteInfo[] {
	const seen = new Set<string>()
	return flatten(routes as RouteConfigEntry[])
		.filter((r) => !seen.has(r.path) && seen.add(r.path))
		.map((r) => ({ ...r, ...exportsOf(r.file) }))
}
