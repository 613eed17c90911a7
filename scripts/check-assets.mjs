#!/usr/bin/env node
// Asset budgets of a production build (sizes and contents, never timings), run by `npm run test:e2e`
// after scripts/check-bundle.mjs (which owns the public pages' JavaScript budget):
//
//   1. JavaScript loaded by /dashboard: at most 250 KB gzip (entry, the route branch with its static
//      imports, and the strings the signed-in area loads before it renders: both locale chunks).
//   2. No wallet, AI-chat, Markdown-editor or code-editor (CodeMirror, challenge lessons only; not on /dashboard
//      either) code in any chunk a public page loads: the pages are rendered
//      by the built server (in-process, on a throw-away in-memory database), their <script> and
//      modulepreload URLs followed through static imports, and every chunk reached scanned for markers
//      of that code. Chunks imported dynamically (loaded on demand) are not reached, and may hold it.
//   3. CSS loaded by each of those pages and by /dashboard: at most 30 KB gzip.
//   4. Images: every <img> in the rendered pages and in the app's JSX has width and height (or a fixed-size
//      class), and is
//      WebP, AVIF or SVG (a JPEG/PNG only as the fallback of a <picture> with a modern <source>); no
//      raster file ships in the build except the allowlisted social card.
//   5. Fonts: self-hosted (no font URL on another origin in any CSS or page), WOFF2, at most 60 KB each
//      (a subset); with the system font stack there are none, which passes.
//
//   node scripts/check-assets.mjs          reads ./build (or $BUILD_DIR)
//   ASSETS_VERBOSE=1                        lists every file counted
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const clientDir = path.join(buildDir, 'client')
const assetsDir = path.join(clientDir, 'assets')
const KB = 1024
const budgets = { dashboardJs: 250 * KB, css: 30 * KB, font: 60 * KB }
const publicPages = ['/', '/companies', '/investors', '/login', '/signup', '/forgot-password']
// The social card (og:image): only link-preview crawlers fetch it, and they expect PNG or JPEG.
const rasterAllowlist = new Set(['og-image.png'])
// Code that must stay out of public pages: its own strings survive minification.
const forbidden = {
	wallet: ['viem@', '@wagmi/core@', 'wagmi@', 'No QueryClient set', 'eth_requestAccounts'],
	chat: ['/api/ai-chat'],
	editor: ['/dashboard/admin/markdown-preview', 'markdown-preview'],
	// CodeMirror (the challenge editor): its theme's class names survive minification.
	code: ['cm-scroller', 'cm-lintRange'],
}
// React Router's route manifest names every route path (including /api/ai-chat) but holds no code.
const notCode = (file) => /^manifest-[\w-]+\.js$/.test(path.basename(file))

if (!fs.existsSync(assetsDir)) {
	console.error(`check-assets: no client build in ${clientDir}; run the build first.`)
	process.exit(1)
}

const failures = []
const fail = (msg) => failures.push(msg)
const kb = (n) => `${(n / KB).toFixed(1)} KB`
const verbose = Boolean(process.env.ASSETS_VERBOSE)

const sizes = new Map()
function fileOf(url) {
	return path.join(clientDir, url.replace(/^\//, '').split(/[?#]/)[0])
}
function gzip(url) {
	if (!sizes.has(url)) sizes.set(url, zlib.gzipSync(fs.readFileSync(fileOf(url)), { level: 9 }).length)
	return sizes.get(url)
}
const sum = (urls) => [...urls].reduce((n, u) => n + gzip(u), 0)

/** Static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(url) {
	const src = fs.readFileSync(fileOf(url), 'utf8')
	const dir = path.posix.dirname(url)
	const out = new Set()
	for (const m of src.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+?\.js)["']/g)) out.add(path.posix.join(dir, m[1]))
	return out
}

/** A set of script URLs and everything they import statically. */
function closure(urls) {
	const seen = new Set()
	const stack = [...urls]
	while (stack.length) {
		const u = stack.pop()
		if (seen.has(u) || !u.endsWith('.js') || !fs.existsSync(fileOf(u))) continue
		seen.add(u)
		for (const i of staticImports(u)) stack.push(i)
	}
	return seen
}

/* ------------------------- /dashboard, from the route manifest ------------------------- */

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

function dashboardAssets() {
	const manifest = readManifest()
	const routes = manifest.routes
	const leaf = Object.values(routes).find((r) => r.index && r.parentId && routes[r.parentId]?.path === 'dashboard')
	if (!leaf) throw new Error('no index route under /dashboard in the manifest')
	const js = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])])
	const css = new Set()
	for (let r = leaf; r; r = r.parentId ? routes[r.parentId] : undefined) {
		for (const f of [r.module, ...(r.imports ?? [])]) js.add(f)
		for (const f of r.css ?? []) css.add(f)
	}
	// The signed-in area loads the public and the signed-in strings of one language: count the larger pair.
	const pair = ['en-US', 'pt-BR'].map((lang) =>
		fs
			.readdirSync(assetsDir)
			.filter((f) => new RegExp(`^(public|app)-${lang}-[\\w-]+\\.js$`).test(f))
			.map((f) => `/assets/${f}`),
	)
	const locale = pair.sort((a, b) => sum(b) - sum(a))[0] ?? []
	for (const f of locale) js.add(f)
	return { js: closure(js), css }
}

