import { createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { session, user } from '#db/schema.ts'
import { curriculumVersionColumn, rememberRequestVersion } from '~/features/catalog/curriculum.server.ts'
import { readCookie } from '~/lib/cookies.ts'
import { getDb } from '~/lib/db.server.ts'
import { statement, type Bound } from '~/lib/sql-statement.server.ts'
import type { Auth } from './auth.server.ts'
import { isAdmin, type SessionUser } from './user.ts'

// Issue 21: Better Auth's getSession costs about 2.3 ms a call on the embedded database (two statements, the
// session then its user, through its adapter, and an HMAC key imported through WebCrypto each time), against
// 0.5 ms for the same row read in one statement. Every write asks for the session (revocation must count at
// once), so this was a third of a completion. Here the common case is one statement: a signed cookie whose
// session is live and not yet due for its sliding refresh. Everything else (expired, due for refresh) is
// handed to Better Auth itself, which deletes or extends the session as it always did; an unknown token or a
// bad signature is signed out, as Better Auth answers too. The statement also carries the curriculum's version,
// which a learner's request then does not ask for again (ADR 0017).

type SessionRow = SessionUser & { live: boolean; stale: boolean; curriculumVersion: number | string | null }

/** 'ask' when Better Auth must decide (it writes: deletes an expired session, or extends one due for it). */
export type SessionFound = SessionUser | null | 'ask'

const byToken = statement<SessionRow, 'token' | 'refreshAfter'>(['token', 'refreshAfter'], ({ token, refreshAfter }) => {
	const s = session
	const u = user
	return sql`
		SELECT ${u.id} AS id, ${u.email} AS email, ${u.name} AS name, ${u.image} AS image, ${u.role} AS role,
			${u.emailVerified} AS "emailVerified",
			${s.expiresAt} > now() AS live,
			${s.expiresAt} <= now() + ${refreshAfter}::int * interval '1 second' AS stale,
			${curriculumVersionColumn} AS "curriculumVersion"
		FROM ${s} JOIN ${u} ON ${u.id} = ${s.userId}
		WHERE ${s.token} = ${token}
	`
})

type Keys = { cookieName: string; secret: string; refreshAfterSeconds: number }
const keysOf = new WeakMap<Auth, Promise<Keys>>()

// The cookie's name (with __Secure- over https), the secret and the session's ages, as Better Auth has them.
function keys(auth: Auth): Promise<Keys> {
	let found = keysOf.get(auth)
	if (!found) {
		found = auth.$context.then((ctx) => ({
			cookieName: ctx.authCookies.sessionToken.name,
			secret: ctx.secret,
			// Better Auth extends a session once it is older than updateAge: when fewer than
			// (expiresIn - updateAge) seconds are left.
			refreshAfterSeconds: ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge,
		}))
		keysOf.set(auth, found)
	}
	return found
}

/** The session token a signed cookie value carries, or null: `token.base64(HMAC-SHA256(token, secret))`, as better-call signs it. */
export function verifiedToken(value: string, secret: string): string | null {
	const dot = value.lastIndexOf('.')
	if (dot < 1) return null
	const token = value.slice(0, dot)
	const signature = value.slice(dot + 1)
	if (signature.length !== 44 || !signature.endsWith('=')) return null
	const given = Buffer.from(signature, 'base64')
	const expected = createHmac('sha256', secret).update(token).digest()
	return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/**
 * What a statement must find to stand for this cookie's session check (sessionChecked): its verified token, and how
 * many seconds the session must still have before it is due for Better Auth's sliding refresh.
 */
export type SessionCheck = { token: string; refreshAfter: number }

/** The cookie's session token, its signature verified, or null: no statement. */
export async function sessionCheckOf(auth: Auth, cookieHeader: string | null): Promise<SessionCheck | null> {
	if (!cookieHeader) return null
	const { cookieName, secret, refreshAfterSeconds } = await keys(auth)
	const value = readCookie(cookieHeader, cookieName)
	const token = value && verifiedToken(value, secret)
	return token ? { token, refreshAfter: refreshAfterSeconds } : null
}

/**
 * The session check as a condition of another statement (a learner's completion, ADR 0026): true when the token
 * is null (the request asked for its session already), else when that session is this user's, live and not due
 * for its refresh: what findSessionUser answers without Better Auth.
 */
export const sessionChecked = (token: Bound<string | null>, refreshAfter: Bound<number | null>, userId: Bound<string>) => sql`(
	${token}::text IS NULL OR EXISTS (
		SELECT 1 FROM ${session} WHERE ${session.token} = ${token}::text AND ${session.userId} = ${userId}
			AND ${session.expiresAt} > now() + ${refreshAfter}::int * interval '1 second'
	))`

/** The signed-in user of a Cookie header in one statement, null when signed out, 'ask' for Better Auth. */
export async function findSessionUser(auth: Auth, cookieHeader: string | null): Promise<SessionFound> {
	const check = await sessionCheckOf(auth, cookieHeader)
	if (!check) return null
	const {
		rows: [row],
	} = await byToken(await getDb(), check)
	if (!row) return null
	const { live, stale, curriculumVersion, ...found } = row
	if (!live || stale) return 'ask'
	// A learner's request cannot change the curriculum, so the version read here stands for its first use.
	if (!isAdmin(found) && curriculumVersion !== null) rememberRequestVersion(Number(curriculumVersion))
	return found
}
