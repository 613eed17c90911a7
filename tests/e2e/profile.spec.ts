import { createLearner, demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import { completeLesson, dashboardXP, pathLessons } from '#tests/support/lessons.ts'
import type { Page } from '@playwright/test'

async function addTags(page: Page, label: string, values: string[]) {
	const input = page.getByRole('textbox', { name: label, exact: true })
	for (const v of values) {
		await input.fill(v)
		await input.press('Enter')
	}
}

function tagList(page: Page, label: string) {
	return page.getByRole('list', { name: label, exact: true }).getByRole('listitem')
}

test('the profile saves, survives a reload and another browser, and refuses invalid links', async ({ page, browser, baseURL }) => {
	const creds = await createLearner(page)
	await page.goto('/dashboard/profile')
	await expect(page.getByRole('tab', { name: 'Personal Information' })).toHaveAttribute('aria-selected', 'true')
	await expect(page.getByLabel('Email')).toHaveValue(creds.email)
	await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '')
	await expect(page.getByRole('button', { name: 'Save' })).toBeVisible()

	// Saving without the required fields: a toast and a message per field.
	await expect(page.getByTestId('unsaved-banner')).toHaveCount(0)
	await page.getByLabel('Full Name').fill(' ')
	await expect(page.getByTestId('unsaved-banner')).toHaveText(/You have unsaved changes\./)
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Please fix the errors before saving.')).toBeVisible()
	await expect(page.getByText('Full name is required')).toBeVisible()
	await expect(page.getByText('Country is required')).toBeVisible()

	// Editing a field clears its error.
	await page.getByLabel('Full Name').fill('Ana Tester')
	await expect(page.getByText('Full name is required')).toHaveCount(0)
	await page.getByRole('combobox', { name: 'Country' }).click()
	await page.getByRole('option', { name: 'Brazil' }).click()
	await expect(page.getByText('Country is required')).toHaveCount(0)
	await page.getByLabel('City').fill('Recife')

	// Tags: Enter adds trimmed, unique text; Backspace on an empty input removes the last one.
	await addTags(page, 'Languages', ['  Portuguese ', 'English', 'portuguese', '   '])
	await expect(tagList(page, 'Languages')).toHaveText(['Portuguese', 'English'])
	await page.getByRole('textbox', { name: 'Languages', exact: true }).press('Backspace')
	await expect(tagList(page, 'Languages')).toHaveText(['Portuguese'])
	await addTags(page, 'Languages', ['Spanish'])

	await page.getByRole('tab', { name: 'Professional Profile' }).click()
	await page.getByLabel('Years of experience in technology').fill('3')
	await page.getByLabel('Position and company').fill('Developer at Acme')
	await addTags(page, 'Stacks you master', ['React', 'Node.js'])
	await addTags(page, 'Skills to develop', ['Solidity'])
	await page.getByLabel('LinkedIn URL').fill('not a url')
	await page.getByLabel('GitHub URL').fill('https://gitlab.com/ana')
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Please fix the errors before saving.')).toBeVisible()
	await expect(page.getByText('Please enter a valid LinkedIn URL')).toBeVisible()
	await expect(page.getByText('Please enter a valid GitHub URL')).toBeVisible()
	await page.getByLabel('LinkedIn URL').fill('linkedin.com/in/ana-tester')
	await page.getByLabel('GitHub URL').fill('https://github.com/ana-tester')
	await expect(page.getByText('Please enter a valid LinkedIn URL')).toHaveCount(0)

	// Learning Progress is read-only: no Save button there.
	await page.getByRole('tab', { name: 'Learning Progress' }).click()
	await expect(page.getByText('You are not enrolled in any path yet.')).toBeVisible()
	await expect(page.getByTestId('activity-heatmap').locator('> li')).toHaveCount(12)
	await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)

	await page.getByRole('tab', { name: 'Career Preferences' }).click()
	await page.getByRole('combobox', { name: 'Job search status' }).click()
	await page.getByRole('option', { name: 'Open to opportunities' }).click()
	await page.getByLabel('Remote').check()
	await page.getByLabel('Hybrid').check()
	await addTags(page, 'Desired roles', ['Smart Contract Engineer'])
	await addTags(page, 'Preferred locations', ['Lisbon'])
	await page.getByLabel('Available from').fill('2026-09-01')
	await page.getByLabel('Salary expectation (USD per year)').fill('90000')
	await page.getByLabel('Open to relocation').click()
	await page.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Profile updated successfully!')).toBeVisible()
	await expect(page.getByTestId('unsaved-banner')).toHaveCount(0)

	// After a reload everything is still there (the server stored the normalised link).
	await page.goto(page.url())
	await expect(page.getByLabel('Full Name')).toHaveValue('Ana Tester')
	await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('Brazil')
	await expect(tagList(page, 'Languages')).toHaveText(['Portuguese', 'Spanish'])
	await page.getByRole('tab', { name: 'Professional Profile' }).click()
	await expect(page.getByLabel('LinkedIn URL')).toHaveValue('https://linkedin.com/in/ana-tester')
	await expect(tagList(page, 'Stacks you master')).toHaveText(['React', 'Node.js'])
	await page.getByRole('tab', { name: 'Career Preferences' }).click()
	await expect(page.getByLabel('Hybrid')).toBeChecked()
	await expect(page.getByLabel('Open to relocation')).toHaveAttribute('aria-checked', 'true')
	await expect(page.getByLabel('Salary expectation (USD per year)')).toHaveValue('90000')
	// The header follows the new name.
	await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Ana Tester')

	// Another browser signs in and sees the same profile.
	const other = await browser.newContext({ baseURL })
	try {
		const second = await other.newPage()
		await loginAs(second, creds)
		await second.goto('/dashboard/profile?tab=professional')
		await second.locator('html[data-hydrated]').waitFor({ state: 'attached' })
		await expect(second.getByLabel('GitHub URL')).toHaveValue('https://github.com/ana-tester')
		await expect(second.getByLabel('Years of experience in technology')).toHaveValue('3')
	} finally {
		await other.close()
	}

	// The server applies the same rules: a forged save with a bad link is refused and changes nothing.
	const forged = await page.request.post('/dashboard/profile', {
		data: { fullName: 'Mallory', country: 'BR', linkedinUrl: 'javascript:alert(1)' },
	})
	expect(forged.status()).toBe(400)
	expect(await forged.text()).toContain('profile.errors.invalidLinkedin')
	const notJson = await page.request.post('/dashboard/profile', { form: { fullName: 'Mallory', country: 'BR' } })
	expect(notJson.status()).toBe(400)
	await page.goto(page.url())
	await expect(page.getByLabel('Full Name')).toHaveValue('Ana Tester')

	// Country names follow the language.
	await page.getByRole('button', { name: 'Português' }).click()
	await expect(page.getByRole('combobox', { name: 'País' })).toHaveText('Brasil')
	await page.getByRole('button', { name: 'English' }).click()
	await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('Brazil')
})

