import type { ServerBuild } from 'react-router'
import type * as Entry from '../app/entry.server.tsx'

/**
 * What the HTTP server takes from the app: the app's own instances of its logger, request-id store and
 * settings (one of each per process, with the app's redaction rules), its start-up and shutdown. They
 * come from the server build's entry module rather than from imports here, so production (two bundles)
 * and development (Vite's module graph) both share the app's single copy.
 */
export type AppServices = Pick<
	typeof Entry,
	| 'bootstrap'
	| 'shutdown'
	| 'languageOf'
	| 'themeOf'
	| 'log'
	| 'scrubText'
	| 'requestContext'
	| 'requestIdFrom'
	| 'readSettings'
	| 'withDatabaseFaults'
	| 'keptPagesBytes'
>

export function servicesOf(build: ServerBuild): AppServices {
	return build.entry.module as unknown as AppServices
}

export type Log = AppServices['log']
