import { randomUUID } from 'node:crypto'
import { createLearner, demo, expect, latestMail, loginAs, test, uniqueEmail } from '#tests/support/fixtures.ts'

test('sign up, receive the email, confirm, reach the dashboard, sign out', async ({ page }) => {
	const email = uniqueEmail('signup')
	const password = `pw-${randomUUID()}`
	await page.goto('/signup')
	await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByLabel('Confirm password').fill(password)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Check your email for the confirmation link!')).toBeVisible()
	await expect(page).toHaveURL(/\/signup$/)

	// Unverified: refused with the spec's message.
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.getByText('Please check your email and click the confirmation link before signing in.')).toBeVisible()

	// The link in the email verifies and signs in.
	const mail = await latestMail(page.request, email, /Confirm/)
	expect(mail.subject).toBe('Confirm your Learnchain account')
	await page.goto(mail.links.find((l) => l.includes('verify-email'))!)
	await expect(page).toHaveURL(/\/dashboard$/)
	// A first visit is greeted as one (issue 20.4).
	await expect(page.getByRole('heading', { name: /Welcome, signup-/ })).toBeVisible()

	// Sign out ends the session server-side and goes home.
	await page.getByRole('button', { name: 'Account menu' }).click()
	await page.getByRole('menuitem', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/$/)
	const res = await page.request.get('/dashboard', { maxRedirects: 0 })
	expect(res.status()).toBe(302)
	expect(res.headers().location).toContain('/login')
})

test('wrong password shows the spec message; repeated failures are rate limited', async ({ page }) => {
	const creds = await createLearner(page)
	await page.context().clearCookies()
	await page.goto('/login')
	for (let i = 0; i < 5; i++) {
		await page.getByLabel('Email').fill(creds.email)
		await page.getByLabel('Password').fill('definitely-wrong')
		await page.getByRole('button', { name: 'Sign in', exact: true }).click()
		await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible()
	}
	await page.getByLabel('Email').fill(creds.email)
	await page.getByLabel('Password').fill(creds.password)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.getByText('Too many login attempts. Please wait a moment before trying again.')).toBeVisible()
})

test('the sign-in page is static: a refused post keeps the email, clears the password, and shows the busy label', async ({ page }) => {
	await page.goto('/login')
	expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
	await page.getByLabel('Email').fill('nobody@example.test')
	await page.getByLabel('Password').fill('definitely-wrong')
	// First a submit the page itself cancels (a window listener runs after the island's): the busy label shows.
	await page.evaluate(() => window.addEventListener('submit', (e) => e.preventDefault(), { once: true }))
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.getByRole('button', { name: 'Loading...' })).toHaveAttribute('aria-disabled', 'true')
	// Then the real post: the server answers with the page, the email filled in again.
	await page.reload()
	await page.getByLabel('Email').fill('nobody@example.test')
	await page.getByLabel('Password').fill('definitely-wrong')
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.getByText('Invalid email or password. Please check your credentials and try again.')).toBeVisible()
	await expect(page.getByLabel('Email')).toHaveValue('nobody@example.test')
	await expect(page.getByLabel('Password')).toHaveValue('')
})

test('password reset end to end: new password works, old one does not', async ({ page }) => {
	const creds = await createLearner(page)
	await page.context().clearCookies()
	await page.goto('/forgot-password')
	await page.getByLabel('Email').fill(creds.email)
	await page.getByRole('button', { name: 'Send Reset Link' }).click()
	await expect(page.getByText('Check your email for a password reset link.')).toBeVisible()

	const mail = await latestMail(page.request, creds.email, /Reset/)
	await page.goto(mail.links[0]!)
	await expect(page).toHaveURL(/\/update-password\?token=/)
	await expect(page.getByRole('heading', { name: 'Update Your Password' })).toBeVisible()
	const newPassword = `new-${randomUUID()}`
	await page.getByLabel('New Password', { exact: true }).fill(newPassword)
	await page.getByLabel('Confirm New Password').fill('something-else-1')
	await page.getByRole('button', { name: 'Update password' }).click()
	await expect(page.getByText('Passwords do not match')).toBeVisible()
	// The page is static and the server never echoes a password back: both are typed again.
	await page.getByLabel('New Password', { exact: true }).fill(newPassword)
	await page.getByLabel('Confirm New Password').fill(newPassword)
	await page.getByRole('button', { name: 'Update password' }).click()
	await expect(page.getByText('Password updated successfully! Redirecting to login...')).toBeVisible()
	await expect(page).toHaveURL(/\/login$/, { timeout: 6000 })

	const old = await page.request.post('/login', { form: { email: creds.email, password: creds.password }, maxRedirects: 0 })
	expect(old.status()).toBe(400)
	await loginAs(page, { email: creds.email, password: newPassword })
	await page.goto('/dashboard')
	await expect(page).toHaveURL(/\/dashboard$/)
})

