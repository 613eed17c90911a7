import fs from 'node:fs'
import { dirname } from 'node:path'
import { and, count, eq, like, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
	applications,
	certificates,
	challengeAttempts,
	quizAttempts,
	user,
	userCompletionDays,
	userEnrollments,
	userProgress,
	xpLedger,
	xpTotals,
} from '#db/schema.ts'
import type { DbHandle } from '#db/client.server.ts'
import { readContentTree } from '~/features/catalog/content-files.server.ts'
import { importCurriculum } from '~/features/catalog/import.server.ts'
import { getCertificate, verifyCertificate } from '~/features/certificates/certificates.server.ts'
import { dashboardHome } from '~/features/progress/dashboard.server.ts'
import { scoreboard } from '~/features/scoreboard/scoreboard.server.ts'
import { COHORT_DOMAIN, COHORT_SIZE, cohortManifestPath, seedCohort } from '~/features/system/cohort.server.ts'
import { demoAccounts } from '~/features/system/demo-accounts.ts'
import { CONTENT_DIR } from '~/features/system/seed.server.ts'
import { application, createLearner, enrollIn } from '#tests/support/factories.ts'
import { useTestDb } from '#tests/support/test-db.ts'
import { resumePoint } from '~/features/progress/progress.server.ts'

// The demo cohort (issue 19, point 1): made once, idempotent, demo rows only, every aggregate equal to the ledger.

