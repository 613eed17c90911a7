import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { getAddress, isAddressEqual, recoverTypedDataAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { isUuid } from '~/features/catalog/catalog.server.ts'
import { curriculum, pathLessonIds, pathLessonsDone, type Curriculum, type PathNode } from '~/features/catalog/curriculum.server.ts'
import { catalogContext, type CatalogColumns, type CatalogContext } from '~/features/catalog/learner-state.server.ts'
import { localize } from '~/features/catalog/localize.ts'
import type { Language } from '~/features/i18n/config.ts'
import { certificates, learningPaths, user, userProfiles, userProgress, walletAddresses, xpLedger } from '#db/schema.ts'
import { getDb } from '~/lib/db.server.ts'
import { statement, type Bound } from '~/lib/sql-statement.server.ts'
import { jsonValue } from '~/lib/sql-rows.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import type { CertificateSummary, PathCertificateState } from './types.ts'
import {
	certificateDataSchema,
	certificateDomain,
	certificateTypes,
	primaryType,
	ZERO_ADDRESS,
	type CertificateData,
	type CertificateMessage,
} from './typed-data.ts'

// Certificates of completion: issued by the server when a learner has completed every published lesson
// of a published path, signed with the platform key (EIP-712), one per learner and path.

let signer: { key: string; account: ReturnType<typeof privateKeyToAccount> } | undefined
function account() {
	const key = getEnv().CERT_SIGNER_KEY
	if (signer?.key !== key) signer = { key, account: privateKeyToAccount(key) }
	return signer.account
}

/** The platform's published signer address: every valid certificate recovers to it. */
export function signerAddress() {
	return account().address
}

/** JSON keeps numbers; EIP-712's uint64 is a bigint in viem. */
function typedMessage(message: CertificateMessage) {
	return { ...message, issuedAt: BigInt(message.issuedAt) }
}

async function signCertificate(data: CertificateData): Promise<Hex> {
	return account().signTypedData({ domain: data.domain, types: certificateTypes, primaryType, message: typedMessage(data.message) })
}

export type Verification = { valid: boolean; recovered: string | null; signer: string }

/** Recover the signer of (domain, message, signature) with the fixed types and compare with ours. */
export async function verifyCertificate(data: unknown, signature: string): Promise<Verification> {
	const expected = signerAddress()
	const parsed = certificateDataSchema.safeParse(data)
	if (!parsed.success || !/^0x[0-9a-fA-F]{130}$/.test(signature)) return { valid: false, recovered: null, signer: expected }
	try {
		const recovered = await recoverTypedDataAddress({
			domain: parsed.data.domain,
			types: certificateTypes,
			primaryType,
			message: typedMessage(parsed.data.message),
			signature: signature as Hex,
		})
		return { valid: isAddressEqual(recovered, expected), recovered, signer: expected }
	} catch {
		return { valid: false, recovered: null, signer: expected }
	}
}

type PathFacts = { title: string; xp: number; learner: string; wallet: string | null }

/**
 * What a certificate states, in one round trip, read only to issue one (pathProgress says whether to). The XP is
 * the learner's over the path's published lessons, the ids pathProgress checked (`lessonIds`, a JSON array).
 * Null when the path is not published (or not there).
 */
async function pathFacts(userId: string, pathId: string, lessonIds: string): Promise<PathFacts | null> {
	const db = await getDb()
	const [p, x, w] = [learningPaths, xpLedger, walletAddresses]
	const {
		rows: [row],
	} = await db.execute<PathFacts>(sql`
		SELECT ${p.title} AS title,
			(SELECT coalesce(sum(${x.amount}), 0) FROM ${x} JOIN jsonb_array_elements_text(${lessonIds}::jsonb) AS lo(id) ON lo.id = ${x.sourceId}
				WHERE ${x.userId} = ${userId} AND ${x.sourceKind} = 'lesson')::int AS xp,
			-- A public page: the name the learner gave, or none (never a part of their e-mail address).
			coalesce(nullif(trim(${userProfiles.fullName}), ''), nullif(trim(${user.name}), ''), '') AS learner,
			(SELECT ${w.address} FROM ${w} WHERE ${w.userId} = ${user.id} ORDER BY ${w.createdAt} LIMIT 1) AS wallet
		FROM ${p}
		JOIN ${user} ON ${user.id} = ${userId}
		LEFT JOIN ${userProfiles} ON ${userProfiles.userId} = ${user.id}
		WHERE ${p.id} = ${pathId} AND ${p.isPublished}
	`)
	return row ?? null
}

type CertificateColumns = { certificate_ids: unknown }
/** What the path page reads: the learner's catalog statement, with their certificates' ids by path. */
export type CertificateContext = CatalogContext & { extra: Partial<CertificateColumns> }

const certificateIdsColumn: CatalogColumns = (userId) => {
	const c = certificates
	return sql`(SELECT json_object_agg(${c.pathId}, ${c.id}) FROM ${c} WHERE ${c.userId} = ${userId}) AS certificate_ids`
}

/** The learner's catalog statement with their certificates: the path page in one round trip. */
export function certificateContext(userId: string): Promise<CertificateContext> {
	return catalogContext<CertificateColumns>(userId, certificateIdsColumn)
}

const isComplete = (p: { done: number; total: number }) => p.total > 0 && p.done >= p.total

/**
 * For the path page: the learner's certificate, or whether they could claim one, from their catalog statement
 * (the published lessons counted in the completed set that statement checked, as every learner page counts them).
 * Issuing one checks again in the database (pathProgress).
 */
export function pathCertificateState({ tree, learner, extra }: CertificateContext, pathId: string): PathCertificateState {
	const path = tree.path.get(pathId)
	if (!path?.isPublished) return { certificateId: null, complete: false }
	const ids = jsonValue<Record<string, string>>(extra.certificate_ids, {})
	return { certificateId: ids[pathId] ?? null, complete: isComplete(pathLessonsDone(path, learner.completed)) }
}

/**
 * Whether the learner completed the path, and their certificate for it: what every completed lesson asks
 * before issuing. The path's published lessons come from the kept curriculum, and each is looked up by key in
 * the learner's progress (a correlated subquery, which the planner never turns into a join over the learner's
 * rows), last lesson first, until one is not completed: a learner working through a path in order is answered
 * by the first lookup, and only the path's last lesson looks them all up (it was every lesson on every
 * completion: a quarter of a completion's time on a 500-lesson path).
 *
 * The ids go as one JSON parameter (`lessonIds`, kept for pathFacts): PostgreSQL estimates its elements the same
 * whatever the path, so the statement keeps one plan (an array would be re-planned on every call for paths under
 * ten lessons: kept-plans.test.ts). pathFacts, which sums the learner's XP over their ledger, is read only to
 * issue (when every completion and path page read it, it cost 3 ms for a new learner and 47 ms for one with
 * 100,000 completions). Null for a path that is not published.
 */
async function pathProgress(
	userId: string,
	pathId: string,
	version?: number,
): Promise<{ complete: boolean; certificateId: string | null; lessonIds: string } | null> {
	const path = (await curriculum(version)).path.get(pathId)
	if (!path?.isPublished) return null
	const { head, all } = lastFirstJson(path)
	const db = await getDb()
	const check = async (lessonIds: string) => (await progressOnPath(db, { userId, pathId, lessonIds })).rows[0]
	let row = await check(head)
	// The rest only when the last lessons are all completed: a learner working through the path in order is
	// answered by its last few, and the whole path is sent only near its end.
	if (row && !row.missing && head !== all) row = await check(all)
	return { complete: all !== '[]' && row?.missing === false, certificateId: row?.certificateId ?? null, lessonIds: all }
}

/**
 * The path's lesson ids as pathProgress sends them, last first, made once per curriculum version: its last
 * HEAD_LESSONS, and all of them. A 500-lesson path is 19 KB of JSON; sent and parsed on every completion, it
 * was a sixth of the embedded engine's time for a completion, when the first lookup nearly always answers.
 */
export const HEAD_LESSONS = 8
const lastFirst = new WeakMap<PathNode, { head: string; all: string }>()
function lastFirstJson(path: PathNode) {
	let json = lastFirst.get(path)
	if (json === undefined) {
		const ids = pathLessonIds(path).toReversed()
		const all = JSON.stringify(ids)
		lastFirst.set(path, (json = { head: ids.length > HEAD_LESSONS ? JSON.stringify(ids.slice(0, HEAD_LESSONS)) : all, all }))
	}
	return json
}

/**
 * The path's last lessons (the head pathProgress sends first) as the completion statement reads them
 * (progress.server.ts), for a published path; '[]' otherwise (nothing to issue).
 */
export async function pathHeadJson(pathId: string, version?: number): Promise<string> {
	const path = (await curriculum(version)).path.get(pathId)
	return path?.isPublished ? lastFirstJson(path).head : '[]'
}

/**
 * Whether one of the lessons of `lessonIds` (a JSON array) is not completed by the learner, leaving out
 * `except` when given, as a column, each looked up by key as pathProgress says. The completion statement asks
 * it of the path's head without the lesson it completes (progress.server.ts): in its snapshot, that one is
 * not done yet.
 */
export const lessonMissing = (userId: Bound<string>, lessonIds: Bound<string>, except?: Bound<string>) => {
	const p = userProgress
	return sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${lessonIds}::jsonb) AS l(id)
		WHERE ${except === undefined ? sql`` : sql`l.id::uuid <> ${except}::uuid AND `}(SELECT ${p.status} FROM ${p} WHERE ${p.userId} = ${userId} AND ${p.lessonId} = l.id::uuid) IS DISTINCT FROM 'completed')`
}

const progressOnPath = statement<{ missing: boolean; certificateId: string | null }, 'userId' | 'pathId' | 'lessonIds'>(
	['userId', 'pathId', 'lessonIds'],
	({ userId, pathId, lessonIds }) => {
		return sql`
			SELECT
				${lessonMissing(userId, lessonIds)} AS missing,
				(SELECT ${certificates.id}::text FROM ${certificates} WHERE ${certificates.userId} = ${userId} AND ${certificates.pathId} = ${pathId}::uuid) AS "certificateId"
		`
	},
)

/**
 * Issue the certificate when every published lesson of the path is completed. Idempotent: the unique
 * (user, path) index keeps one, and a second call returns it with `created: false`. `at`: the issue time
 * (now); `version`: the curriculum version the caller already read (else it is read here).
 */
export async function issueCertificateIfComplete(
	userId: string,
	pathId: string,
	{ at: now = new Date(), version }: { at?: Date; version?: number } = {},
): Promise<{ id: string; created: boolean } | null> {
	if (!isUuid(pathId)) return null
	const progress = await pathProgress(userId, pathId, version)
	if (!progress) return null
	if (progress.certificateId) return { id: progress.certificateId, created: false }
	if (!progress.complete) return null
	const facts = await pathFacts(userId, pathId, progress.lessonIds)
	if (!facts) return null

	const message: CertificateMessage = {
		id: randomUUID(),
		learner: facts.learner,
		path: facts.title,
		pathId,
		issuedAt: Math.floor(now.getTime() / 1000),
		xp: facts.xp,
		wallet: facts.wallet ? getAddress(facts.wallet) : ZERO_ADDRESS,
	}
	const data: CertificateData = { domain: certificateDomain(getEnv().APP_NAME), message }
	const signature = await signCertificate(data)
	const db = await getDb()
	const inserted = await db
		.insert(certificates)
		.values({ id: message.id, userId, pathId, data, signature, issuedAt: now })
		.onConflictDoNothing({ target: [certificates.userId, certificates.pathId] })
		.returning({ id: certificates.id })
	if (inserted[0]) {
		log.info('certificate issued', { userId, pathId, certificateId: message.id })
		return { id: inserted[0].id, created: true }
	}
	// A parallel completion issued it first.
	const again = await pathProgress(userId, pathId, version)
	return again?.certificateId ? { id: again.certificateId, created: false } : null
}

export type StoredCertificate = { id: string; userId: string; data: unknown; signature: string; issuedAt: string }

export async function getCertificate(id: string): Promise<StoredCertificate | null> {
	if (!isUuid(id)) return null
	const db = await getDb()
	const [row] = await db
		.select({ id: certificates.id, userId: certificates.userId, data: certificates.data, signature: certificates.signature, issuedAt: certificates.issuedAt })
		.from(certificates)
		.where(eq(certificates.id, id))
	if (!row) return null
	return { ...row, issuedAt: new Date(row.issuedAt).toISOString() }
}

/**
 * The learner's certificates, newest first, as one JSON column (`certificates`): the profile reads it in its one
 * statement (profile.server.ts), and `certificatesOf` turns it into the list.
 */
export const certificatesColumn = (userId: Bound<string>) => {
	const c = certificates
	return sql`(SELECT json_agg(json_build_array(${c.id}, ${c.data}->'message') ORDER BY ${c.issuedAt} DESC)
		FROM ${c} WHERE ${c.userId} = ${userId}) AS certificates`
}

/** The list of `certificatesColumn`, path titles in the learner's language (`tree`: the kept curriculum). */
export function certificatesOf(column: unknown, lang: Language, tree: Curriculum): CertificateSummary[] {
	return jsonValue<[string, CertificateMessage][]>(column, []).map(([id, message]) => ({
		id,
		path: titleIn(lang, message, tree),
		pathId: message.pathId,
		issuedAt: message.issuedAt,
		xp: message.xp,
	}))
}

/**
 * The title to show for a certificate's path in the reader's language. A certificate signs the path's English
 * title; the Portuguese twin is shown only while the path still carries that same English title (a path
 * renamed since keeps the title that was signed), and the page shows the signed one beside it.
 */
function titleIn(lang: Language, message: Pick<CertificateMessage, 'path' | 'pathId'>, tree: Curriculum): string {
	const path = lang === 'pt-BR' ? tree.path.get(message.pathId) : undefined
	return path && path.title === message.path ? localize(lang, path.title, path.titlePt).text : message.path
}

/** `titleIn` for one certificate, with the kept curriculum read only when the language can change the title. */
export async function certificatePathTitle(lang: Language, message: Pick<CertificateMessage, 'path' | 'pathId'>): Promise<string> {
	return lang === 'pt-BR' ? titleIn(lang, message, await curriculum()) : message.path
}

/** The published form: EIP-712 typed data (with the fixed types), signature and expected signer. */
export function certificateFile(cert: StoredCertificate, appUrl: string) {
	const data = cert.data as CertificateData
	return {
		domain: data.domain,
		types: certificateTypes,
		primaryType,
		message: data.message,
		signature: cert.signature,
		signer: signerAddress(),
		url: `${appUrl}/certificates/${cert.id}`,
	}
}
