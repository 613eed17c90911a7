// npm run dev: the server of production (server/app.ts: client address, CSRF check, defence headers, body
// limits, request gate) with Vite's middlewares, so development behaves like production. Edits to app/
// reload through Vite; edits to server/ need a restart.
import http from 'node:http'
import { createServer } from 'vite'

process.env.NODE_ENV ??= 'development'
// Created first so Vite's hot-reload websocket shares the app's port; server/serve.ts sets its timeouts.
const server = http.createServer({ connectionsCheckingInterval: 1000 })
const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' })
try {
	const { startDevelopment } = await vite.ssrLoadModule('/server/development.ts')
	await startDevelopment({ vite, server })
} catch (error) {
	console.error(error instanceof Error && error.message.startsWith('Invalid environment') ? error.message : error)
	await vite.close()
	process.exit(1)
}
