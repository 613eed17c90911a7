import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '#db/client.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { seedCohort } from '~/features/system/cohort.server.ts'
import { demoAccounts } from '~/features/system/demo-accounts.ts'
import { CONTENT_DIR } from '~/features/system/seed.server.ts'
import { createLearner } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { dashboardHome } from '~/features/progress/dashboard.server.ts'
import { utcDay } from '~/features/progress/habits.ts'
// Seeded minutes after midnight UTC (a fresh clone's e2e run did): the demo learner's streak still includes today.
describe('demo cohort seeded just after midnight', () => {
	let h: DbHandle
	let demo: string
	const now = new Date('2026-11-24T00:05:00Z')
	beforeAll(async () => {
		h = await useTestDb()
		await importCurriculum(h.db, await readContentTree(CONTENT_DIR))
		demo = (await createLearner({ name: demoAccounts.learner.name, email: demoAccounts.learner.email })).id
		await seedCohort({ now })
	})
	afterAll(async () => h.close())
	it("keeps today's lesson, quiz included, on today: the streak runs through it", async () => {
		// As the dashboard's habits card shows it.
		const { habits } = await dashboardHome(demo, now)
		if (!habits.ok) throw new Error('the habits section failed')
		const today = habits.value.week.at(-1)!
		expect(today.day).toBe(utcDay(now))
		expect(today.count, 'a completion today').toBeGreaterThan(0)
		expect(habits.value.streak).toBeGreaterThanOrEqual(3)
	})
})
