import { sql } from 'drizzle-orm'
import { getAddress, recoverTypedDataAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getAuth } from '~/features/auth/auth.server.ts'
import {
	getCertificate,
	HEAD_LESSONS,
	issueCertificateIfComplete,
	certificateContext,
	pathCertificateState,
	signerAddress,
	verifyCertificate,
} from '~/features/certificates/certificates.server.ts'
import { certificateTypes, primaryType, type CertificateData } from '~/features/certificates/typed-data.ts'
import { completeLesson } from '~/features/progress/progress.server.ts'
import { createSiweRequest, NONCE_TTL_MS, verifySiwe } from '~/features/wallet/siwe.server.ts'
import { linkWallet } from '~/features/wallet/wallets.server.ts'
import { profilePage } from '~/features/profile/profile.server.ts'
import type { Language } from '~/features/i18n/config.ts'
import { linkSignedWallet, signInWithWallet } from '~/features/wallet/wallet.server.ts'
import { resetEnvForTests } from '~/lib/env.server.ts'
import { createCurriculum, createLearner, createLesson, createPath } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

const APP = 'http://localhost:4571'
const PLATFORM_KEY = generatePrivateKey()
const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())
const carol = privateKeyToAccount(generatePrivateKey())

let h: DbHandle

async function createUser(email: string, name = '') {
	return (await createLearner({ name, email })).id
}

/** The learner's profile page, as its loader reads it. */
const profileOf = (userId: string, lang: Language = 'en-US') =>
	profilePage({ id: userId, email: `${userId}@example.test`, name: '', image: null, role: 'user', emailVerified: true }, lang)
const listCertificates = async (userId: string, lang?: Language) => (await profileOf(userId, lang)).certificates
const listWallets = async (userId: string) => (await profileOf(userId)).wallets

/** The path page's certificate state, read as its loader reads it. */
const stateOf = async (userId: string, pathId: string) => pathCertificateState(await certificateContext(userId), pathId)

/** A message issued by the server for `signer`'s address, signed by `signer`. */
async function signed(purpose: 'link' | 'signin', signer: typeof alice, userId: string | null, chainId: 1 | 11155111 = 1) {
	const { message } = await createSiweRequest({ purpose, address: signer.address, chainId, userId, statement: 'Test statement.' })
	return { message, signature: await signer.signMessage({ message }) }
}

function request(ip: string, cookie?: string) {
	return new Request(`${APP}/resources/wallet/sign-in`, {
		method: 'POST',
		headers: { 'x-learnchain-ip': ip, ...(cookie ? { cookie } : {}) },
	})
}

beforeAll(async () => {
	process.env.APP_URL = APP
	process.env.CERT_SIGNER_KEY = PLATFORM_KEY
	h = await useTestDb()
})

afterAll(() => {
	delete process.env.APP_URL
	delete process.env.CERT_SIGNER_KEY
	resetEnvForTests()
})