/* --------------------- public pages, rendered by the built server --------------------- */

async function renderPublicPages() {
	// The server build reads its environment once; React picks its production build from NODE_ENV.
	Object.assign(process.env, {
		NODE_ENV: 'production',
		DATA_DIR: 'memory://',
		DATABASE_URL: '',
		AUTH_SECRET: 'check-assets-0123456789abcdef0123456789abcdef',
		APP_URL: 'http://localhost',
		SEED_DEMO: 'false',
		MAIL_OUTBOX: 'true',
	})
	const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)
	const { createRequestHandler } = await import('react-router')
	const handler = createRequestHandler(build, 'production')
	const pages = []
	for (const page of publicPages) {
		const res = await handler(new Request(`http://localhost${page}`, { headers: { 'accept-language': 'en-US', 'x-learnchain-ip': '127.0.0.1' } }))
		const html = await res.text()
		if (res.status !== 200) {
			fail(`${page}: the built server answered ${res.status}`)
			continue
		}
		const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]
		const tags = (name) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((m) => m[0])
		const scripts = tags('script')
			.map((t) => attr(t, 'src'))
			.filter((s) => s?.startsWith('/'))
		const links = tags('link')
		const preloads = links.filter((t) => /rel="modulepreload"/i.test(t)).map((t) => attr(t, 'href'))
		// Inline module scripts import their chunks too (React Router's bootstrap does).
		const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].flatMap((m) =>
			[...m[1].matchAll(/import\s*(?:[^"'()]*?from\s*)?["'](\/[^"']+\.js)["']/g)].map((x) => x[1]),
		)
		const css = links
			.filter((t) => /rel="stylesheet"/i.test(t))
			.map((t) => attr(t, 'href'))
			.filter((h) => h?.startsWith('/'))
		pages.push({ page, html, js: closure([...scripts, ...preloads, ...inline]), css: new Set(css), imgs: tags('img') })
	}
	return pages
}

/* ---------------------------------------- checks ---------------------------------------- */

function checkForbidden(page, js) {
	for (const url of js) {
		if (notCode(url)) continue
		const src = fs.readFileSync(fileOf(url), 'utf8')
		for (const [what, markers] of Object.entries(forbidden)) {
			const hit = markers.find((m) => src.includes(m))
			if (hit) fail(`${page} loads ${what} code: ${url} contains "${hit}" (load it on demand with import())`)
		}
	}
}

const modernImage = (src) => /^data:image\/(webp|avif|svg\+xml)/.test(src) || /\.(webp|avif|svg)(\?|#|$)/i.test(src)

function checkImgTag(where, tag, pictureHasModernSource) {
	const src =
		tag
			.match(/\ssrc=(?:"([^"]*)"|\{`([^`]*)`\}|\{'([^']*)'\}|\{"([^"]*)"\})/)
			?.slice(1)
			.find(Boolean) ?? ''
	// Sized by attributes, or by a fixed-size utility class (size-5, or w-… with h-…): either way no layout shift.
	const cls = tag.match(/\sclass(?:Name)?=["'{`]+([^"'}`]*)/)?.[1] ?? ''
	const sizedByClass = /(^|\s)size-\d/.test(cls) || (/(^|\s)w-\d/.test(cls) && /(^|\s)h-\d/.test(cls))
	if (!(/\swidth=/.test(tag) && /\sheight=/.test(tag)) && !sizedByClass)
		fail(`${where}: <img${src ? ` src="${src}"` : ''}> has no width and height (layout shift)`)
	if (src && !modernImage(src) && !pictureHasModernSource)
		fail(`${where}: <img src="${src}"> is not WebP/AVIF/SVG (or the fallback of a <picture> with a modern <source>)`)
}

/** <img> in the app's JSX, so images on signed-in pages are held to the same rule. */
function checkSourceImages(dir) {
	for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, e.name)
		if (e.isDirectory()) checkSourceImages(p)
		else if (/\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name)) {
			const src = fs.readFileSync(p, 'utf8')
			for (const m of src.matchAll(/<img\b[\s\S]*?\/>/g)) {
				const before = src.slice(Math.max(0, m.index - 600), m.index)
				const inPicture = before.lastIndexOf('<picture') > before.lastIndexOf('</picture>')
				const modernSource = inPicture && /<source\b[^>]*type="image\/(webp|avif)"/.test(before.slice(before.lastIndexOf('<picture')))
				checkImgTag(path.relative(process.cwd(), p), m[0].replace(/\s+/g, ' '), modernSource)
			}
		}
	}
}

