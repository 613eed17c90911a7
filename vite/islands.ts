import fs from 'node:fs'
import path from 'node:path'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { localeChunks } from './locale-chunks.ts'

/**
 * Islands: small scripts for pages that are server-rendered but not hydrated (the landings,
 * docs/decisions/0006). React Router's client build knows nothing of them, so after it finishes this
 * plugin builds each island with its own Rollup graph into build/client/assets and records the
 * hashed URLs (and the chunks each imports statically, for scripts/check-bundle.mjs) in
 * build/islands.json; the server build then reads the URLs through `virtual:islands`.
 * React Router builds the client before the server, which is what makes that hand-over work.
 */
const islandEntries = { landing: 'app/islands/landing.ts', auth: 'app/islands/auth.ts' } as const

const VIRTUAL = 'virtual:islands'

/**
 * `entries` are the island sources by name; `buildDir` is where islands.json goes (React Router's build
 * directory: BUILD_DIR, as react-router.config.ts reads it). The unit test passes a fixture's.
 */
export function islands({
	entries = islandEntries as Record<string, string>,
	buildDir = path.resolve(process.env.BUILD_DIR ?? 'build'),
}: { entries?: Record<string, string>; buildDir?: string } = {}): Plugin {
	const urlsFile = () => path.join(buildDir, 'islands.json')
	let config: ResolvedConfig
	return {
		name: 'learnchain-islands',
		configResolved(c) {
			config = c
		},
		resolveId(id) {
			return id === VIRTUAL ? `\0${VIRTUAL}` : undefined
		},
		load(id) {
			if (id !== `\0${VIRTUAL}`) return undefined
			// In development Vite serves the island sources as they are.
			if (config.command === 'serve') {
				const dev = Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, `/${file}`]))
				return `export default ${JSON.stringify(dev)}`
			}
			const file = urlsFile()
			if (!fs.existsSync(file)) this.error(`${file} is missing: the islands are built after the client build`)
			const islands = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { url: string }>
			const urls = Object.fromEntries(Object.entries(islands).map(([name, i]) => [name, i.url]))
			return `export default ${JSON.stringify(urls)}`
		},
		async writeBundle() {
			const envName = (this as { environment?: { name: string } }).environment?.name
			const isClient = envName ? envName === 'client' : !config.build.ssr
			if (config.command !== 'build' || !isClient) return
			const outDir = config.build.outDir
			const result = await build({
				configFile: false,
				root: config.root,
				logLevel: 'warn',
				mode: 'production',
				plugins: [tsconfigPaths(), localeChunks()],
				esbuild: { jsx: 'automatic' },
				build: {
					outDir,
					emptyOutDir: false,
					copyPublicDir: false,
					target: 'es2022',
					modulePreload: { polyfill: false },
					rollupOptions: {
						input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.resolve(config.root, file)])),
						// Libraries' "use client" directives mean nothing outside React Server Components.
						onwarn(warning, warn) {
							if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
						},
						output: {
							entryFileNames: 'assets/island-[name]-[hash].js',
							chunkFileNames: 'assets/island-[name]-[hash].js',
							assetFileNames: 'assets/island-[name]-[hash][extname]',
						},
					},
				},
			})
			const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []))
			const islands: Record<string, { url: string; imports: string[] }> = {}
			for (const chunk of outputs) {
				if (chunk.type !== 'chunk' || !chunk.isEntry) continue
				islands[chunk.name] = { url: `${config.base}${chunk.fileName}`, imports: chunk.imports.map((f) => `${config.base}${f}`) }
			}
			fs.mkdirSync(buildDir, { recursive: true })
			fs.writeFileSync(urlsFile(), `${JSON.stringify(islands, null, '\t')}\n`)
		},
	}
}
