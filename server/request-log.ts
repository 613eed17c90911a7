import type { RequestHandler } from 'express'
import type { AppServices } from './services.ts'

type Deps = Pick<AppServices, 'log' | 'requestContext' | 'requestIdFrom' | 'scrubText'>

/**
 * First of all: a request id (a sane incoming X-Request-Id, else a new one) in the response header and,
 * through AsyncLocalStorage, on every log line written while the request is served, then one access line
 * when it ends. The path is logged without secrets (reset tokens, OAuth codes).
 */
export function requestLog({ log, requestContext, requestIdFrom, scrubText }: Deps): RequestHandler {
	return (req, res, next) => {
		const id = requestIdFrom(req.headers['x-request-id'])
		req.headers['x-request-id'] = id
		res.setHeader('X-Request-Id', id)
		const started = process.hrtime.bigint()
		res.once('close', () => {
			const ms = Number(process.hrtime.bigint() - started) / 1e6
			const line = { reqId: id, method: req.method, path: scrubText(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 }
			if (!res.writableFinished) log.warn('request aborted', line)
			else log.info('request', line)
		})
		requestContext.run({ id }, next)
	}
}
