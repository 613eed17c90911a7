import { data, type ServerBuild } from 'react-router'
import { isConnectionFault } from '#db/faults.ts'

/**
 * While the database is away, every route answers 503 instead of a 500 with a stack trace:
 * - a page's loader throws a 503 response, which the error boundaries show as "We'll be right back"
 *   (a thrown Response survives React Router's production error sanitising; an Error would not);
 * - a page's action returns the form failure shape with 503, so the form stays on screen with its message;
 * - a resource route (JSON, redirects, streams) answers a 503 JSON failure.
 * Nothing is half-written: every multi-row write runs in one transaction, which the database rolls back.
 */

export const RETRY_AFTER_SECONDS = 5
const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }

/** The body of a 503 a page's error boundary receives. */
export type UnavailableData = { reason: 'database' }

type Handler = (args: never) => unknown
type RouteModule = NonNullable<ServerBuild['routes'][string]>['module']

function guard(fn: Handler, onFault: () => unknown): Handler {
	return async (args: never) => {
		try {
			return await fn(args)
		} catch (error) {
			if (isConnectionFault(error)) return onFault()
			throw error
		}
	}
}

function guardModule(module: RouteModule): RouteModule {
	const isResource = !module.default && !module.ErrorBoundary
	const loader = module.loader as Handler | undefined
	const action = module.action as Handler | undefined
	const failure = () => Response.json({ ok: false, error: 'errors.unavailable.write' }, { status: 503, headers })
	return {
		...module,
		...(loader && {
			loader: guard(loader, () => {
				if (isResource) return Response.json({ ok: false, error: 'errors.unavailable.body' }, { status: 503, headers })
				throw data<UnavailableData>({ reason: 'database' }, { status: 503, headers })
			}),
		}),
		...(action && { action: guard(action, isResource ? failure : () => data({ ok: false, error: 'errors.unavailable.write' }, { status: 503, headers })) }),
	} as RouteModule
}

/** The server build with every loader and action guarded (applied once, by the HTTP server). */
export function withDatabaseFaults(build: ServerBuild): ServerBuild {
	const routes: ServerBuild['routes'] = {}
	for (const [id, route] of Object.entries(build.routes)) routes[id] = route && { ...route, module: guardModule(route.module) }
	return { ...build, routes }
}
