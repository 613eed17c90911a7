import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { Page } from '@playwright/test'
import { demo, expect, latestMail, loginAs, test, uniqueEmail } from '../support/fixtures'

const THANKS = "Thank you for your application! We'll be in touch soon."
const TEAM = 'team@learnchain.local'

/**
 * The rate limit counts per client address, and every test reaches the server from this
 * machine. So API calls go out from their own loopback address (127.x.y.z, all routed to the
 * local host on Linux): one test's submissions never throttle another's.
 */
function ownAddress() {
	const byte = () => 1 + Math.floor(Math.random() * 250)
	return `127.${byte()}.${byte()}.${byte()}`
}

type Fields = Record<string, string>
type Reply = { status: number; body: { ok: boolean; error?: string; fields?: Record<string, string> } }

function post(baseURL: string | undefined, localAddress: string, body: string, contentType: string): Promise<{ status: number; text: string }> {
	const url = new URL('/resources/applications', baseURL ?? 'http://localhost:3210')
	url.hostname = '127.0.0.1'
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{
				method: 'POST',
				localAddress,
				headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body), accept: 'application/json' },
			},
			(res) => {
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => (text += chunk))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
			},
		)
		req.on('error', reject)
		req.end(body)
	})
}

/** Posts the modal's form (honeypot included, empty) from `from`. */
async function submit(baseURL: string | undefined, from: string, fields: Fields, honeypot = ''): Promise<Reply> {
	const res = await post(baseURL, from, new URLSearchParams({ website: honeypot, ...fields }).toString(), 'application/x-www-form-urlencoded')
	return { status: res.status, body: JSON.parse(res.text) as Reply['body'] }
}

async function inboxRows(page: Page, query: string) {
	await page.goto(`/dashboard/admin/applications?${query}`)
	return page.getByTestId('application-row')
}

async function openModal(page: Page, path: string, cta: string) {
	await page.goto(path)
	await page.getByRole('link', { name: cta }).first().click()
	const dialog = page.getByRole('dialog')
	await expect(dialog).toBeVisible()
	return dialog
}

async function choose(page: Page, label: string, option: string) {
	await page.getByRole('dialog').getByLabel(label).click()
	await page.getByRole('option', { name: option }).click()
}

