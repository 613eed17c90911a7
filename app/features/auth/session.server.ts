import { redirect } from 'react-router'
import { isConnectionFault } from '#db/faults.ts'
import { PEER_ADDRESS_HEADER } from '~/features/security/client-address.ts'
import { getEnv } from '~/lib/env.server.ts'
import { isLoopbackAddress } from '~/lib/loopback.ts'
import { requestContext } from '~/lib/request-context.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { getAuth } from './auth.server.ts'
import { findSessionUser, sessionCheckOf, type SessionCheck } from './session-row.server.ts'
import { cachedSession, forgetAllSessions, forgetSession, forgetUserSessions, rememberSession } from './session-cache.server.ts'
import { isAdmin, type SessionUser } from './user.ts'
import { pageUrl } from '~/lib/page-url.ts'

// One session lookup per page load, however many loaders ask for it. Reads are memoised by the request's
// context (server/request-log.ts runs every request in one) and cookie, and by Request object. Writes are
// memoised per Request object only: an action may sign in or out, or change the user, and the loaders that
// run after it must see that (React Router gives them a GET Request of their own).
const byRequest = new WeakMap<Request, Promise<SessionUser | null>>()
const byContext = new WeakMap<object, Map<string, Promise<SessionUser | null>>>()

async function lookUp(request: Request): Promise<SessionUser | null> {
	const auth = await getAuth()
	// One statement when the session is live and not due for its refresh (session-row.server.ts); Better Auth
	// decides the rest.
	const found = await findSessionUser(auth, request.headers.get('cookie')).catch((error: unknown) => {
		if (isConnectionFault(error)) throw error
		return 'ask' as const
	})
	if (found !== 'ask') return found
	// A broken or expired cookie reads as signed out; a database that is away is not "signed out" (the
	// request answers 503 instead of sending the learner to the sign-in page, app/lib/db-faults.server.ts).
	const result = await auth.api.getSession({ headers: request.headers }).catch((error: unknown) => {
		if (isConnectionFault(error)) throw error
		return null
	})
	if (!result?.user) return null
	const u = result.user as typeof result.user & { role?: string | null }
	return {
		id: u.id,
		email: u.email,
		name: u.name,
		image: u.image ?? null,
		role: u.role ?? 'user',
		emailVerified: u.emailVerified,
	}
}

export function getUser(request: Request): Promise<SessionUser | null> {
	const context = isReadRequest(request) ? requestContext.getStore() : undefined
	const cookie = request.headers.get('cookie') ?? ''
	let perContext = context ? byContext.get(context) : undefined
	if (context && !perContext) byContext.set(context, (perContext = new Map()))
	let pending = perContext?.get(cookie) ?? byRequest.get(request)
	if (!pending) {
		pending = isReadRequest(request) ? lookUpCached(request, cookie) : lookUpForWrite(request, cookie)
		perContext?.set(cookie, pending)
		byRequest.set(request, pending)
	}
	return pending
}

// Page reads reuse this process's recent answer for the same cookie (session-cache.server.ts states the bound).
async function lookUpCached(request: Request, cookie: string): Promise<SessionUser | null> {
	const cached = cachedSession(cookie)
	if (cached) return cached
	const user = await lookUp(request)
	if (user) keep(cookie, user)
	return user
}

/** Keep a signed-in answer for the cookie for SESSION_CACHE_SECONDS (session-cache.server.ts states the bound). */
function keep(cookie: string, user: SessionUser) {
	rememberSession(cookie, user, getEnv().SESSION_CACHE_SECONDS * 1000)
}

// Writes always ask the database, so a revoked session changes nothing. The write may end this user's
// sessions (a password change, signing out) or, an admin's, change anyone's: what this process kept of them
// is dropped before the action runs.
async function lookUpForWrite(request: Request, cookie: string): Promise<SessionUser | null> {
	forgetSession(cookie)
	const user = await lookUp(request)
	if (isAdmin(user)) forgetAllSessions()
	else if (user) forgetUserSessions(user.id)
	return user
}

/**
 * For a learner's completion, whose statement checks the session itself (sessionChecked, ADR 0026): the user
 * this process found for the cookie less than SESSION_CACHE_SECONDS ago (the page the button is on read it), with
 * what that statement must find. Undefined when nothing is kept or the user is an admin: the action then asks,
 * as every write does (requireUser). Only a completion the statement has checked may answer with this user.
 */
export async function keptLearner(request: Request): Promise<{ user: SessionUser; check: SessionCheck } | undefined> {
	const cookie = request.headers.get('cookie') ?? ''
	const user = cachedSession(cookie)
	if (!user || isAdmin(user)) return undefined
	const check = await sessionCheckOf(await getAuth(), cookie)
	return check ? { user, check } : undefined
}

/**
 * After a completion whose session was asked for (requireUser): keep that answer for the cookie again, as a page
 * read does, so the learner's next completion can take keptLearner's way. A completion ends no session, unlike
 * the writes that made lookUpForWrite drop it.
 */
export async function keepLearner(request: Request) {
	const user = await getUser(request)
	if (user && !isAdmin(user)) keep(request.headers.get('cookie') ?? '', user)
}

function isReadRequest(request: Request) {
	return request.method === 'GET' || request.method === 'HEAD'
}

/** Pages redirect anonymous visitors to /login (remembering where they were going); APIs get 401. */
export async function requireUser(request: Request): Promise<SessionUser> {
	const user = await getUser(request)
	if (user) return user
	const url = pageUrl(request)
	if (!isReadRequest(request) || url.pathname.startsWith('/api/')) {
		throw Response.json({ error: 'Unauthorized' }, { status: 401 })
	}
	// A query too long to remember (safeRedirect's limit) is dropped: the visitor comes back to the page.
	const target = safeRedirect(url.pathname + url.search, '') || safeRedirect(url.pathname, '/dashboard')
	throw redirect(`/login?redirectTo=${encodeURIComponent(target)}`)
}

/** Admin pages redirect others to /dashboard; admin actions and APIs answer 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
	const url = pageUrl(request)
	// Anyone who is not an admin, signed in or not, gets 403 from an admin action (pages still send
	// anonymous visitors to /login first).
	if (!(await getUser(request)) && (!isReadRequest(request) || url.pathname.startsWith('/api/'))) {
		throw Response.json({ error: 'Forbidden' }, { status: 403 })
	}
	const user = await requireUser(request)
	if (isAdmin(user)) return user
	if (!isReadRequest(request) || url.pathname.startsWith('/api/')) {
		throw Response.json({ error: 'Forbidden' }, { status: 403 })
	}
	throw redirect('/dashboard')
}

/** Sign-in pages send signed-in users on to where they were going. */
export async function requireAnonymous(request: Request) {
	const user = await getUser(request)
	if (user) {
		const to = pageUrl(request).searchParams.get('redirectTo')
		throw redirect(safeRedirect(to))
	}
}

/**
 * The local development tools (the outbox at /dev/mailbox, /dev/db-digest): they exist only while mail is
 * not really sent, and are served to this machine (the socket's own address, never a forwarded one, and
 * only while APP_URL is local too: behind a proxy on the same host every request comes from loopback) or
 * to a signed-in admin. Anyone else is told there is nothing here.
 */
export async function requireLocalOrAdmin(request: Request): Promise<void> {
	const env = getEnv()
	if (!env.outboxEnabled) throw new Response('Not Found', { status: 404 })
	if (env.localSite && isLoopbackAddress(request.headers.get(PEER_ADDRESS_HEADER))) return
	if (isAdmin(await getUser(request))) return
	throw new Response('Not Found', { status: 404 })
}
