import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { RequestHandler } from 'express'
import {
	CLIENT_ADDRESS_HEADER,
	PEER_ADDRESS_HEADER,
	normalizeAddress,
	resolveClientAddress,
	trustedProxies,
	type ProxyTrust,
} from '../app/features/security/client-address.ts'

const protocols = new WeakMap<IncomingMessage, 'http' | 'https'>()

/** http or https as the client used it: the socket's, or the edge proxy's X-Forwarded-Proto when the socket is a proxy of ours. */
export function requestProtocol(req: IncomingMessage): 'http' | 'https' {
	return protocols.get(req) ?? ((req.socket as TLSSocket).encrypted ? 'https' : 'http')
}

/**
 * The client's address, the one source of it for the app: our rate limits and Better Auth's both read the
 * header set here (features/security/client-address.ts says how it is worked out). Whatever the client
 * sent under these header names is dropped first. The socket's own address goes beside it, for the few
 * things only this machine may do (the local outbox).
 */
export function clientAddress(trust: ProxyTrust): RequestHandler {
	const isTrusted: false | ((address: string, hop: number) => boolean) =
		trust === false || trust === 0 ? false : typeof trust === 'number' ? (_, hop) => hop < trust : trustedProxies(trust)
	return (req, _res, next) => {
		const socket = req.socket.remoteAddress
		const client = isTrusted ? resolveClientAddress(socket, req.headers['x-forwarded-for'], isTrusted) : (normalizeAddress(socket) ?? '0.0.0.0')
		req.headers[CLIENT_ADDRESS_HEADER] = client
		req.headers[PEER_ADDRESS_HEADER] = normalizeAddress(socket) ?? ''
		const viaProxy = isTrusted && isTrusted(normalizeAddress(socket) ?? '', 0)
		const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
			.split(',')[0]
			?.trim()
			.toLowerCase()
		if (viaProxy && (forwarded === 'https' || forwarded === 'http')) protocols.set(req, forwarded)
		next()
	}
}
