import type { SessionUser } from './user.ts'

// Issue 21: every signed-in page asked the database for the session and its user (Better Auth's two
// queries), a third of a page's server time. Page reads now reuse what this process found for the same
// cookie header for a few seconds. Writes never read from here (session.server.ts), so a revoked session
// can change nothing; what it can still do, in a process that did not see the revocation, is read pages
// for at most SESSION_CACHE_SECONDS (the bound stated in docs/security.md and tested in
// tests/integration/session-cache.test.ts).
//
// Why not Better Auth's session.cookieCache: its refreshed session_data cookie comes back on the auth API's
// response headers, which a loader's getSession call drops, so after the first max-age every page would ask
// the database again; and a cookie cache is replayable by whoever holds the cookie. This one lives in the
// server and is cleared by the process's own admin writes.

type Entry = { user: SessionUser; until: number }

// Enough for every signed-in visitor of a busy process; beyond it the oldest entries go first (a Map keeps
// insertion order), so memory stays bounded whatever cookies clients invent.
const MAX_ENTRIES = 10_000
const entries = new Map<string, Entry>()

/** What this process found for this cookie header less than the window ago, else undefined. */
export function cachedSession(cookie: string, now = Date.now()): SessionUser | undefined {
	const entry = entries.get(cookie)
	if (!entry) return undefined
	if (entry.until > now) return entry.user
	entries.delete(cookie)
	return undefined
}

/** Only signed-in answers are kept: a visitor who signs in gets a new cookie, and anonymous reads cost no query. */
export function rememberSession(cookie: string, user: SessionUser, windowMs: number, now = Date.now()) {
	if (windowMs <= 0 || !cookie) return
	entries.delete(cookie)
	if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
	entries.set(cookie, { user, until: now + windowMs })
}

export function forgetSession(cookie: string) {
	entries.delete(cookie)
}

/** A user's own write may end their other sessions (a password change, signing out): none of theirs is kept. */
export function forgetUserSessions(userId: string) {
	for (const [cookie, entry] of entries) if (entry.user.id === userId) entries.delete(cookie)
}

/** An admin's write may ban, demote or sign out anyone: this process stops trusting what it kept. */
export function forgetAllSessions() {
	entries.clear()
}
