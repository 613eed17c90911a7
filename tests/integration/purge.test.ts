import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits, verification } from '#db/schema.ts'
import { namedLimits, PURGE_AFTER_SECONDS } from '~/features/security/limits.ts'
import { purgeExpired } from '~/features/security/purge.server.ts'
import { countHit } from '~/features/security/rate-limit.server.ts'
import { createSiweRequest } from '~/features/wallet/siwe.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import type { DbHandle } from '#db/client.server.ts'

describe('purging what no request can use any more (issue 16, point 7)', () => {
	let h: DbHandle
	beforeAll(async () => {
		h = await useTestDb()
	})
	afterAll(async () => {
		await h.close()
	})

	it('deletes expired wallet nonces and stale rate-limit counts, and keeps the live ones', async () => {
		const address = '0x000000000000000000000000000000000000dEaD'
		await createSiweRequest({ purpose: 'signin', address, chainId: 1, userId: null, statement: 'Sign in.' })
		await createSiweRequest({ purpose: 'signin', address, chainId: 1, userId: null, statement: 'Sign in.' })
		// One nonce left unused past its expiry, as an abandoned sign-in leaves it.
		await h.db.execute(sql`UPDATE verification SET expires_at = now() - interval '1 minute' WHERE id = (SELECT id FROM verification LIMIT 1)`)
		await countHit('live', { max: 5, windowSeconds: 60 })
		await countHit('stale', { max: 5, windowSeconds: 60 })
		await h.db.execute(sql`UPDATE rate_limits SET window_start = now() - ${`${PURGE_AFTER_SECONDS + 60} seconds`}::interval WHERE key = 'stale'`)

		expect(await purgeExpired()).toEqual({ rateLimits: 1, verifications: 1 })
		expect((await h.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(['live'])
		expect(await h.db.select().from(verification)).toHaveLength(1)
		expect(await purgeExpired()).toEqual({ rateLimits: 0, verifications: 0 })
	})

	it('never deletes a count whose window is still open: every named window is shorter than the purge age', () => {
		for (const [name, limit] of Object.entries(namedLimits(getEnv()))) expect(limit.windowSeconds, name).toBeLessThan(PURGE_AFTER_SECONDS)
		expect(namedLimits({ ...getEnv(), TUTOR_RATE_WINDOW_SECONDS: 86_400 }).tutorMessages.windowSeconds).toBeLessThan(PURGE_AFTER_SECONDS)
	})
})
