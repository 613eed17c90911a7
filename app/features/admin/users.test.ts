import { beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { claim, completion, createCurriculum } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { createAccount } from '~/features/auth/accounts.server.ts'
import { itemHistory } from './audit.server.ts'
import { changeAdminRole, listUsers } from './users.server.ts'

let h: DbHandle
let admin: { id: string; email: string }
let learner: { id: string; email: string }

beforeAll(async () => {
	h = await useTestDb()
	admin = await createAccount(h.db, { email: 'chief@example.test', password: 'long-enough-password', role: 'admin', name: 'Chief' })
	learner = await createAccount(h.db, { email: 'ana_100%@example.test', password: 'long-enough-password', name: 'Ana', emailVerified: false })
	// One enrollment and XP from both sources: a 30-XP lesson (completing it enrolls) and a 100-XP task.
	const { lessons } = await createCurriculum({ types: ['text'], xp: [30] })
	await completion(learner.id, lessons[0]!.id)
	await claim(learner.id, 'join-discord')
})

describe('admin users', () => {
	it('lists role, verification, enrolments and XP, and searches name or email literally', async () => {
		const all = await listUsers({})
		expect(all.total).toBe(2)
		expect(all.users.find((u) => u.id === learner.id)).toMatchObject({ role: 'user', emailVerified: false, enrollments: 1, xp: 130 })
		expect((await listUsers({ q: '100%' })).users.map((u) => u.email)).toEqual([learner.email])
		expect((await listUsers({ q: '_' })).users.map((u) => u.email)).toEqual([learner.email])
		expect((await listUsers({ q: 'chief' })).users.map((u) => u.email)).toEqual([admin.email])
		expect((await listUsers({ q: 'nobody' })).total).toBe(0)
		expect((await listUsers({ page: 2 })).users).toEqual([])
	})

	it('grants and revokes admin with an audit row, and refuses to revoke oneself', async () => {
		expect(await changeAdminRole(admin, learner.email, true)).toEqual({ ok: true })
		expect((await listUsers({ q: 'ana' })).users[0]!.role).toBe('admin')
		expect(await changeAdminRole(admin, learner.email, false)).toEqual({ ok: true })
		expect(await changeAdminRole(admin, 'CHIEF@example.test', false)).toEqual({ ok: false, status: 403, error: 'admin.users.self' })
		expect((await listUsers({ q: 'chief' })).users[0]!.role).toBe('admin')
		expect(await changeAdminRole(admin, 'ghost@example.test', true)).toMatchObject({ ok: false, status: 404 })
		expect((await itemHistory('user', learner.id)).map((e) => e.action)).toEqual(['revoke-admin', 'grant-admin'])
	})
})
