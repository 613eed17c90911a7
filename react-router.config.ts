import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// BUILD_DIR lets two checkouts' builds (or two engineers' test runs) coexist.
	buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
