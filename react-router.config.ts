import type { Config } from '@react-router/dev/config'
import { buildHttpServer } from './vite/http-server.ts'

export default {
	ssr: true,
	// Every route in the client manifest (one immutable file, 3 KB gzip, cached after the first signed-in page)
	// instead of lazy discovery: a page no longer inlines the routes it matched, which React Router matched
	// again for every render (7 to 11 % of a signed-in page's server CPU), and a first visit to a section needs
	// no /__manifest request. Public pages are static with islands and load no manifest either way.
	routeDiscovery: { mode: 'initial' },
	future: {
		// Loaders and actions get the request as it came, not two copies per loader made to strip the framework's
		// `.data`, `_routes` and `index` from its URL (3.5 % of a kept page's server CPU). The page's address is
		// read with pageUrl (app/lib/page-url.ts).
		v8_passThroughRequests: true,
	},
	// BUILD_DIR lets two checkouts' builds (or two engineers' test runs) coexist.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
	buildEnd: ({ reactRouterConfig }) => buildHttpServer(reactRouterConfig.buildDirectory),
} satisfies Config