test('forgot-password answers the same for unknown emails and sends nothing', async ({ page }) => {
	const email = uniqueEmail('nobody')
	await page.goto('/forgot-password')
	await page.getByLabel('Email').fill(email)
	await page.getByRole('button', { name: 'Send Reset Link' }).click()
	await expect(page.getByText('Check your email for a password reset link.')).toBeVisible()
	const all = (await (await page.request.get('/dev/mailbox.json')).json()) as { to: string }[]
	expect(all.some((m) => m.to === email)).toBe(false)
})

test('signing up with a registered email looks the same and warns the owner by email', async ({ page }) => {
	const creds = await createLearner(page)
	await page.context().clearCookies()
	await page.goto('/signup')
	await page.getByLabel('Email').fill(creds.email)
	await page.getByLabel('Password', { exact: true }).fill('another-secret-9')
	await page.getByLabel('Confirm password').fill('another-secret-9')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Check your email for the confirmation link!')).toBeVisible()
	const mail = await latestMail(page.request, creds.email, /Your Learnchain account/)
	expect(mail.text).toContain('already has one')
})

test('signup validation: mismatched and short passwords', async ({ page }) => {
	await page.goto('/signup')
	await page.getByLabel('Email').fill(uniqueEmail())
	await page.getByLabel('Password', { exact: true }).fill('short')
	await page.getByLabel('Confirm password').fill('different')
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Password must have at least 8 characters')).toBeVisible()
	await expect(page.getByText('Passwords do not match')).toBeVisible()
})

test('after sign-in the learner returns to the page first asked for, never off-site', async ({ page }) => {
	await page.goto('/dashboard/scoreboard')
	await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fscoreboard/)
	await page.getByLabel('Email').fill(demo.learner.email)
	await page.getByLabel('Password').fill(demo.learner.password)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page).toHaveURL(/\/dashboard\/scoreboard$/)

	await page.context().clearCookies()
	const res = await page.request.post('/login', {
		form: { ...demo.learner, redirectTo: 'https://evil.example/steal' },
		maxRedirects: 0,
	})
	expect(res.status()).toBe(302)
	expect(res.headers().location).toBe('/dashboard')
})

test('OAuth buttons explain when a provider is not configured', async ({ page }) => {
	await page.goto('/login-oauth')
	await expect(page.getByRole('heading', { name: 'Sign in to Learnchain' })).toBeVisible()
	await page.getByRole('button', { name: 'Continue with GitHub' }).click()
	await expect(page.getByText('GitHub sign-in is not configured on this server. Use email and password instead.')).toBeVisible()
	await page.goto('/login')
	await page.getByRole('button', { name: 'Continue with Google' }).click()
	await expect(page.getByText('Google sign-in is not configured on this server. Use email and password instead.')).toBeVisible()
})

test('the login page lists the demo accounts and they work', async ({ page }) => {
	await page.goto('/login')
	await expect(page.getByText(`${demo.learner.email} / ${demo.learner.password}`)).toBeVisible()
	await expect(page.getByText(`${demo.admin.email} / ${demo.admin.password}`)).toBeVisible()
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin')
	await expect(page.getByText('Admin Access Granted')).toBeVisible()
})
