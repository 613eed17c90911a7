import { randomUUID } from 'node:crypto'
import { createLearner, demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import { completeLesson, pathLessons } from '#tests/support/lessons.ts'
import type { Page } from '@playwright/test'

const PATH = 'Smart Contract Development'

async function setName(page: Page, fullName: string) {
	const res = await page.request.post('/dashboard/profile', { data: { fullName, country: 'PT' } })
	expect(res.status()).toBe(200)
}

function row(page: Page, name: string) {
	return page.getByTestId('board-row').filter({ hasText: name })
}

async function rankOf(page: Page, name: string) {
	return Number(await row(page, name).first().getAttribute('data-rank'))
}

test('two learners see each other ranked by XP in both tabs and periods, without emails', async ({ page, browser, baseURL }) => {
	const tag = randomUUID().slice(0, 6)
	const alpha = { name: `Alpha ${tag}`, creds: await createLearner(page) }
	await setName(page, alpha.name)

	const otherContext = await browser.newContext({ baseURL })
	const bravoPage = navigationWaitsForHydration(await otherContext.newPage())
	const bravo = { name: `Bravo ${tag}`, creds: await createLearner(bravoPage) }
	await setName(bravoPage, bravo.name)

	// Before earning anything, a learner is told how to join the ranking.
	await page.goto('/dashboard/scoreboard?period=week')
	await expect(page.getByTestId('board-row').filter({ hasText: alpha.name })).toHaveCount(0)
	if ((await page.getByTestId('board-row').count()) > 0) {
		await expect(page.getByTestId('board-row').first()).toHaveAttribute('data-rank', '1')
		await expect(page.getByTestId('not-ranked')).toHaveText('You have no XP in this ranking yet. Complete a lesson to join it.')
	} else {
		await expect(page.getByText('No one has earned XP here yet.')).toBeVisible()
	}
	// Unknown query values fall back to the defaults instead of failing.
	expect((await page.request.get('/dashboard/scoreboard?tab=nope&period=forever&path=1')).status()).toBe(200)

	// Alpha completes every lesson of the path, Bravo two of them.
	const lessons = pathLessons(PATH)
	expect(lessons.length).toBeGreaterThan(3)
	for (const l of lessons) await completeLesson(page.request, l)
	for (const l of lessons.slice(0, 2)) await completeLesson(bravoPage.request, l)

	try {
		for (const period of ['all', 'week'] as const) {
			for (const tab of ['global', 'path'] as const) {
				// Bravo's view: Alpha above, Bravo's own row (in the list or below it) marked as theirs.
				await bravoPage.goto(`/dashboard/scoreboard${period === 'week' ? '?period=week' : ''}`)
				if (tab === 'path') {
					await bravoPage.getByRole('link', { name: 'By path' }).click()
					await bravoPage.getByRole('navigation', { name: 'Learning paths' }).getByRole('link', { name: PATH }).click()
					await expect(bravoPage.getByRole('heading', { level: 2, name: PATH })).toBeVisible()
				}
				await expect(bravoPage.getByRole('link', { name: period === 'week' ? 'This week' : 'All time' })).toHaveAttribute('aria-current', 'page')
				const mine = bravoPage.locator('[data-testid="board-row"][data-viewer="true"]')
				await expect(mine).toHaveCount(1)
				await expect(mine).toContainText(bravo.name)
				await expect(mine).toContainText('You')
				await expect(mine).toContainText('2 lessons')
				await expect(row(bravoPage, alpha.name)).toContainText(`${lessons.length} lessons`)
				const alphaRank = await rankOf(bravoPage, alpha.name)
				const bravoRank = Number(await mine.getAttribute('data-rank'))
				expect(alphaRank, `${tab} ${period}`).toBeLessThan(bravoRank)
				const html = await bravoPage.content()
				expect(html).not.toContain(alpha.creds.email)
				await expect(bravoPage.getByTestId('board-email')).toHaveCount(0)
			}
		}

		// Alpha's view of the path board for the week: ahead of Bravo, with a medal.
		await page.goto('/dashboard/scoreboard?tab=path&period=week')
		await page.getByRole('navigation', { name: 'Learning paths' }).getByRole('link', { name: PATH }).click()
		await expect(row(page, alpha.name)).toHaveAttribute('data-viewer', 'true')
		const alphaRank = await rankOf(page, alpha.name)
		expect(alphaRank).toBeLessThan(await rankOf(page, bravo.name))
		expect(alphaRank).toBeLessThanOrEqual(3)
		await expect(row(page, alpha.name).getByText(`Rank ${alphaRank}`)).toBeAttached()
		expect(await page.content()).not.toContain(bravo.creds.email)
	} finally {
		await otherContext.close()
	}

	// Admins see emails.
	await page.context().clearCookies()
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/scoreboard')
	await expect(row(page, alpha.name).getByTestId('board-email')).toHaveText(alpha.creds.email)
	await expect(page.getByText('Emails are shown to admins only.')).toBeVisible()
})
