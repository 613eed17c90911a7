import path from 'node:path'
import { build } from 'vite'

/**
 * The HTTP server (server/*.ts) compiled into `<build>/http/production.js` once React Router's build is
 * done, so `npm start` runs plain JavaScript. Packages stay imports of node_modules; the few pure app
 * modules the middlewares use (body caps, the client-address rules) are bundled in.
 */
export async function buildHttpServer(buildDirectory: string, { entry = 'server/production.ts' }: { entry?: string } = {}) {
	await build({
		configFile: false,
		logLevel: 'warn',
		mode: 'production',
		build: {
			ssr: entry,
			outDir: path.join(buildDirectory, 'http'),
			emptyOutDir: true,
			copyPublicDir: false,
			target: 'node20',
			minify: false,
			rollupOptions: { output: { entryFileNames: '[name].js' } },
		},
	})
}
