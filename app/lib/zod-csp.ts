// zod compiles object parsers with `new Function` when it may, and probes for that when the first object
// schema is built. Under our CSP (no 'unsafe-eval') the probe is refused and reported as a violation on
// every page. In the browser, zod runs without it; the server keeps the faster compiled parsers.
// Imported first by features/i18n/react.tsx, which every browser bundle (root route, islands) loads
// before any schema: React Router imports the route modules before entry.client.
// zod keeps its settings in globalThis.__zod_globalConfig (one object for every copy of zod on a page) and
// adopts an object already there, so this sets it without importing zod: the signed-in shell loads this
// module, and most of its pages build no schema (importing zod's config() put zod's core in the shell,
// issue 9). zod-csp.test.ts checks that the installed zod still reads it.
export function zodBrowserConfig(target: object = globalThis) {
	const g = target as { __zod_globalConfig?: { jitless?: boolean } }
	g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true })
}

if (typeof document !== 'undefined') zodBrowserConfig()
