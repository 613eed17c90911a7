import { redirect } from 'react-router'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { getAuth } from './auth.server.ts'
import { isAdmin, type SessionUser } from './user.ts'

// One session lookup per request, however many loaders ask for it.
const cache = new WeakMap<Request, Promise<SessionUser | null>>()

export function getUser(request: Request): Promise<SessionUser | null> {
	let pending = cache.get(request)
	if (!pending) {
		pending = (async () => {
			const auth = await getAuth()
			const result = await auth.api.getSession({ headers: request.headers }).catch(() => null)
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
		})()
		cache.set(request, pending)
	}
	return pending
}

function isReadRequest(request: Request) {
	return request.method === 'GET' || request.method === 'HEAD'
}

/** Pages redirect anonymous visitors to /login (remembering where they were going); APIs get 401. */
export async function requireUser(request: Request): Promise<SessionUser> {
	const user = await getUser(request)
	if (user) return user
	const url = new URL(request.url)
	if (!isReadRequest(request) || url.pathname.startsWith('/api/')) {
		throw Response.json({ error: 'Unauthorized' }, { status: 401 })
	}
	const target = safeRedirect(url.pathname + url.search, '/dashboard')
	throw redirect(`/login?redirectTo=${encodeURIComponent(target)}`)
}

/** Admin pages redirect others to /dashboard; admin actions and APIs answer 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
	const url = new URL(request.url)
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
		const to = new URL(request.url).searchParams.get('redirectTo')
		throw redirect(safeRedirect(to))
	}
}
