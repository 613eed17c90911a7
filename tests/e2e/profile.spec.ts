import fs from 'node:fs'
import { createLearner, demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import { completeLesson, dashboardXP, pathLessons } from '#tests/support/lessons.ts'
import type { Locator, Page } from '@playwright/test'

const locales = {
	'en-US': JSON.parse(fs.readFileSync(new URL('../../app/locales/en-US.json', import.meta.url), 'utf8')),
	'pt-BR': JSON.parse(fs.readFileSync(new URL('../../app/locales/pt-BR.json', import.meta.url), 'utf8')),
} as const

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

test('the same message shown again as its toast times out still shows (it used to leave with the old one)', async ({ page }) => {
	await createLearner(page)
	await page.goto('/dashboard/profile')
	await page.getByLabel('Full Name').fill(' ')
	const save = page.getByRole('button', { name: 'Save' })
	const message = 'Please fix the errors before saving.'
	const onScreen = page.locator('[data-sonner-toast]:not([data-removed="true"])', { hasText: message })
	await save.click()
	await expect(onScreen).toBeVisible()
	// A toast under the pointer waits: the pointer leaves it to time out.
	await page.mouse.move(0, 0)
	// The moment its timer ends it starts to leave (data-removed, 200 ms): the same error again, right then.
	await page.evaluate(
		(text) =>
			new Promise<void>((resolve) => {
				const watch = new MutationObserver(() => {
					const gone = [...document.querySelectorAll('[data-sonner-toast][data-removed="true"]')].some((e) => e.textContent?.includes(text))
					if (!gone) return
					watch.disconnect()
					;[...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save')!.click()
					resolve()
				})
				watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-removed'] })
			}),
		message,
	)
	await expect(onScreen).toBeVisible()
	await expect(onScreen).toHaveCount(1)
})

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
	await page.goto('/dashboard/profile')
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
		const second = navigationWaitsForHydration(await other.newPage())
		await loginAs(second, creds)
		await second.goto('/dashboard/profile?tab=professional')
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
	await page.goto('/dashboard/profile')
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

	// Links to the old wallet anchor open the wallet tab.
	await page.goto('/dashboard/profile#wallet')
	await expect(page.getByRole('tab', { name: 'Wallet and Certificates' })).toHaveAttribute('aria-selected', 'true')
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

async function box(locator: Locator) {
	const b = await locator.boundingBox()
	if (!b) throw new Error(`not visible: ${locator}`)
	return b
}

for (const lang of ['en-US', 'pt-BR'] as const) {
	const L = locales[lang]
	const tabName = (id: string) => L.profile.tabs[id] as string
	const tabOrder = ['personal', 'professional', 'progress', 'career', 'wallet'] as const

	test(`profile sections in ${lang}: required fields marked, wallet and certificates on their own tab, the tab in the address, arrow keys`, async ({
		page,
		context,
		baseURL,
	}) => {
		// Many steps, each a real key press or navigation.
		test.setTimeout(120_000)
		await context.addCookies([{ name: 'app_language', value: lang, url: baseURL! }])
		// Nothing is saved here: the shared demo account will do.
		await loginAs(page, demo.learner)
		await page.setViewportSize({ width: 1440, height: 900 })
		await page.goto('/dashboard/profile')
		const tab = (id: string) => page.getByRole('tab', { name: tabName(id), exact: true })
		const panel = page.getByRole('tabpanel')
		await expect(page.getByRole('tablist', { name: L.profile.tabsLabel })).toBeVisible()
		await expect(page.getByRole('tab')).toHaveText(tabOrder.map(tabName))
		await expect(tab('personal')).toHaveAttribute('aria-selected', 'true')
		await expect(panel).toHaveAttribute('aria-labelledby', (await tab('personal').getAttribute('id'))!)

		// Exactly the fields profileSchema requires (full name and country) carry the mark, explained by the legend.
		await expect(page.getByTestId('required-legend')).toHaveText(L.profile.requiredLegend)
		await expect(panel.locator('[aria-required="true"]')).toHaveCount(2)
		await expect(panel.getByRole('textbox', { name: L.profile.fields.fullName })).toHaveAttribute('aria-required', 'true')
		await expect(panel.getByRole('combobox', { name: L.profile.fields.country })).toHaveAttribute('aria-required', 'true')
		for (const key of ['fullName', 'country']) await expect(panel.locator('label', { hasText: L.profile.fields[key] })).toHaveText(`${L.profile.fields[key]}*`)
		for (const key of ['email', 'city']) await expect(panel.locator('label', { hasText: L.profile.fields[key] })).toHaveText(L.profile.fields[key])
		await expect(panel.getByRole('textbox', { name: L.profile.fields.email })).not.toHaveAttribute('aria-required', 'true')

		// The wallet and the certificates live on their own tab, and only there.
		for (const id of tabOrder.slice(0, 4)) {
			await tab(id).click()
			await expect(tab(id)).toHaveAttribute('aria-selected', 'true')
			await expect(page.locator('#wallet')).toHaveCount(0)
			await expect(page.locator('#certificates')).toHaveCount(0)
		}
		await tab('wallet').click()
		await expect(page).toHaveURL(/\/dashboard\/profile\?tab=wallet$/)
		await expect(panel.locator('#wallet')).toBeVisible()
		await expect(panel.locator('#certificates')).toBeVisible()
		await expect(panel.getByRole('button', { name: L.nav.connectWallet })).toBeVisible()
		await expect(page.getByRole('button', { name: L.profile.save, exact: true })).toHaveCount(0)

		// The tab survives a reload, and Back from another page.
		await page.reload()
		await expect(tab('wallet')).toHaveAttribute('aria-selected', 'true')
		await expect(panel.locator('#certificates')).toBeVisible()
		await page.getByRole('link', { name: L.nav.scoreboard }).first().click()
		await expect(page).toHaveURL(/\/dashboard\/scoreboard/)
		await page.goBack()
		await expect(page).toHaveURL(/\/dashboard\/profile\?tab=wallet$/)
		await expect(tab('wallet')).toHaveAttribute('aria-selected', 'true')
		await expect(panel.locator('#wallet')).toBeVisible()

		// The keyboard: one tab stop for the list, arrows on both axes (wrapping), Home and End.
		await expect(tab('wallet')).toHaveAttribute('tabindex', '0')
		await expect(tab('personal')).toHaveAttribute('tabindex', '-1')
		await tab('wallet').focus()
		const steps: [string, (typeof tabOrder)[number]][] = [
			['ArrowDown', 'personal'],
			['ArrowRight', 'professional'],
			['ArrowDown', 'progress'],
			['ArrowUp', 'professional'],
			['ArrowLeft', 'personal'],
			['ArrowUp', 'wallet'],
			['Home', 'personal'],
			['End', 'wallet'],
			['ArrowLeft', 'career'],
		]
		for (const [key, expected] of steps) {
			await page.keyboard.press(key)
			await expect(tab(expected), `${key} to ${expected}`).toBeFocused()
			await expect(tab(expected)).toHaveAttribute('aria-selected', 'true')
			await expect(panel).toHaveAttribute('aria-labelledby', (await tab(expected).getAttribute('id'))!)
		}
		await expect(page).toHaveURL(/\/dashboard\/profile\?tab=career$/)
		// Tab leaves the list for the panel.
		await page.keyboard.press('Tab')
		await expect(panel).toBeFocused()
		await page.keyboard.press('Home')
		await expect(tab('career')).toHaveAttribute('aria-selected', 'true')
	})

	test(`profile fields in ${lang} sit on one grid at 1440 px and stack evenly at 390 px`, async ({ page, context, baseURL }) => {
		await context.addCookies([{ name: 'app_language', value: lang, url: baseURL! }])
		await loginAs(page, demo.learner)
		const fullName = page.getByRole('textbox', { name: L.profile.fields.fullName })
		const email = page.getByRole('textbox', { name: L.profile.fields.email })
		const country = page.getByRole('combobox', { name: L.profile.fields.country })
		const city = page.getByRole('textbox', { name: L.profile.fields.city })
		const label = (key: string) => page.getByRole('tabpanel').locator('label', { hasText: L.profile.fields[key] })

		await page.setViewportSize({ width: 1440, height: 900 })
		await page.goto('/dashboard/profile')
		// Side by side: the e-mail input level with the full name's, the city's with the country's.
		for (const [left, right, leftLabel, rightLabel] of [
			[fullName, email, 'fullName', 'email'],
			[country, city, 'country', 'city'],
		] as const) {
			const [a, b] = [await box(left), await box(right)]
			expect(b.x, `${rightLabel} right of ${leftLabel}`).toBeGreaterThan(a.x + a.width)
			expect(Math.abs(a.y - b.y), `${leftLabel} and ${rightLabel} inputs level`).toBeLessThanOrEqual(1)
			expect(Math.abs(a.height - b.height), `${leftLabel} and ${rightLabel} inputs as tall`).toBeLessThanOrEqual(1)
			const [la, lb] = [await box(label(leftLabel)), await box(label(rightLabel))]
			expect(Math.abs(la.y - lb.y), `${leftLabel} and ${rightLabel} labels level`).toBeLessThanOrEqual(1)
			expect(Math.abs(la.height - lb.height), `${leftLabel} and ${rightLabel} labels as tall`).toBeLessThanOrEqual(1)
		}

		// A phone: one column, every input as wide and as tall, and as far below its label.
		await page.setViewportSize({ width: 390, height: 844 })
		const fields = [
			[fullName, 'fullName'],
			[email, 'email'],
			[country, 'country'],
			[city, 'city'],
		] as const
		const first = await box(fullName)
		const firstLabel = await box(label('fullName'))
		let previous = first
		for (const [input, key] of fields) {
			const b = await box(input)
			const l = await box(label(key))
			expect(Math.abs(b.x - first.x), `${key} in the column`).toBeLessThanOrEqual(1)
			expect(Math.abs(b.width - first.width), `${key} as wide`).toBeLessThanOrEqual(1)
			expect(Math.abs(b.height - first.height), `${key} as tall`).toBeLessThanOrEqual(1)
			expect(Math.abs(b.y - l.y - (first.y - firstLabel.y)), `${key} as far below its label`).toBeLessThanOrEqual(1)
			if (key !== 'fullName') expect(b.y, `${key} below the one before`).toBeGreaterThan(previous.y + previous.height)
			previous = b
		}
		expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
	})
}