test.describe('application modal', () => {
	test('professional: validates, submits, emails and lands in the admin inbox', async ({ page }) => {
		const dialog = await openModal(page, '/', 'Apply now')
		await expect(dialog.getByRole('heading', { name: 'Apply for the next cohort' })).toBeVisible()
		// Only the professional fields show.
		await expect(dialog.getByLabel('Experience level')).toBeVisible()
		await expect(dialog.getByLabel('Portfolio/LinkedIn URL')).toBeVisible()
		await expect(dialog.getByLabel('Company/Organization')).toHaveCount(0)
		await expect(dialog.getByLabel('Investment Amount Range')).toHaveCount(0)
		await expect(dialog.getByLabel('Message')).toHaveAttribute('rows', '4')

		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(dialog.getByText('This field is required')).toHaveCount(2)
		await expect(dialog.getByLabel('Full Name')).toBeFocused()

		const email = uniqueEmail('pro')
		const name = `Ada Pro ${randomUUID().slice(0, 6)}`
		await dialog.getByLabel('Full Name').fill(name)
		await dialog.getByLabel('Email Address').fill('not-an-email')
		await dialog.getByLabel('Portfolio/LinkedIn URL').fill('not a url')
		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
		await expect(dialog.getByText('Please enter a valid URL')).toBeVisible()

		await dialog.getByLabel('Email Address').fill(email)
		await dialog.getByLabel('Portfolio/LinkedIn URL').fill('https://github.com/ada')
		await choose(page, 'Experience level', 'Advanced (5+ years)')
		await dialog.getByLabel('Message').fill('I love Solidity.\nSecond line, with "quotes".')
		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(page.getByText(THANKS)).toBeVisible()
		await expect(page.getByRole('dialog')).toBeHidden()

		const receipt = await latestMail(page.request, email)
		expect(receipt.subject).toBe('We received your application to Learnchain')
		expect(receipt.text).toContain(THANKS)
		expect(receipt.text).toContain('Advanced (5+ years)')
		const notice = await latestMail(page.request, TEAM, new RegExp(name))
		expect(notice.subject).toBe(`New Professional application: ${name}`)
		expect(notice.text).toContain(email)

		await loginAs(page, demo.admin)
		const rows = await inboxRows(page, `q=${encodeURIComponent(email)}`)
		await expect(rows).toHaveCount(1)
		await expect(rows.first()).toContainText(name)
		await expect(rows.first()).toContainText('Professional')
		await expect(rows.first()).toContainText('New')
		await rows
			.first()
			.getByRole('button', { name: `View the application from ${name}` })
			.click()
		const details = page.getByTestId('application-details')
		await expect(details).toContainText('https://github.com/ada')
		await expect(details).toContainText('Advanced (5+ years)')
		await expect(details).toContainText('Second line, with "quotes".')
	})

	test('an admin changes the status and the status filter follows', async ({ page, baseURL }) => {
		const email = uniqueEmail('status')
		const name = `Status ${randomUUID().slice(0, 6)}`
		expect((await submit(baseURL, ownAddress(), { type: 'professional', name, email })).status).toBe(200)
		await loginAs(page, demo.admin)
		const rows = await inboxRows(page, `q=${encodeURIComponent(email)}`)
		await expect(rows.first()).toContainText('New')
		await rows
			.first()
			.getByRole('button', { name: `View the application from ${name}` })
			.click()
		const details = page.getByTestId('application-details')
		await details.getByLabel('Change status').click()
		await page.getByRole('option', { name: 'Contacted' }).click()
		await details.getByRole('button', { name: 'Update status' }).click()
		await expect(page.getByText('Status updated')).toBeVisible()
		await expect(details).toContainText('Contacted')
		await page.keyboard.press('Escape')
		await expect(rows.first()).toContainText('Contacted')
		await expect(await inboxRows(page, `status=contacted&q=${encodeURIComponent(email)}`)).toHaveCount(1)
		await expect(await inboxRows(page, `status=new&q=${encodeURIComponent(email)}`)).toHaveCount(0)
	})

	test('company: requires the company and opens from a tier button', async ({ page }) => {
		await page.goto('/companies')
		await page.getByTestId('tier-curriculum').getByRole('link', { name: 'Become a Curriculum Sponsor' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('heading', { name: 'Become a hiring partner' })).toBeVisible()
		await expect(dialog.getByLabel('Experience level')).toHaveCount(0)

		const email = uniqueEmail('company')
		const name = `Grace Co ${randomUUID().slice(0, 6)}`
		await dialog.getByLabel('Full Name').fill(name)
		await dialog.getByLabel('Email Address').fill(email)
		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(dialog.getByText('This field is required')).toHaveCount(1)
		await expect(dialog.getByLabel('Company/Organization')).toBeFocused()
		await dialog.getByLabel('Company/Organization').fill('Acme Labs')
		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(page.getByText(THANKS)).toBeVisible()
		await expect(dialog).toBeHidden()

		await latestMail(page.request, email)
		await latestMail(page.request, TEAM, new RegExp(name))
		await loginAs(page, demo.admin)
		const rows = await inboxRows(page, `type=company&q=${encodeURIComponent(email)}`)
		await expect(rows).toHaveCount(1)
		await expect(rows.first()).toContainText('Company')
	})

	test('investor: amount and timeline options, keyboard close, then submit', async ({ page }) => {
		const dialog = await openModal(page, '/investors', 'Become an investor')
		await expect(dialog.getByRole('heading', { name: 'Talk to our investor team' })).toBeVisible()
		// Escape closes the modal and focus returns to the call to action.
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(page.getByRole('link', { name: 'Become an investor' }).first()).toBeFocused()

		await page.getByRole('link', { name: 'Join the round' }).click()
		await expect(dialog).toBeVisible()
		const email = uniqueEmail('investor')
		const name = `Warren Inv ${randomUUID().slice(0, 6)}`
		await dialog.getByLabel('Full Name').fill(name)
		await dialog.getByLabel('Email Address').fill(email)
		await dialog.getByLabel('Company/Organization').fill('Fund One')
		await dialog.getByLabel('Investment Amount Range').click()
		for (const option of ['$10K - $50K', '$50K - $100K', '$100K - $500K', '$500K+']) await expect(page.getByRole('option', { name: option })).toBeVisible()
		await page.getByRole('option', { name: '$100K - $500K' }).click()
		await dialog.getByLabel('Investment Timeline').click()
		for (const option of ['Immediate (next 30 days)', 'This quarter', 'This year', 'Just exploring'])
			await expect(page.getByRole('option', { name: option })).toBeVisible()
		await page.getByRole('option', { name: 'This quarter' }).click()
		await dialog.getByRole('button', { name: 'Submit Application' }).click()
		await expect(page.getByText(THANKS)).toBeVisible()

		const notice = await latestMail(page.request, TEAM, new RegExp(name))
		expect(notice.text).toContain('$100K - $500K')
		expect(notice.text).toContain('This quarter')
		await loginAs(page, demo.admin)
		const rows = await inboxRows(page, `type=investor&q=${encodeURIComponent(email)}`)
		await expect(rows).toHaveCount(1)
	})

	test('a Portuguese visitor applies in Portuguese and gets the receipt in Portuguese', async ({ page, context, baseURL }) => {
		await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL ?? 'http://localhost' }])
		const dialog = await openModal(page, '/', 'Candidate-se')
		await dialog.getByRole('button', { name: 'Enviar candidatura' }).click()
		await expect(dialog.getByText('Este campo é obrigatório')).toHaveCount(2)
		const email = uniqueEmail('pt')
		await dialog.getByLabel('Nome completo').fill('Maria Teste')
		await dialog.getByLabel('Endereço de e-mail').fill(email)
		await dialog.getByRole('button', { name: 'Enviar candidatura' }).click()
		await expect(page.getByText('Obrigado pela sua candidatura! Entraremos em contato em breve.')).toBeVisible()
		const receipt = await latestMail(page.request, email)
		expect(receipt.subject).toBe('Recebemos sua candidatura ao Learnchain')
	})

	test('a call to action followed before hydration (?apply=) opens the modal', async ({ page }) => {
		await page.goto('/companies?apply=company')
		await expect(page.getByRole('dialog').getByRole('heading', { name: 'Become a hiring partner' })).toBeVisible()
		await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
		await expect(page).toHaveURL(/\/companies$/)
	})
})

