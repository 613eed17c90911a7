import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { createStaticHandler, matchRoutes, type RouteObject, type StaticHandlerContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routeTable } from '../tests/support/route-table.ts'
import routeConfig from './routes.ts'

// React Router is patched (patches/, ADR 0022): the server remembers which of its ranked branches a pathname
// matched. These tests hold that to React Router's own full scan. (The server routes kept per build, the
// patch's other half: whole-render.server.test.tsx.)

/** The app's route tree as the server builds it: the root around routes.ts, ids as the framework gives them. */
function appRoutes(): RouteObject[] {
	const convert = (entries: RouteConfigEntry[]): RouteObject[] =>
		entries.map((e) => {
			const id = e.id ?? e.file.replace(/\.tsx?$/, '')
			const base = { id, path: e.path, caseSensitive: e.caseSensitive, loader: () => null }
			return e.index ? { ...base, index: true } : { ...base, children: e.children ? convert(e.children) : undefined }
		})
	return [{ id: 'root', path: '', loader: () => null, children: convert(routeConfig) }]
}

type Match = { route: { id?: string }; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }
const shape = (matches: Match[] | null | undefined) =>
	matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null

/** Every route of app/routes.ts with its parameters filled in (a new route is tested by itself), and the odd ones. */
const PATHS = [
	...routeTable().map((r) => r.path.replace(/:(\w+)/g, 'a-$1').replace(/\*$/, 'some/where')),
	'/dashboard/',
	'/DASHBOARD/Profile',
	'/%64ashboard',
	'/dashboard%2Fscoreboard',
	'//dashboard',
	'/certificates/abc.json',
	'/nowhere/at/all',
]

/** The pathnames the patched matcher keeps for a handler, on its branches (`Symbol.for`, in the patch). */
const known = (handler: ReturnType<typeof createStaticHandler>) =>
	(handler._internalRouteBranches as unknown as Record<symbol, Map<string, number> | undefined>)[Symbol.for('learnchain.knownBranchMatches')]

describe('route matching (patched: the matching branch remembered per pathname)', () => {
	it('matches every address as the full scan of the ranked routes does, the first time and every time after', async () => {
		const routes = appRoutes()
		const handler = createStaticHandler(routes)
		for (let round = 0; round < 3; round++) {
			for (const p of PATHS) {
				const context = (await handler.query(new Request(`http://app.test${p}`))) as StaticHandlerContext
				// matchRoutes without precomputed branches flattens and ranks the routes itself: React Router's own scan.
				expect(shape(context.matches), `${p}, round ${round + 1}`).toEqual(shape(matchRoutes(routes, p)))
			}
		}
		// Answered from what it kept: one entry per distinct pathname.
		expect(known(handler)?.size).toBe(new Set(PATHS.map((p) => decodeURI(p))).size)
	})

	it('keeps its answers bounded, and right after it forgets them', async () => {
		const routes = appRoutes()
		const handler = createStaticHandler(routes)
		// More distinct addresses than it keeps (1,000): the store is emptied and filled again on the way.
		for (let i = 0; i < 2_500; i++) {
			const p = i % 2 ? `/dashboard/learn/course/c-${i}` : `/x-${i}`
			const context = (await handler.query(new Request(`http://app.test${p}`))) as StaticHandlerContext
			if (i % 250 === 0 || i > 2_490) expect(shape(context.matches), p).toEqual(shape(matchRoutes(routes, p)))
			expect(known(handler)!.size).toBeLessThanOrEqual(1_000)
		}
		expect(known(handler)!.size).toBe(2_500 % 1_000)
		for (const p of PATHS) {
			const context = (await handler.query(new Request(`http://app.test${p}`))) as StaticHandlerContext
			expect(shape(context.matches), p).toEqual(shape(matchRoutes(routes, p)))
		}
	})

	it('gives each request matches of its own: a change to one answer does not reach the next', async () => {
		const handler = createStaticHandler(appRoutes())
		const url = 'http://app.test/dashboard/learn/course/c-1'
		const first = (await handler.query(new Request(url))) as StaticHandlerContext
		// React Router types params as read-only; a loader that changed them anyway must not change the next request's.
		;(first.matches[2]!.params as Record<string, string>).courseId = 'changed'
		const second = (await handler.query(new Request(url))) as StaticHandlerContext
		expect(second.matches[2]!.params.courseId).toBe('c-1')
		expect(second.matches).not.toBe(first.matches)
	})
})

it('runs the patched React Router (npm install applies patches/ through patch-package)', () => {
	const patch = fs.readFileSync(path.join(import.meta.dirname, '../patches/react-router+7.18.4.patch'), 'utf8')
	const version = (createRequire(import.meta.url)('react-router/package.json') as { version: string }).version
	expect(version, 'the patch is for this version; a new one needs the patch made again').toBe('7.18.4')
	const dist = path.dirname(createRequire(import.meta.url).resolve('react-router')).replace(/[\\/]development$/, '')
	for (const file of new Set([...patch.matchAll(/^\+\+\+ b\/node_modules\/react-router\/dist\/(\S+)/gm)].map((m) => m[1]!))) {
		expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).toContain('Learnchain patch')
	}
})
