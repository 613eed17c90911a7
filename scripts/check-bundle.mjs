#!/usr/bin/env node
// Prints the gzip size of the JavaScript each public page loads before it is interactive
// (the entry, every route module on the matched branch with their static imports, and the
// language chunk the entry fetches before hydrating), and fails above the budget.
// Pages that are not hydrated (a route on the branch exports `handle = { hydrate: false }`,
// docs/decisions/0006) load only their island script and its static imports (build/islands.json).
//
//   node scripts/check-bundle.mjs            reads ./build (or $BUILD_DIR)
//   BUNDLE_BUDGET_KB=120                      the budget per landing page, in KiB of gzip (default 120)
//
// Source: React Router's client manifest (build/client/assets/manifest-*.js), which lists the
// modules and static imports the server preloads for each route. Chunks loaded on demand
// (the application modal, for instance) are not counted: a page does not need them to load.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120)
// A hydrated page in the list (React DOM 66 KB + React Router 44 KB before any page code) gets the
// same budget; BUNDLE_HYDRATED_BUDGET_KB may raise it for one that cannot be static.
const hydratedBudgetKb = Number(process.env.BUNDLE_HYDRATED_BUDGET_KB ?? budgetKb)
const pages = (process.env.BUNDLE_PAGES ?? '/,/old/hidden/index,/companies,/investors,/login,/signup,/forgot-password').split(',')

const clientDir = path.join(buildDir, 'client')
const assetsDir = path.join(clientDir, 'assets')
if (!fs.existsSync(assetsDir)) {
	console.error(`check-bundle: no client build in ${clientDir}; run the build first.`)
	process.exit(1)
}

/** @returns {{ entry: { module: string, imports?: string[] }, routes: Record<string, any> }} */
function readManifest() {
	const file = fs.readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f))
	if (!file) throw new Error(`no React Router manifest in ${assetsDir}`)
	const src = fs.readFileSync(path.join(assetsDir, file), 'utf8')
	return JSON.parse(
		src
			.slice(src.indexOf('=') + 1)
			.trim()
			.replace(/;$/, ''),
	)
}

const manifest = readManifest()
const routes = manifest.routes

function fullPath(route) {
	const parts = []
	for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path)
	return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')
}

function branchFor(pathname) {
	// Public pages have no params: a leaf whose whole path equals the URL (index routes first).
	const leaves = Object.values(routes).filter((r) => r.hasDefaultExport !== false && fullPath(r) === pathname)
	const isParent = (r) => Object.values(routes).some((c) => c.parentId === r.id)
	const leaf = leaves.find((r) => r.index) ?? leaves.find((r) => !isParent(r))
	if (!leaf) throw new Error(`no route matches ${pathname}`)
	const chain = []
	for (let r = leaf; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r)
	return chain
}

// The entry loads exactly one language before hydrating; count the largest.
const localeChunks = fs.readdirSync(assetsDir).filter((f) => /^public-(en-US|pt-BR)-[\w-]+\.js$/.test(f))
const sizes = new Map()
function size(file) {
	if (!sizes.has(file)) {
		const buf = fs.readFileSync(path.join(clientDir, file.replace(/^\//, '')))
		sizes.set(file, { raw: buf.length, gzip: zlib.gzipSync(buf).length })
	}
	return sizes.get(file)
}
const locale = localeChunks.map((f) => `/assets/${f}`).sort((a, b) => size(b).gzip - size(a).gzip)[0]

// Islands of static pages, from the build (vite/islands.ts).
const islandsFile = path.join(buildDir, 'islands.json')
const islands = fs.existsSync(islandsFile) ? JSON.parse(fs.readFileSync(islandsFile, 'utf8')) : {}

/** The island a static route names (`islandUrl('<name>')` in its module), if the route is static. */
function staticIsland(route) {
	const file = ['.tsx', '.ts'].map((ext) => path.resolve('app', `${route.id}${ext}`)).find((f) => fs.existsSync(f))
	if (!file) return undefined
	const src = fs.readFileSync(file, 'utf8')
	if (!/export const handle\b[^\n]*=\s*\{[^}]*\bhydrate:\s*false/.test(src)) return undefined
	const name = src.match(/islandUrl\('([\w-]+)'\)/)?.[1]
	if (name && !islands[name]) throw new Error(`${route.id} uses island '${name}', which ${islandsFile} does not list`)
	return name ? islands[name] : null
}

const kb = (n) => (n / 1024).toFixed(1)
let failed = false
const rows = []
for (const page of pages) {
	const chain = branchFor(page)
	const island = chain.map(staticIsland).find((i) => i !== undefined)
	const files = new Set()
	if (island !== undefined) {
		if (island) for (const f of [island.url, ...island.imports]) files.add(f)
	} else {
		for (const f of [manifest.entry.module, ...(manifest.entry.imports ?? [])]) files.add(f)
		for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f)
		if (locale) files.add(locale)
	}
	const js = [...files].filter((f) => f.endsWith('.js'))
	const total = js.reduce((acc, f) => ({ raw: acc.raw + size(f).raw, gzip: acc.gzip + size(f).gzip }), { raw: 0, gzip: 0 })
	const budget = island !== undefined ? budgetKb : Math.max(budgetKb, hydratedBudgetKb)
	const over = total.gzip > budget * 1024
	failed ||= over
	rows.push({
		page,
		kind: island !== undefined ? 'static + island' : 'hydrated',
		files: js.length,
		raw: kb(total.raw),
		gzip: kb(total.gzip),
		budget,
		ok: over ? 'OVER' : 'ok',
	})
	if (process.env.BUNDLE_VERBOSE)
		for (const f of js.sort((a, b) => size(b).gzip - size(a).gzip)) console.log(`  ${page}  ${kb(size(f).gzip).padStart(6)} KB  ${f}`)
}

console.log(`JavaScript per public page (KB gzip) from ${path.relative(process.cwd(), buildDir) || '.'}:`)
console.table(rows)
if (failed) {
	console.error('check-bundle: at least one public page loads more gzipped JavaScript than its budget.')
	process.exit(1)
}