test('leaving with unsaved changes asks first', async ({ page }) => {
	// Nothing is saved here, so the shared demo account will do (sign-ups are rate limited).
	await loginAs(page, demo.learner)
	await page.goto('/dashboard/profile')
	const savedCity = await page.getByLabel('City').inputValue()
	await page.getByLabel('City').fill('Porto')
	await expect(page.getByTestId('unsaved-banner')).toBeVisible()
	await page.getByRole('link', { name: 'Scoreboard' }).first().click()
	const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Stay on this page' }).click()
	await expect(dialog).toHaveCount(0)
	await expect(page).toHaveURL(/\/dashboard\/profile$/)
	await expect(page.getByLabel('City')).toHaveValue('Porto')

	// Discarding brings the saved values back and removes the warning.
	await page.getByRole('button', { name: 'Discard changes' }).click()
	await expect(page.getByLabel('City')).toHaveValue(savedCity)
	await expect(page.getByTestId('unsaved-banner')).toHaveCount(0)
	await page.getByLabel('City').fill('Braga')
	await page.getByRole('link', { name: 'Scoreboard' }).first().click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click()
	await expect(page).toHaveURL(/\/dashboard\/scoreboard$/)

	// The wallet anchor of the account menu exists.
	await page.goto('/dashboard/profile#wallet')
	await expect(page.locator('#wallet')).toContainText('Wallet')
})

