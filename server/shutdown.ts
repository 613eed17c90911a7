import type { Server, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import type { Log } from './services.ts'

/**
 * SIGTERM (and SIGINT): stop accepting connections, let the requests in flight finish (their keep-alive
 * sockets are closed as soon as they go idle, and answers given while draining say `Connection: close`),
 * then close the app (background mail, then the database: PGlite checkpoints and marks its files shut
 * down). Requests still running after `timeoutMs` are cut off, and the app is closed all the same; the
 * exit code then says the drain was not complete.
 */
export function createDrain() {
	let closing = false
	const inFlight = new Set<ServerResponse>()

	const track: RequestHandler = (_req, res, next) => {
		if (closing) res.setHeader('Connection', 'close')
		inFlight.add(res)
		res.once('close', () => inFlight.delete(res))
		next()
	}

	function install(server: Server, opts: { log: Log; timeoutMs: number; closeApp: () => Promise<void>; exit?: (code: number) => void }) {
		const exit = opts.exit ?? ((code: number) => process.exit(code))
		const shutdown = async (signal: string) => {
			if (closing) return
			closing = true
			const started = Date.now()
			opts.log.info('draining requests', { signal, inFlight: inFlight.size })
			for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
			const drained = await new Promise<boolean>((resolve) => {
				const idle = setInterval(() => server.closeIdleConnections(), 100)
				const timer = setTimeout(() => {
					clearInterval(idle)
					server.closeAllConnections()
					resolve(false)
				}, opts.timeoutMs)
				server.close(() => {
					clearInterval(idle)
					clearTimeout(timer)
					resolve(true)
				})
				server.closeIdleConnections()
			})
			let code = drained ? 0 : 1
			try {
				await opts.closeApp()
				opts.log.info('database closed', { drained, ms: Date.now() - started })
			} catch (error) {
				opts.log.error('database close failed', { err: error })
				code = 1
			}
			exit(code)
		}
		process.on('SIGTERM', () => void shutdown('SIGTERM'))
		process.on('SIGINT', () => void shutdown('SIGINT'))
	}

	return { track, install, closing: () => closing }
}

export type Drain = ReturnType<typeof createDrain>