describe('Sign-In with Ethereum', () => {
	let learner: string
	let other: string
	beforeAll(async () => {
		learner = await createUser('siwe-learner@example.test', 'Ada Learner')
		other = await createUser('siwe-other@example.test')
	})

	it('writes an ERC-4361 message for APP_URL with the chain, a nonce and a 10-minute expiry', async () => {
		const { message, nonce } = await createSiweRequest({
			purpose: 'link',
			address: alice.address.toLowerCase(),
			chainId: 11155111,
			userId: learner,
			statement: 'Link.',
		})
		const parsed = parseSiweMessage(message)
		expect(parsed.domain).toBe('localhost:4571')
		expect(parsed.uri).toBe(APP)
		expect(parsed.address).toBe(alice.address)
		expect(parsed.chainId).toBe(11155111)
		expect(parsed.nonce).toBe(nonce)
		expect(parsed.expirationTime!.getTime() - parsed.issuedAt!.getTime()).toBe(NONCE_TTL_MS)
	})

	it('links a wallet once, checksummed, and refuses the same signature again (replay)', async () => {
		const proof = await signed('link', alice, learner)
		const first = await verifySiwe({ ...proof, purpose: 'link', userId: learner })
		expect(first).toEqual({ ok: true, address: alice.address, chainId: 1 })
		expect(await linkWallet(learner, alice.address.toLowerCase() as Hex, 1)).toEqual({ ok: true })
		expect((await listWallets(learner)).map((w) => w.address)).toEqual([getAddress(alice.address)])
		expect(await verifySiwe({ ...proof, purpose: 'link', userId: learner })).toEqual({ ok: false, error: 'nonceInvalid' })
	})

	it('lists linked wallets on the profile oldest first, in whole seconds of UTC', async () => {
		const owner = await createUser('wallet-lister@example.test')
		const [first, second] = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
		await linkWallet(owner, second.address, 11155111)
		await linkWallet(owner, first.address, 1)
		await h.db.execute(sql`UPDATE wallet_addresses SET created_at = '2026-01-02 03:04:05.678+00' WHERE address = ${first.address}`)
		const wallets = await listWallets(owner)
		expect(wallets).toEqual([
			{ address: first.address, chainId: 1, createdAt: '2026-01-02T03:04:05Z' },
			{ address: second.address, chainId: 11155111, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
		])
		expect(await listWallets(await createUser('wallet-none@example.test'))).toEqual([])
	})

	it('refuses an expired message', async () => {
		const proof = await signed('link', bob, learner)
		const later = new Date(Date.now() + NONCE_TTL_MS + 60_000)
		expect(await verifySiwe({ ...proof, purpose: 'link', userId: learner, now: later })).toEqual({ ok: false, error: 'expired' })
	})

	it('refuses a message written for another domain or URI, even with a live nonce', async () => {
		for (const change of [{ domain: 'evil.example' }, { uri: 'https://evil.example' }]) {
			const { nonce } = await createSiweRequest({ purpose: 'link', address: bob.address, chainId: 1, userId: learner, statement: 'x' })
			const message = createSiweMessage({
				domain: 'localhost:4571',
				uri: APP,
				...change,
				address: bob.address,
				chainId: 1,
				nonce,
				version: '1',
				expirationTime: new Date(Date.now() + 60_000),
			})
			const signature = await bob.signMessage({ message })
			expect(await verifySiwe({ message, signature, purpose: 'link', userId: learner })).toEqual({ ok: false, error: 'wrongDomain' })
		}
	})

	it('refuses another address than the one the nonce was issued for, and a signature by another key', async () => {
		// The nonce was issued for Alice; Bob writes his own address into the message and signs it.
		const { nonce } = await createSiweRequest({ purpose: 'link', address: alice.address, chainId: 1, userId: learner, statement: 'x' })
		const swapped = createSiweMessage({
			domain: 'localhost:4571',
			uri: APP,
			address: bob.address,
			chainId: 1,
			nonce,
			version: '1',
			expirationTime: new Date(Date.now() + 60_000),
		})
		expect(await verifySiwe({ message: swapped, signature: await bob.signMessage({ message: swapped }), purpose: 'link', userId: learner })).toEqual({
			ok: false,
			error: 'wrongAddress',
		})
		// The message names Alice, but Bob signs it.
		const { message } = await createSiweRequest({ purpose: 'link', address: alice.address, chainId: 1, userId: learner, statement: 'x' })
		expect(await verifySiwe({ message, signature: await bob.signMessage({ message }), purpose: 'link', userId: learner })).toEqual({
			ok: false,
			error: 'badSignature',
		})
	})

	it('refuses an unconfigured chain, a nonce of the other flow, and a link nonce of another account', async () => {
		const { nonce } = await createSiweRequest({ purpose: 'link', address: bob.address, chainId: 1, userId: learner, statement: 'x' })
		const polygon = createSiweMessage({
			domain: 'localhost:4571',
			uri: APP,
			address: bob.address,
			chainId: 137,
			nonce,
			version: '1',
			expirationTime: new Date(Date.now() + 60_000),
		})
		expect(await verifySiwe({ message: polygon, signature: await bob.signMessage({ message: polygon }), purpose: 'link', userId: learner })).toEqual({
			ok: false,
			error: 'wrongChain',
		})
		const signIn = await signed('signin', bob, null)
		expect(await verifySiwe({ ...signIn, purpose: 'link', userId: learner })).toEqual({ ok: false, error: 'nonceInvalid' })
		const someoneElses = await signed('link', bob, other)
		expect(await verifySiwe({ ...someoneElses, purpose: 'link', userId: learner })).toEqual({ ok: false, error: 'nonceInvalid' })
		expect(await verifySiwe({ message: 'not a siwe message', signature: '0x00', purpose: 'link', userId: learner })).toEqual({
			ok: false,
			error: 'invalidMessage',
		})
	})

	it('refuses an address already linked to another account, in any letter case', async () => {
		const result = await linkSignedWallet(request('10.0.0.2'), other, await signed('link', alice, other))
		expect(result).toEqual({ ok: false, error: 'wallet.errors.alreadyLinked', status: 409 })
		expect(await linkWallet(other, alice.address.toLowerCase() as Hex, 1)).toEqual({ ok: false, error: 'alreadyLinked' })
		// Linking it again to its own account is fine.
		expect(await linkWallet(learner, alice.address, 11155111)).toEqual({ ok: true })
		expect(await listWallets(other)).toEqual([])
	})

	it('signs in the account a wallet is linked to with a real session, once per signature', async () => {
		const proof = await signed('signin', alice, null)
		const result = await signInWithWallet(request('10.0.0.3'), proof)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		const cookie = result.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
		const auth = await getAuth()
		const session = await auth.api.getSession({ headers: new Headers({ cookie }) })
		expect(session?.user.id).toBe(learner)
		expect(await signInWithWallet(request('10.0.0.3'), proof)).toEqual({ ok: false, error: 'wallet.errors.nonceInvalid', status: 401 })
	})

	it('refuses to sign in with a wallet no account linked', async () => {
		expect(await signInWithWallet(request('10.0.0.4'), await signed('signin', carol, null))).toEqual({
			ok: false,
			error: 'wallet.errors.notLinked',
			status: 401,
		})
	})

	it('stops answering an address after repeated failures', async () => {
		const replay = await signed('signin', carol, null)
		for (let i = 0; i < 10; i++) await signInWithWallet(request('10.0.0.5'), replay)
		expect(await signInWithWallet(request('10.0.0.5'), await signed('signin', alice, null))).toEqual({
			ok: false,
			error: 'wallet.errors.tooManyRequests',
			status: 429,
			retryAfter: expect.any(Number),
		})
	})
})

describe('certificates', () => {
	let learner: string
	let pathId: string
	let lessonIds: string[]

	beforeAll(async () => {
		learner = await createUser('cert-learner@example.test', 'Grace Hopper')
		await linkWallet(learner, carol.address, 1)
		const { path, module: mod } = await createCurriculum({ types: [], path: { title: 'Solidity Basics' } })
		pathId = path.id
		lessonIds = []
		for (const [i, xp, published] of [
			[1, 30, true],
			[2, 20, true],
			[3, 999, false],
		] as const) {
			lessonIds.push((await createLesson(mod.id, 'text', { title: `Lesson ${i}`, order: i, xpValue: xp, isPublished: published })).id)
		}
	})

	it('is issued when the last published lesson is completed, not before', async () => {
		const first = await completeLesson(learner, lessonIds[0]!)
		expect(first?.certificate).toBeNull()
		expect(await stateOf(learner, pathId)).toEqual({ certificateId: null, complete: false })
		const last = await completeLesson(learner, lessonIds[1]!)
		expect(last?.certificate?.created).toBe(true)
		const state = await stateOf(learner, pathId)
		expect(state).toEqual({ certificateId: last!.certificate!.id, complete: true })
		// Completing a lesson again, or asking again, keeps the one certificate.
		expect((await completeLesson(learner, lessonIds[0]!))?.certificate).toEqual({ id: state.certificateId, created: false })
		expect(await issueCertificateIfComplete(learner, pathId)).toEqual({ id: state.certificateId, created: false })
		expect(await listCertificates(learner)).toHaveLength(1)
	})

	it('is issued whatever the order the lessons are completed in, only once the last one missing is done', async () => {
		const reverse = await createUser('cert-reverse@example.test')
		const { path, module: mod } = await createCurriculum({ types: [], path: { title: 'Any order' } })
		const ids: string[] = []
		for (const i of [1, 2, 3]) ids.push((await createLesson(mod.id, 'text', { title: `Step ${i}`, order: i })).id)
		// The last lesson first, then the first: the middle one is still missing.
		expect((await completeLesson(reverse, ids[2]!))?.certificate).toBeNull()
		expect((await completeLesson(reverse, ids[0]!))?.certificate).toBeNull()
		expect(await stateOf(reverse, path.id)).toEqual({ certificateId: null, complete: false })
		expect((await completeLesson(reverse, ids[1]!))?.certificate?.created).toBe(true)
	})

	it('on a long path, is issued only once a lesson before its last ones is done too', async () => {
		// The completion checks the path's last HEAD_LESSONS first and sends the rest only when those are all done:
		// three lessons more than that, the first one left for last.
		const long = await createUser('cert-long@example.test')
		const { path, module: mod } = await createCurriculum({ types: [], path: { title: 'Long path' } })
		const ids: string[] = []
		for (let i = 1; i <= HEAD_LESSONS + 3; i++) ids.push((await createLesson(mod.id, 'text', { title: `Part ${i}`, order: i })).id)
		for (const id of ids.slice(1)) expect((await completeLesson(long, id))?.certificate).toBeNull()
		expect(await stateOf(long, path.id)).toEqual({ certificateId: null, complete: false })
		expect((await completeLesson(long, ids[0]!))?.certificate?.created).toBe(true)
	})

	it("never puts a part of an unnamed learner's e-mail address on the public certificate", async () => {
		const unnamed = await createUser('jane.doe.private@example.test')
		for (const id of lessonIds.slice(0, 2)) await completeLesson(unnamed, id)
		const [summary] = await listCertificates(unnamed)
		const cert = (await getCertificate(summary!.id))!
		expect((cert.data as CertificateData).message.learner).toBe('')
		expect(JSON.stringify(cert)).not.toMatch(/jane|doe|private/)
		expect(await verifyCertificate(cert.data, cert.signature)).toMatchObject({ valid: true })
	})

	it('holds name, path, date, path XP and the linked wallet, signed by the platform key (EIP-712)', async () => {
		const [summary] = await listCertificates(learner)
		const cert = (await getCertificate(summary!.id))!
		const data = cert.data as CertificateData
		expect(data.message).toMatchObject({ id: cert.id, learner: 'Grace Hopper', path: 'Solidity Basics', pathId, xp: 50, wallet: carol.address })
		expect(Math.abs(data.message.issuedAt - Date.now() / 1000)).toBeLessThan(120)
		expect(signerAddress()).toBe(privateKeyToAccount(PLATFORM_KEY).address)
		expect(await verifyCertificate(cert.data, cert.signature)).toMatchObject({ valid: true, recovered: signerAddress() })
		// Independently: any EIP-712 implementation recovers the platform address.
		const recovered = await recoverTypedDataAddress({
			domain: data.domain,
			types: certificateTypes,
			primaryType,
			message: { ...data.message, issuedAt: BigInt(data.message.issuedAt) },
			signature: cert.signature as Hex,
		})
		expect(recovered).toBe(signerAddress())
	})

	it('verifies as invalid once any field is edited, or with another signature', async () => {
		const [summary] = await listCertificates(learner)
		const cert = (await getCertificate(summary!.id))!
		const data = cert.data as CertificateData
		for (const edit of [
			{ learner: 'Mallory' },
			{ xp: 5000 },
			{ path: 'Advanced Solidity' },
			{ issuedAt: data.message.issuedAt - 86_400 },
			{ wallet: bob.address },
		]) {
			expect((await verifyCertificate({ ...data, message: { ...data.message, ...edit } }, cert.signature)).valid, JSON.stringify(edit)).toBe(false)
		}
		expect((await verifyCertificate({ ...data, domain: { ...data.domain, name: 'Other' } }, cert.signature)).valid).toBe(false)
		// Signed correctly, but by a key that is not the platform's.
		const forged = await bob.signTypedData({
			domain: data.domain,
			types: certificateTypes,
			primaryType,
			message: { ...data.message, issuedAt: BigInt(data.message.issuedAt) },
		})
		expect(await verifyCertificate(data, forged)).toMatchObject({ valid: false, recovered: bob.address })
		expect((await verifyCertificate({ nonsense: true }, cert.signature)).valid).toBe(false)
		expect((await verifyCertificate(data, '0x1234')).valid).toBe(false)

		// Tampering with the stored row is caught the same way.
		await h.db.execute(sql`UPDATE certificates SET data = jsonb_set(data, '{message,learner}', '"Mallory"') WHERE id = ${cert.id}`)
		const tampered = (await getCertificate(cert.id))!
		expect((await verifyCertificate(tampered.data, tampered.signature)).valid).toBe(false)
	})

	it('can be claimed for a path completed before certificates were issued', async () => {
		const earlier = await createUser('cert-earlier@example.test')
		// Progress written directly, as it was before certificates existed: no certificate yet.
		for (const lessonId of lessonIds.slice(0, 2)) {
			await h.db.execute(sql`INSERT INTO user_progress (user_id, lesson_id, status, completed_at) VALUES (${earlier}, ${lessonId}, 'completed', now())`)
		}
		expect(await stateOf(earlier, pathId)).toEqual({ certificateId: null, complete: true })
		const claimed = await issueCertificateIfComplete(earlier, pathId)
		expect(claimed?.created).toBe(true)
		const cert = (await getCertificate(claimed!.id))!
		// No XP in the ledger for direct progress, no wallet linked, no name given (and none made up from the e-mail).
		expect((cert.data as CertificateData).message).toMatchObject({ learner: '', xp: 0, wallet: '0x0000000000000000000000000000000000000000' })
		expect((await verifyCertificate(cert.data, cert.signature)).valid).toBe(true)
	})

	it("stays the learner's when the path grows after it was issued, and a new lesson alone issues nothing", async () => {
		const late = await createUser('cert-late@example.test')
		const { path, module: mod } = await createCurriculum({ types: [], path: { title: 'Growing path' } })
		const first = (await createLesson(mod.id, 'text', { title: 'One', order: 1 })).id
		const issued = (await completeLesson(late, first))?.certificate
		expect(issued?.created).toBe(true)
		// A lesson added later: the path is no longer complete, the certificate already given stays.
		const second = (await createLesson(mod.id, 'text', { title: 'Two', order: 2 })).id
		expect(await issueCertificateIfComplete(late, path.id)).toEqual({ id: issued!.id, created: false })
		expect(await stateOf(late, path.id)).toEqual({ certificateId: issued!.id, complete: false })
		// Another learner with only the new lesson done gets none.
		const other = await createUser('cert-other@example.test')
		expect((await completeLesson(other, second))?.certificate).toBeNull()
		expect((await completeLesson(other, first))?.certificate?.created).toBe(true)
	})

	it('is listed on the profile newest first, titled in Portuguese while the path keeps the title it signed', async () => {
		const reader = await createUser('cert-reader@example.test')
		const { path: older, module: m1 } = await createCurriculum({ types: [], path: { title: 'Older path', titlePt: 'Trilha antiga' } })
		const { path: newer, module: m2 } = await createCurriculum({ types: [], path: { title: 'Newer path', titlePt: 'Trilha nova' } })
		for (const mod of [m1, m2]) await completeLesson(reader, (await createLesson(mod.id, 'text', { title: 'Only', order: 1, xpValue: 10 })).id)
		await h.db.execute(sql`UPDATE certificates SET issued_at = issued_at - interval '1 day' WHERE path_id = ${older.id}`)
		const summary = (lang: Language) => listCertificates(reader, lang).then((list) => list.map(({ path, pathId, xp }) => ({ path, pathId, xp })))
		expect(await summary('en-US')).toEqual([
			{ path: 'Newer path', pathId: newer.id, xp: 10 },
			{ path: 'Older path', pathId: older.id, xp: 10 },
		])
		expect((await summary('pt-BR')).map((c) => c.path)).toEqual(['Trilha nova', 'Trilha antiga'])
		// Renamed since: the certificate keeps the English title it signed, in both languages.
		await h.db.execute(sql`UPDATE learning_paths SET title = 'Newest path' WHERE id = ${newer.id}`)
		expect((await summary('pt-BR')).map((c) => c.path)).toEqual(['Newer path', 'Trilha antiga'])
		const [first] = await listCertificates(reader)
		expect(Math.abs(first!.issuedAt - Date.now() / 1000)).toBeLessThan(120)
		expect(await listCertificates(await createUser('cert-none@example.test'))).toEqual([])
	})

	it('is not issued for a path with no published lessons, an unpublished path, or a bad id', async () => {
		const empty = await createPath({ title: 'Empty' })
		expect(await issueCertificateIfComplete(learner, empty!.id)).toBeNull()
		await h.db.execute(sql`UPDATE learning_paths SET is_published = false WHERE id = ${empty!.id}`)
		expect(await issueCertificateIfComplete(learner, empty!.id)).toBeNull()
		expect(await issueCertificateIfComplete(learner, 'not-a-uuid')).toBeNull()
		expect(await getCertificate('not-a-uuid')).toBeNull()
	})
})