test('a first lesson turns "First lesson" completed and adds 50 XP once; unearned claims are refused', async ({ page }) => {
	await createLearner(page)
	await page.goto('/dashboard/achievements')
	const card = (id: string) => page.locator(`[data-testid="task-card"][data-task="${id}"]`)
	await expect(page.getByTestId('task-card')).toHaveCount(14)
	await expect(page.getByTestId('summary-completed')).toHaveText('0/14')
	await expect(page.getByTestId('summary-xpAvailable')).toHaveText('2,175')
	await expect(card('first-lesson').getByTestId('task-status')).toHaveText('Not started')
	await expect(card('share-progress').getByTestId('task-status')).toHaveText('Locked')
	await expect(card('share-progress').getByTestId('unlock-hint')).toHaveText('Complete your first lesson to unlock.')
	await expect(card('complete-path').getByTestId('unlock-hint')).toHaveText('Enroll in a learning path to unlock.')
	await expect(card('complete-profile').getByTestId('task-progress')).toHaveText('0/10')

	// Forged requests: tasks not earned, unknown tasks, made-up intents. All refused, XP unchanged.
	const post = (form: Record<string, string>) => page.request.post('/dashboard/achievements', { form })
	expect((await post({ intent: 'claim', taskId: 'first-lesson' })).status()).toBe(403)
	expect((await post({ intent: 'claim', taskId: 'complete-path', amount: '5000' })).status()).toBe(403)
	expect((await post({ intent: 'claim', taskId: 'share-progress' })).status()).toBe(403)
	expect((await post({ intent: 'claim', taskId: 'free-xp' })).status()).toBe(400)
	expect((await post({ intent: 'award', xp: '1000' })).status()).toBe(400)
	expect(await dashboardXP(page.request)).toBe(0)

	// Finish a first lesson (the course player's own request).
	const [first] = pathLessons('Blockchain & Web3 Foundations')
	await completeLesson(page.request, first!)
	const lessonXP = await dashboardXP(page.request)
	expect(lessonXP).toBeGreaterThan(0)

	await page.goto(page.url())
	await expect(card('first-lesson').getByTestId('task-status')).toHaveText('Ready to claim')
	await card('first-lesson').getByRole('button', { name: 'Claim 50 XP' }).click()
	await expect(page.getByText('+50 XP: First lesson completed!')).toBeVisible()
	await expect(card('first-lesson').getByTestId('task-status')).toHaveText('Completed')
	await expect(card('first-lesson').getByRole('button')).toHaveCount(0)
	await expect(page.getByTestId('summary-xpEarned')).toHaveText('50')
	expect(await dashboardXP(page.request)).toBe(lessonXP + 50)

	// Claiming again, even many times at once, awards nothing more.
	const again = await Promise.all(Array.from({ length: 5 }, () => post({ intent: 'claim', taskId: 'first-lesson' })))
	for (const r of again) expect(r.status()).toBe(409)
	const verify = await Promise.all(Array.from({ length: 6 }, () => post({ intent: 'claim', taskId: 'verify-email' })))
	expect(verify.map((r) => r.status()).sort()).toEqual([200, 409, 409, 409, 409, 409])
	expect(await dashboardXP(page.request)).toBe(lessonXP + 50 + 150)

	// A self-reported task: open the link, then confirm.
	await page.goto(page.url())
	await expect(card('share-progress').getByTestId('task-status')).toHaveText('Not started')
	const share = card('share-progress').getByRole('link', { name: 'Share on X' })
	await expect(share).toHaveAttribute('target', '_blank')
	await expect(share).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?/)
	await expect(card('share-progress').getByRole('button', { name: /claim/ })).toHaveCount(0)
	await share.click()
	await card('share-progress').getByRole('button', { name: 'I did it: claim 150 XP' }).click()
	await expect(page.getByText('+150 XP: Share progress completed!')).toBeVisible()
	await expect(card('share-progress').getByTestId('task-status')).toHaveText('Completed')
	await expect(page.getByTestId('summary-completed')).toHaveText('3/14')

	// The category tabs filter the cards.
	await page.getByRole('tab', { name: 'Social' }).click()
	await expect(page.getByRole('tabpanel').getByTestId('task-card')).toHaveCount(2)

	// The profile's Learning Progress shows the path and today's activity.
	await page.goto('/dashboard/profile?tab=progress')
	const path = page.getByTestId('path-progress').filter({ hasText: 'Blockchain & Web3 Foundations' })
	await expect(path).toContainText(/1 of \d+ lessons/)
	await expect(page.getByTestId('profile-total-xp')).toHaveText(String(lessonXP + 350))
	await expect(page.getByTestId('activity-heatmap').locator('li[data-count="1"]')).toHaveCount(1)
})
