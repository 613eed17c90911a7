import fs from 'node:fs'
import path from 'node:path'
import { demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { E2E_DATA_DIR } from '../../playwright.config.ts'

// The demo cohort (issue 19, point 1): a fresh install is lived in. The server under test seeds it on first
// start; its certificates are named by the seeding's manifest in the data directory, not read from pages.

type Manifest = { seededAt: string; certificates: { id: string; learner: string }[] }
const manifest = () => JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, 'demo-cohort.json'), 'utf8')) as Manifest

const languages = [
	{
		lang: 'en-US',
		resume: 'Pick up where you left off',
		streak: /^\d+-day streak$/,
		completed: 'Completed',
		valid: 'Valid certificate',
	},
	{
		lang: 'pt-BR',
		resume: 'Continue de onde parou',
		streak: /^Sequência de \d+ dias$/,
		completed: 'Concluídas',
		valid: 'Certificado válido',
	},
] as const

for (const l of languages) {
	test.describe(`demo cohort (${l.lang})`, () => {
		test.beforeEach(async ({ context, baseURL }) => {
			await context.addCookies([{ name: 'app_language', value: l.lang, url: baseURL! }])
		})

		test('the demo learner sees real progress, habits, rank and achievements', async ({ page }) => {
			await loginAs(page, demo.learner)
			await page.goto('/dashboard')
			const xp = Number((await page.getByTestId('stat-totalXP').textContent())!.replace(/\D/g, ''))
			expect(xp).toBeGreaterThanOrEqual(200)
			expect(Number(await page.getByTestId('stat-completedLessons').textContent())).toBeGreaterThan(5)
			await expect(page.getByRole('heading', { name: l.resume })).toBeVisible()
			await expect(page.getByTestId('resume-lesson')).not.toBeEmpty()
			await expect(page.getByTestId('streak')).toHaveText(l.streak)
			const streak = Number((await page.getByTestId('streak').textContent())!.replace(/\D/g, ''))
			expect(streak).toBeGreaterThanOrEqual(3)

			// The all-time global board: the cohort ranks at least 8, the demo learner among them with a rank.
			await page.goto('/dashboard/scoreboard')
			const rows = page.getByTestId('board-row')
			expect(await rows.count()).toBeGreaterThanOrEqual(8)
			await expect(rows.nth(7)).toHaveAttribute('data-rank', '8')
			const mine = page.locator('[data-testid="board-row"][data-viewer="true"]')
			await expect(mine).toHaveCount(1)
			expect(Number(await mine.getAttribute('data-rank'))).toBeGreaterThan(0)
			// Learners' e-mail addresses are never shown to other learners.
			expect(await page.content()).not.toContain('@cohort.example.com')

			await page.goto('/dashboard/achievements')
			await expect(page.getByText(l.completed, { exact: true }).first()).toBeVisible()
			const done = (await page.getByTestId('summary-completed').textContent())!.split('/')
			expect(Number(done[0])).toBeGreaterThan(0)
		})

		test("a cohort learner's certificate verifies as valid", async ({ page }) => {
			const { certificates } = manifest()
			expect(certificates.length).toBeGreaterThanOrEqual(3)
			const cert = certificates[l.lang === 'en-US' ? 0 : certificates.length - 1]!
			const res = await page.goto(`/certificates/${cert.id}`)
			expect(res?.status()).toBe(200)
			await expect(page.getByText(l.valid)).toBeVisible()
			await expect(page.getByText(cert.learner).first()).toBeVisible()
		})
	})
}

test('the demo admin finds applications in different statuses', async ({ page }) => {
	await loginAs(page, demo.admin)
	for (const status of ['new', 'contacted', 'accepted', 'rejected']) {
		await page.goto(`/dashboard/admin/applications?status=${status}&q=cohort.example.com`)
		await expect(page.getByTestId('application-row').first(), status).toBeVisible()
	}
})
