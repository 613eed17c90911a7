import type { Config } from '@react-router/dev/config'
import { buildHttpServer } from './vite/http-server.ts'

export default {
	ssr: true,
	// BUILD_DIR lets two checkouts' builds (or two engineers' test runs) coexist.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
	buildEnd: ({ reactRouterConfig }) => buildHttpServer(reactRouterConfig.buildDirectory),
} satisfies Config