describe('demo cohort seeding', () => {
	let h: DbHandle
	const now = new Date('2026-11-18T15:00:00Z') // a Wednesday
	let bystander: string
	let demoLearner: string

	/** Row counts of every table the cohort writes. */
	async function counts() {
		const out: Record<string, number> = {}
		for (const [name, table] of Object.entries({
			user,
			userProgress,
			xpLedger,
			xpTotals,
			userCompletionDays,
			quizAttempts,
			challengeAttempts,
			certificates,
			applications,
			userEnrollments,
		})) {
			const [{ n }] = (await h.db.select({ n: count() }).from(table)) as [{ n: number }]
			out[name] = Number(n)
		}
		return out
	}

	beforeAll(async () => {
		h = await useTestDb()
		await importCurriculum(h.db, await readContentTree(CONTENT_DIR))
		demoLearner = (await createLearner({ name: demoAccounts.learner.name, email: demoAccounts.learner.email })).id
		// A real learner and a real application that the seeding must leave alone.
		bystander = (await createLearner({ name: 'Real Person', email: 'real@example.org' })).id
		const [path] = await h.db
			.execute(sql`SELECT id FROM learning_paths WHERE slug = 'defi-protocols'`)
			.then((r) => (r as unknown as { rows: { id: string }[] }).rows)
		await enrollIn(bystander, path!.id)
		await application({ type: 'professional', name: 'Real Applicant', email: 'real-applicant@example.org' })
		// A data directory not made yet (on PostgreSQL nothing else needs one): the manifest is written all the same.
		fs.rmSync(dirname(cohortManifestPath()), { recursive: true, force: true })
		await seedCohort({ now })
	}, 120_000)
	afterAll(() => h.close())

	it('makes two dozen learners, with avatars and profiles of different depth, and applications in every status', async () => {
		const learners = await h.db
			.select()
			.from(user)
			.where(like(user.email, `%@${COHORT_DOMAIN}`))
		expect(learners).toHaveLength(COHORT_SIZE)
		expect(COHORT_SIZE).toBeGreaterThanOrEqual(24)
		expect(learners.filter((l) => l.image?.startsWith('data:image/svg+xml;base64,')).length).toBeGreaterThan(COHORT_SIZE / 2)
		const statuses = await h.db
			.select({ status: applications.status })
			.from(applications)
			.where(like(applications.email, `%@${COHORT_DOMAIN}`))
		expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['new', 'contacted', 'accepted', 'rejected']))
	})

	it('fills the global board with at least 8 ranked learners and issues valid certificates', async () => {
		const board = await scoreboard({ viewerId: demoLearner, showEmails: false, period: 'all', now })
		expect(board.top.length).toBeGreaterThanOrEqual(8)
		const certs = await h.db.select({ id: certificates.id }).from(certificates)
		expect(certs.length).toBeGreaterThanOrEqual(3)
		for (const c of certs) {
			const stored = await getCertificate(c.id)
			expect((await verifyCertificate(stored!.data, stored!.signature)).valid).toBe(true)
		}
		// The manifest the e2e tests open certificates from names exactly these.
		const manifest = JSON.parse(fs.readFileSync(cohortManifestPath(), 'utf8')) as { certificates: { id: string }[] }
		expect(manifest.certificates.map((c) => c.id).sort()).toEqual(certs.map((c) => c.id).sort())
	})

	it('spreads activity over the eight weeks before the seeding day', async () => {
		// Lesson XP only: the demo learner's claimed achievement is claimed when the seeding runs, like any claim.
		const [span] = await h.db
			.execute(sql`SELECT min(created_at) AS first, max(created_at) AS last FROM xp_ledger WHERE source_kind = 'lesson'`)
			.then((r) => (r as unknown as { rows: { first: string; last: string }[] }).rows)
		const first = new Date(span!.first).getTime()
		const last = new Date(span!.last).getTime()
		expect(first).toBeGreaterThanOrEqual(now.getTime() - 56 * 86_400_000)
		expect(first).toBeLessThan(now.getTime() - 40 * 86_400_000)
		expect(last).toBeLessThanOrEqual(now.getTime())
	})

	it('leaves the demo learner part-way: a few hundred XP, a streak through today, a lesson to pick up', async () => {
		const { stats, habits } = await dashboardHome(demoLearner, now)
		expect(stats.totalXP).toBeGreaterThanOrEqual(200)
		expect(stats.totalXP).toBeLessThan(600)
		if (!habits.ok) throw new Error('the habits section failed')
		expect(habits.value.streak, 'as the habits card shows it').toBeGreaterThanOrEqual(3)
		expect(await resumePoint(demoLearner)).not.toBeNull()
	})

	it('keeps every total equal to the ledger and the completion days equal to the progress rows', async () => {
		const mismatched = await h.db.execute(sql`
			SELECT t.user_id FROM ${xpTotals} t
			WHERE t.period = 'all' AND t.scope = 'all'
				AND t.xp <> (SELECT coalesce(sum(x.amount), 0) FROM ${xpLedger} x WHERE x.user_id = t.user_id)
		`)
		expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([])
		const days = await h.db.execute(sql`
			SELECT p.user_id FROM ${userProgress} p WHERE p.status = 'completed'
			GROUP BY p.user_id
			HAVING count(*) <> (SELECT sum(d.completions) FROM ${userCompletionDays} d WHERE d.user_id = p.user_id)
		`)
		expect((days as unknown as { rows: unknown[] }).rows).toEqual([])
		// Every completed lesson has its one ledger row.
		const [missing] = await h.db
			.execute(
				sql`
			SELECT count(*)::int AS n FROM ${userProgress} p
			WHERE p.status = 'completed' AND NOT EXISTS (SELECT 1 FROM ${xpLedger} x WHERE x.user_id = p.user_id AND x.source_kind = 'lesson' AND x.source_id = p.lesson_id::text)
		`,
			)
			.then((r) => (r as unknown as { rows: { n: number }[] }).rows)
		expect(missing!.n).toBe(0)
	})

	it('is idempotent and touches no row that is not demo data', async () => {
		const before = await counts()
		const bystanderBefore = await h.db.select().from(user).where(eq(user.id, bystander))
		const result = await seedCohort({ now: new Date(now.getTime() + 86_400_000) })
		expect(result).toEqual({ learners: 0, demoLearner: false, applications: 0 })
		expect(await counts()).toEqual(before)
		expect(await h.db.select().from(user).where(eq(user.id, bystander))).toEqual(bystanderBefore)
		const [{ n }] = (await h.db.select({ n: count() }).from(userProgress).where(eq(userProgress.userId, bystander))) as [{ n: number }]
		expect(Number(n)).toBe(0)
		const real = await h.db
			.select()
			.from(applications)
			.where(and(eq(applications.email, 'real-applicant@example.org'), eq(applications.status, 'new')))
		expect(real).toHaveLength(1)
	})

	it('remakes a cohort left half-made, and only that', async () => {
		const [someone] = await h.db
			.select({ id: user.id })
			.from(user)
			.where(like(user.email, `%@${COHORT_DOMAIN}`))
			.limit(1)
		await h.db.delete(user).where(eq(user.id, someone!.id))
		const before = await counts()
		const result = await seedCohort({ now })
		expect(result.learners).toBe(COHORT_SIZE)
		const after = await counts()
		expect(after.user).toBe(before.user + 1)
		expect(after.applications).toBe(before.applications)
		const [{ n }] = (await h.db.select({ n: count() }).from(user).where(ne(user.id, bystander))) as [{ n: number }]
		expect(Number(n)).toBe(after.user - 1)
	})
})
