import type { ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

/** Used only when the code that refused said nothing itself. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/**
 * Every 429 tells the client when to come back. Our own limits set `Retry-After` from the limit's window
 * (app/features/security/limits.ts); this fills in what another layer left out (Better Auth's limiter
 * only sends `X-Retry-After`).
 */
export const retryAfterOn429: RequestHandler = (_req, response, next) => {
	const res = response as unknown as ServerResponse
	const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse
	res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
		const given = args.slice(1).find((h) => h && typeof h === 'object' && !Array.isArray(h)) as Record<string, unknown> | undefined
		const named = given && Object.keys(given).some((k) => k.toLowerCase() === 'retry-after')
		if (args[0] === 429 && !this.hasHeader('retry-after') && !named) {
			const hinted = Number(this.getHeader('x-retry-after'))
			this.setHeader('Retry-After', String(Number.isFinite(hinted) && hinted > 0 ? Math.ceil(hinted) : DEFAULT_RETRY_AFTER_SECONDS))
		}
		return writeHead.apply(this, args)
	} as ServerResponse['writeHead']
	next()
}
