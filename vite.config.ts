import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { islands } from './vite/islands.ts'
import { localeChunks } from './vite/locale-chunks.ts'
import { vendorChunks } from './vite/chunks.ts'
import { challengeWorker } from './vite/challenge-worker.ts'
import { precompress } from './vite/precompress.ts'
import { staticIcons } from './vite/static-icons.ts'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), localeChunks(), islands(), vendorChunks(), challengeWorker(), precompress(), staticIcons()],
	build: { target: 'es2022' },
	// PGlite ships its own wasm/data files; bundling it breaks their lookup. lucide is bundled so the server
	// renders the icons vite/static-icons.ts makes.
	ssr: { external: ['@electric-sql/pglite', 'pg'], noExternal: ['lucide-react'] },
	optimizeDeps: { exclude: ['@electric-sql/pglite'] },
})