test.describe('spam defence and server validation', () => {
	test('the server validates with the same rules and stores nothing on bad input', async ({ request, baseURL }) => {
		const from = ownAddress()
		const bad = await submit(baseURL, from, { type: 'investor', name: '', email: 'nope', company: '', investmentAmount: '1M' })
		expect(bad.status).toBe(400)
		expect(bad.body.fields).toMatchObject({
			name: 'applications.errors.required',
			email: 'applications.errors.invalidEmail',
			company: 'applications.errors.required',
			investmentAmount: 'applications.errors.invalidOption',
		})
		const wrongType = await submit(baseURL, from, { type: 'student', name: 'A', email: 'a@example.com' })
		expect(wrongType.status).toBe(400)
		expect(wrongType.body.error).toBe('applications.errors.invalidType')
		const garbage = await post(baseURL, from, 'x'.repeat(64 * 1024), 'text/plain')
		expect(garbage.status).toBe(413)
		const unreadable = await post(baseURL, from, 'x', 'multipart/form-data; boundary=nope')
		expect(unreadable.status).toBe(400)
		expect((await request.get('/resources/applications')).status()).toBe(405)
	})

	test('the honeypot and duplicates answer success but store one record at most', async ({ page, baseURL }) => {
		const from = ownAddress()
		const botEmail = uniqueEmail('bot')
		const bot = await submit(baseURL, from, { type: 'professional', name: 'Bot', email: botEmail }, 'https://spam.example')
		expect(bot).toEqual({ status: 200, body: { ok: true, message: 'applications.modal.success' } })

		const email = uniqueEmail('twice')
		expect((await submit(baseURL, from, { type: 'company', name: 'Twice', email, company: 'Acme' })).status).toBe(200)
		expect((await submit(baseURL, from, { type: 'company', name: 'Twice again', email: email.toUpperCase(), company: 'Acme' })).status).toBe(200)
		// A different form type is a different application.
		expect((await submit(baseURL, from, { type: 'investor', name: 'Twice', email, company: 'Acme' })).status).toBe(200)

		await latestMail(page.request, email)
		await loginAs(page, demo.admin)
		await expect(await inboxRows(page, `q=${encodeURIComponent(botEmail)}`)).toHaveCount(0)
		await expect(await inboxRows(page, `type=company&q=${encodeURIComponent(email)}`)).toHaveCount(1)
		await expect(await inboxRows(page, `q=${encodeURIComponent(email)}`)).toHaveCount(2)
		await expect
			.poll(async () => {
				const outbox = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string }[]
				return [outbox.filter((m) => m.to === botEmail).length, outbox.filter((m) => m.to === email).length]
			})
			.toEqual([0, 2])
	})

	test('one address is rate limited after ten applications an hour', async ({ page, baseURL }) => {
		const from = ownAddress()
		const marker = randomUUID().slice(0, 8)
		for (let i = 0; i < 10; i++) {
			const r = await submit(baseURL, from, { type: 'professional', name: `Flood ${marker} ${i}`, email: uniqueEmail(`flood${i}`) })
			expect(r.status, `submission ${i + 1}`).toBe(200)
		}
		const refused = await submit(baseURL, from, { type: 'professional', name: `Flood ${marker} over`, email: uniqueEmail('flood-over') })
		expect(refused.status).toBe(429)
		expect(refused.body.error).toBe('applications.errors.tooManyRequests')
		// Another address is not affected.
		expect((await submit(baseURL, ownAddress(), { type: 'professional', name: `Flood ${marker} other`, email: uniqueEmail('other') })).status).toBe(200)

		await loginAs(page, demo.admin)
		await expect(await inboxRows(page, `q=${encodeURIComponent(`Flood ${marker}`)}`)).toHaveCount(11)
		await expect(await inboxRows(page, `q=${encodeURIComponent(`Flood ${marker} over`)}`)).toHaveCount(0)
	})
})