function checkRasterFiles(dir) {
	for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, e.name)
		if (e.isDirectory()) checkRasterFiles(p)
		else if (/\.(png|jpe?g|gif|bmp)$/i.test(e.name) && !rasterAllowlist.has(e.name))
			fail(`${path.relative(buildDir, p)}: raster image in ${/\.png$/i.test(e.name) ? 'PNG' : 'JPEG/GIF'}; ship WebP or AVIF`)
	}
}

function checkFonts(cssUrls, pages) {
	const fonts = fs.readdirSync(assetsDir).filter((f) => /\.(woff2?|ttf|otf|eot)$/i.test(f))
	for (const f of fonts) {
		const bytes = fs.statSync(path.join(assetsDir, f)).size
		if (!/\.woff2$/i.test(f)) fail(`font ${f}: not WOFF2`)
		if (bytes > budgets.font) fail(`font ${f}: ${kb(bytes)}, above ${kb(budgets.font)} (subset it)`)
	}
	const thirdParty = /(https?:)?\/\/(?!localhost)[^/"')\s]+\/[^"')\s]*\.(woff2?|ttf|otf)|fonts\.(googleapis|gstatic)\.com|use\.typekit\.net/i
	for (const url of cssUrls) {
		const css = fs.readFileSync(fileOf(url), 'utf8')
		if (thirdParty.test(css)) fail(`${url}: loads a font from another origin (self-host it)`)
	}
	for (const { page, html } of pages) if (thirdParty.test(html)) fail(`${page}: loads a font from another origin (self-host it)`)
	return fonts
}

/* ----------------------------------------- run ----------------------------------------- */

const rows = []
const dash = dashboardAssets()
const dashJs = sum(dash.js)
const dashCss = sum(dash.css)
if (dashJs > budgets.dashboardJs) fail(`/dashboard loads ${kb(dashJs)} of JavaScript (gzip), above ${kb(budgets.dashboardJs)}`)
if (dashCss > budgets.css) fail(`/dashboard loads ${kb(dashCss)} of CSS (gzip), above ${kb(budgets.css)}`)
// The code editor is for challenge lessons: not even the dashboard may load it up front.
for (const url of dash.js) {
	if (notCode(url)) continue
	if (forbidden.code.some((m) => fs.readFileSync(fileOf(url), 'utf8').includes(m)))
		fail(`/dashboard loads the code editor: ${url} (load it on demand with import())`)
}
rows.push({ page: '/dashboard', 'js files': dash.js.size, 'js gzip': kb(dashJs), 'css gzip': kb(dashCss), 'wallet/chat/editor': '(signed in)' })

const pages = await renderPublicPages()
for (const p of pages) {
	checkForbidden(p.page, p.js)
	const css = sum(p.css)
	if (css > budgets.css) fail(`${p.page} loads ${kb(css)} of CSS (gzip), above ${kb(budgets.css)}`)
	for (const tag of p.imgs) checkImgTag(p.page, tag, false)
	rows.push({
		page: p.page,
		'js files': p.js.size,
		'js gzip': kb(sum(p.js)),
		'css gzip': kb(css),
		'wallet/chat/editor': failures.some((f) => f.startsWith(`${p.page} loads `) && f.includes(' code: ')) ? 'FOUND' : 'none',
	})
	if (verbose) for (const u of [...p.js, ...p.css]) console.log(`  ${p.page}  ${kb(gzip(u)).padStart(9)}  ${u}`)
}
if (verbose) for (const u of [...dash.js, ...dash.css]) console.log(`  /dashboard  ${kb(gzip(u)).padStart(9)}  ${u}`)
checkSourceImages(path.resolve('app'))
checkRasterFiles(clientDir)
const fonts = checkFonts(new Set([...dash.css, ...pages.flatMap((p) => [...p.css])]), pages)

console.log(
	`Assets of ${path.relative(process.cwd(), buildDir) || '.'} (budgets: /dashboard JS ${kb(budgets.dashboardJs)}, CSS ${kb(budgets.css)} per page, gzip):`,
)
console.table(rows)
console.log(fonts.length ? `Fonts: ${fonts.join(', ')}` : 'Fonts: none shipped (system font stack), nothing to preload or subset.')
if (failures.length) {
	console.error(`check-assets: ${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join('\n')}`)
	process.exit(1)
}
console.log('check-assets: ok')
// The in-process server holds an open database; nothing else is left to do.
process.exit(0)
