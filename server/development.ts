import type { Server } from 'node:http'
import type { RequestHandler } from 'express'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { serve } from './serve.ts'
import { servicesOf } from './services.ts'

/**
 * `npm run dev` (scripts/dev.mjs): the same middleware stack as production (client address, CSRF check,
 * defence headers, body limits, the request gate), with Vite's middlewares where production serves its
 * built files and the app's modules loaded through Vite on every request, so edits show without a
 * restart. Only the landing HTML cache is left out: it would serve pages from before an edit.
 */
export async function startDevelopment({ vite, server }: { vite: ViteDevServer; server: Server }) {
	const load = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
	const services = servicesOf(await load())
	return serve({ services, build: load, assets: vite.middlewares as unknown as RequestHandler, server })
}