test.describe('applications inbox access and export', () => {
	test('a learner can neither read, change nor export applications', async ({ page }) => {
		await loginAs(page, demo.learner)
		await page.goto('/dashboard/admin/applications')
		await expect(page).toHaveURL(/\/dashboard$/)
		const change = await page.request.post('/dashboard/admin/applications', {
			form: { id: randomUUID(), status: 'accepted' },
			maxRedirects: 0,
		})
		expect(change.status()).toBe(403)
		const csv = await page.request.get('/dashboard/admin/applications/export', { maxRedirects: 0 })
		expect(csv.status()).toBe(403)
		expect(await csv.text()).not.toContain('email')
	})

	test('anonymous visitors are sent to sign in', async ({ request }) => {
		const page = await request.get('/dashboard/admin/applications', { maxRedirects: 0 })
		expect(page.status()).toBe(302)
		expect(page.headers().location).toContain('/login')
		const csv = await request.get('/dashboard/admin/applications/export', { maxRedirects: 0 })
		expect(csv.status()).toBe(302)
	})

	test('an admin status change refuses bad input with 4xx', async ({ page }) => {
		await loginAs(page, demo.admin)
		const bad = await page.request.post('/dashboard/admin/applications', { form: { id: 'nope', status: 'accepted' }, maxRedirects: 0 })
		expect(bad.status()).toBe(400)
		const missing = await page.request.post('/dashboard/admin/applications', { form: { id: randomUUID(), status: 'accepted' }, maxRedirects: 0 })
		expect(missing.status()).toBe(404)
		const status = await page.request.post('/dashboard/admin/applications', { form: { id: randomUUID(), status: 'archived' }, maxRedirects: 0 })
		expect(status.status()).toBe(400)
	})

	test('the CSV export holds exactly the filtered rows, safely escaped', async ({ page, baseURL }) => {
		const from = ownAddress()
		const marker = `csv${randomUUID().slice(0, 8)}`
		const company = { type: 'company', name: `=HYPERLINK("x") ${marker}`, email: uniqueEmail(marker), company: 'Acme, Inc.', message: 'Line 1\nLine "2"' }
		const investor = { type: 'investor', name: `Investor ${marker}`, email: uniqueEmail(marker), company: 'Fund' }
		expect((await submit(baseURL, from, company)).status).toBe(200)
		expect((await submit(baseURL, from, investor)).status).toBe(200)

		await loginAs(page, demo.admin)
		const all = await page.request.get(`/dashboard/admin/applications/export?q=${marker}`)
		expect(all.status()).toBe(200)
		expect(all.headers()['content-type']).toContain('text/csv')
		expect(all.headers()['content-disposition']).toMatch(/attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/)
		const text = await all.text()
		const lines = text
			.replace(/^\uFEFF/, '')
			.trimEnd()
			.split('\r\n')
		expect(lines[0]).toBe('id,created_at,type,status,name,email,company,experience,portfolio,investment_amount,timeline,message,language')
		expect(text).toContain(`"'=HYPERLINK(""x"") ${marker}"`)
		expect(text).toContain('"Acme, Inc."')
		expect(text).toContain('"Line 1\nLine ""2"""')
		expect(text).toContain(investor.email)

		const onlyCompanies = await (await page.request.get(`/dashboard/admin/applications/export?type=company&q=${marker}`)).text()
		expect(onlyCompanies).toContain(company.email)
		expect(onlyCompanies).not.toContain(investor.email)

		// The page's export button carries the current filters.
		await page.goto(`/dashboard/admin/applications?type=investor&q=${marker}`)
		await expect(page.getByTestId('application-row')).toHaveCount(1)
		await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/dashboard/admin/applications/export?type=investor&q=${marker}`)
		const download = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Export CSV' }).click()
		const file = await download
		expect(file.suggestedFilename()).toMatch(/^applications-.*\.csv$/)
	})

	test('the admin overview links to the inbox', async ({ page }) => {
		await loginAs(page, demo.admin)
		await page.goto('/dashboard/admin')
		await page.getByRole('link', { name: /Applications inbox/ }).click()
		await expect(page).toHaveURL(/\/dashboard\/admin\/applications$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
	})
})
