import { randomUUID } from 'node:crypto'
import { recoverTypedDataAddress, type Hex } from 'viem'
import { createLearner, demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import type { Page } from '@playwright/test'
import { dataWith } from '#tests/support/lessons.ts'

// A learner completes a (small, fresh) path; its certificate is checked signed out, by the page and
// independently from its JSON, and a tampered copy is shown as invalid.

type CertificateFile = {
	domain: { name: string; version: string }
	types: Record<string, { name: string; type: string }[]>
	primaryType: 'Certificate'
	message: { id: string; learner: string; path: string; pathId: string; issuedAt: number; xp: number; wallet: Hex }
	signature: Hex
	signer: Hex
	url: string
}

async function recover(file: CertificateFile) {
	const { EIP712Domain: _domainType, ...types } = file.types
	return recoverTypedDataAddress({
		domain: file.domain,
		types,
		primaryType: file.primaryType,
		message: { ...file.message, issuedAt: BigInt(file.message.issuedAt) },
		signature: file.signature,
	})
}

/** An admin builds a published path with one course, one module and two text lessons. */
async function createPath(admin: Page, title: string) {
	const id = randomUUID().slice(0, 8)
	// Each create answers with the new item's id ({ ok, intent, id }).
	const post = async (screen: string, form: Record<string, string>) => {
		const res = await admin.request.post(`/dashboard/admin/${screen}.data`, { form })
		expect(res.status(), `${screen} ${form.intent}`).toBe(200)
		return dataWith(await res.text(), 'intent')!.id as string
	}
	const pathId = await post('paths', { intent: 'create', title, slug: `cert-${id}`, is_published: 'true' })
	const courseId = await post('courses', { intent: 'create', path_id: pathId, title: `Course ${id}`, slug: 'course', order: '1', is_published: 'true' })
	const moduleId = await post('modules', { intent: 'create', course_id: courseId, title: 'Module', slug: 'module', order: '1', is_published: 'true' })
	for (const [order, xp] of [
		['1', '30'],
		['2', '20'],
	]) {
		await post('lessons', {
			intent: 'create',
			module_id: moduleId,
			title: `Lesson ${order}`,
			slug: `lesson-${order}`,
			lesson_type: 'text',
			order: order!,
			xp_value: xp!,
			content: 'Read me.',
			is_published: 'true',
		})
	}
	return { pathId, courseId }
}

test('completing every lesson of a path issues a signed certificate anyone can verify; a tampered copy is invalid', async ({ page, browser, baseURL }) => {
	test.setTimeout(120_000)
	const title = `Certified Path ${randomUUID().slice(0, 6)}`
	const adminContext = await browser.newContext({ baseURL })
	const admin = navigationWaitsForHydration(await adminContext.newPage())
	await loginAs(admin, demo.admin)
	const { pathId, courseId } = await createPath(admin, title)
	await adminContext.close()

	const learner = await createLearner(page)
	await loginAs(page, learner)
	await page.goto(`/dashboard/learn/course/${courseId}`)
	await page.getByRole('button', { name: 'Complete and continue' }).click()
	// The player moves on to the first unfinished lesson.
	await expect(page.getByRole('heading', { name: 'Lesson 2' }).first()).toBeVisible()
	await page.getByRole('button', { name: 'Complete and continue' }).click()
	// The last lesson: the toast says the certificate is ready, with a link to it.
	await expect(page.getByText('Path complete: your certificate is ready.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'View certificate' })).toBeVisible()
	// Time to click it: still there past a plain toast's four seconds. As an update of the first lesson's toast
	// (same text) it kept that toast's clock and left with it, sometimes within a second of showing.
	await page.waitForTimeout(5_000)
	await expect(page.getByRole('button', { name: 'View certificate' })).toBeVisible({ timeout: 0 })

	// The path page and the profile show it.
	await page.goto(`/dashboard/learn/path/${pathId}`)
	const onPath = page.getByTestId('path-certificate')
	await expect(onPath).toContainText('Certificate earned')
	const href = await onPath.getByRole('link', { name: 'View certificate' }).getAttribute('href')
	const certificateId = href!.split('/').pop()!
	await expect(onPath.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/certificates/${certificateId}.json?download`)
	await page.goto('/dashboard/profile?tab=wallet')
	await expect(page.getByTestId('certificate-item')).toHaveCount(1)
	await expect(page.getByTestId('certificate-item')).toContainText(title)
	await expect(page.getByTestId('certificate-item')).toContainText('50 XP')

	// Signed out (a hiring company): the public page says it is valid.
	const visitorContext = await browser.newContext({ baseURL })
	await visitorContext.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
	const visitor = navigationWaitsForHydration(await visitorContext.newPage())
	const response = await visitor.goto(`/certificates/${certificateId}`)
	expect(response?.status()).toBe(200)
	await expect(visitor.getByTestId('certificate-verdict')).toHaveAttribute('data-valid', 'true')
	await expect(visitor.getByText('Valid certificate')).toBeVisible()
	// The learner gave no name: the public page says so, and shows no part of their e-mail address.
	await expect(visitor.getByTestId('certificate-learner')).toHaveText('A Learnchain learner')
	await expect(visitor.locator('body')).not.toContainText(learner.email.split('@')[0]!)
	await expect(visitor.getByTestId('certificate-path')).toHaveText(title)
	await expect(visitor.getByTestId('certificate-xp')).toHaveText('50')

	// The JSON verifies on its own: the signature recovers to the published signer.
	const json = await visitor.request.get(`/certificates/${certificateId}.json`)
	expect(json.status()).toBe(200)
	const file = (await json.json()) as CertificateFile
	expect(file.message).toMatchObject({ id: certificateId, path: title, pathId, xp: 50 })
	expect(file.url).toBe(`${baseURL}/certificates/${certificateId}`)
	await expect(visitor.getByText(file.signer)).toBeVisible()
	expect(await recover(file)).toBe(file.signer)
	const download = await visitor.request.get(`/certificates/${certificateId}.json?download`)
	expect(download.headers()['content-disposition']).toBe(`attachment; filename="certificate-${certificateId}.json"`)

	// A tampered copy: the recovered signer changes, and the site's checker says invalid.
	const tampered: CertificateFile = { ...file, message: { ...file.message, xp: 5000, learner: 'Someone Else' } }
	expect(await recover(tampered)).not.toBe(file.signer)
	await visitor.goto('/certificates/verify')
	await visitor.getByLabel('Certificate file (JSON)').fill(JSON.stringify(tampered))
	await visitor.getByRole('button', { name: 'Verify' }).click()
	await expect(visitor.getByTestId('certificate-verdict')).toHaveAttribute('data-valid', 'false')
	await expect(visitor.getByText('Invalid certificate')).toBeVisible()
	// The untouched file passes the same checker.
	await visitor.getByLabel('Certificate file (JSON)').fill(JSON.stringify(file))
	await visitor.getByRole('button', { name: 'Verify' }).click()
	await expect(visitor.getByTestId('certificate-verdict')).toHaveAttribute('data-valid', 'true')
	await expect(visitor.getByTestId('certificate-learner')).toHaveText('A Learnchain learner')
	// Not a certificate at all.
	await visitor.getByLabel('Certificate file (JSON)').fill('{"hello":"world"}')
	await visitor.getByRole('button', { name: 'Verify' }).click()
	await expect(visitor.getByRole('alert')).toHaveText('This is not a certificate file.')

	// Unknown certificates are a 404, as a page and as JSON.
	expect((await visitor.goto(`/certificates/${randomUUID()}`))?.status()).toBe(404)
	expect((await visitor.request.get(`/certificates/${randomUUID()}.json`)).status()).toBe(404)
	await visitorContext.close()
})

test('an unfinished path has no certificate to claim', async ({ page, browser, baseURL }) => {
	const title = `Claim Path ${randomUUID().slice(0, 6)}`
	const adminContext = await browser.newContext({ baseURL })
	const admin = navigationWaitsForHydration(await adminContext.newPage())
	await loginAs(admin, demo.admin)
	const { pathId } = await createPath(admin, title)
	await adminContext.close()
	await loginAs(page, await createLearner(page))
	const refused = await page.request.post('/resources/certificates', { form: { intent: 'issue', pathId } })
	expect(refused.status()).toBe(409)
	expect(await refused.json()).toMatchObject({ ok: false, error: 'certificate.errors.notComplete' })
	await page.goto(`/dashboard/learn/path/${pathId}`)
	await expect(page.getByRole('button', { name: 'Get your certificate' })).toHaveCount(0)
	await expect(page.getByTestId('path-certificate')).toHaveCount(0)
})
