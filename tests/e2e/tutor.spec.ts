import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createLearner, expect, test } from '#tests/support/fixtures.ts'

const LESSON = 'Reentrancy Attacks'

/** Reload and wait for hydration: the chat loads from the browser once React is running. */
async function reload(page: Page) {
	await page.reload()
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
}

/** From the catalogue to the reentrancy lesson, the way a learner gets there. */
async function openReentrancyLesson(page: Page) {
	await page.goto('/dashboard/explore')
	await page.getByTestId('path-card').filter({ hasText: 'Smart Contract Development' }).getByRole('link', { name: 'View details' }).click()
	await page.getByRole('link', { name: /Tokens, Testing and Security/ }).click()
	await page.getByRole('navigation', { name: 'Course outline' }).first().getByRole('link', { name: LESSON }).click()
	await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible()
	return page.url()
}

test('a learner asks a suggested question, watches the answer stream in, and finds the conversation after a reload', async ({ page }) => {
	test.slow() // a whole conversation, two reloads and a reset
	await createLearner(page)
	await openReentrancyLesson(page)
	const tutor = page.getByRole('complementary', { name: 'AI Instructor' })
	await expect(tutor.getByText('Ask a question, or start with one of these:')).toBeVisible()
	const suggestions = tutor.getByRole('list', { name: 'Suggested questions' }).getByRole('button')
	await expect(suggestions).toHaveCount(3)

	const streamed = page.waitForResponse((r) => r.url().endsWith('/api/ai-chat') && r.request().postDataJSON()?.mode === 'chat')
	await suggestions.filter({ hasText: 'What is a reentrancy attack?' }).click()
	const response = await streamed
	expect(response.headers()['content-type']).toContain('text/event-stream')
	// The browser sends only the mode, the lesson and the question: never a context, model or parameters.
	expect(Object.keys(response.request().postDataJSON()).sort()).toEqual(['lessonId', 'messages', 'mode'])

	const log = tutor.getByRole('log', { name: 'Conversation with the AI Instructor' })
	await expect(log.locator('[data-role="user"]')).toHaveText('You: What is a reentrancy attack?')
	const reply = log.locator('[data-role="assistant"]')
	await expect(reply).toContainText('Offline tutor')
	await expect(reply).toContainText('From “What is a reentrancy attack?”')
	await expect(reply).toContainText('A reentrancy attack happens when a contract makes an external call')
	await expect(reply.locator('strong').first()).toBeVisible()
	await expect(tutor.getByTestId('tutor-typing')).toBeHidden()
	await expect(tutor.getByRole('button', { name: 'Send' })).toBeVisible()

	// Blank messages are ignored; Enter sends a typed one.
	const input = tutor.getByRole('textbox', { name: 'Your question' })
	await input.fill('   ')
	await expect(tutor.getByRole('button', { name: 'Send' })).toBeDisabled()
	await input.press('Enter')
	await expect(log.getByTestId('tutor-message')).toHaveCount(2)
	await input.fill('How does ReentrancyGuard work?')
	await input.press('Enter')
	await expect(log.locator('[data-role="assistant"]').nth(1)).toContainText('Defence 2: ReentrancyGuard')
	await expect(input).toHaveValue('')

	await reload(page)
	await expect(log.getByTestId('tutor-message')).toHaveCount(4)
	await expect(log.locator('[data-role="user"]').first()).toHaveText(/What is a reentrancy attack\?/)
	await expect(log.locator('[data-role="assistant"]').first()).toContainText('A reentrancy attack happens when')

	// 'New conversation' asks first, then clears, and the suggestions come back.
	await tutor.getByRole('button', { name: 'New conversation' }).click()
	const dialog = page.getByRole('alertdialog', { name: 'Start a new conversation?' })
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(log.getByTestId('tutor-message')).toHaveCount(4)
	await tutor.getByRole('button', { name: 'New conversation' }).click()
	await dialog.getByRole('button', { name: 'Delete and start over' }).click()
	await expect(page.getByText('Started a new conversation.')).toBeVisible()
	await expect(log.getByTestId('tutor-message')).toHaveCount(0)
	await expect(suggestions).toHaveCount(3)
	await reload(page)
	await expect(tutor.getByText('Ask a question, or start with one of these:')).toBeVisible()
})

test('typing indicator and stop button, and the spec error texts when the endpoint fails', async ({ page, consoleErrors }) => {
	await createLearner(page)
	await openReentrancyLesson(page)
	const tutor = page.getByRole('complementary', { name: 'AI Instructor' })
	const input = tutor.getByRole('textbox', { name: 'Your question' })
	const lastReply = tutor.locator('[data-role="assistant"]').last()
	const ask = async (question: string) => {
		await input.fill(question)
		await input.press('Enter')
	}
	let answer: 'hang' | 'status' | 'network' | 'no-reply-field' | 'empty' = 'hang'
	await page.route('**/api/ai-chat', async (route) => {
		if (route.request().method() !== 'POST' || route.request().postDataJSON()?.mode !== 'chat') return route.fallback()
		if (answer === 'hang') return // never answers: the learner stops it
		if (answer === 'status') return route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' })
		if (answer === 'network') return route.abort('failed')
		return route.fulfill({ json: answer === 'empty' ? { reply: '' } : {} })
	})

	await ask('Will this ever end?')
	await expect(tutor.getByTestId('tutor-typing')).toBeVisible()
	await tutor.getByRole('button', { name: 'Stop' }).click()
	await expect(tutor.getByTestId('tutor-typing')).toBeHidden()
	await expect(tutor.getByRole('button', { name: 'Send' })).toBeVisible()

	answer = 'status'
	await ask('First')
	await expect(lastReply).toHaveText('AI Instructor: Error: 404 Not Found')
	answer = 'no-reply-field'
	await ask('Second')
	await expect(lastReply).toHaveText('AI Instructor: Sorry, I could not generate an answer.')
	answer = 'empty'
	await ask('Third')
	await expect(lastReply).toHaveText('AI Instructor: No reply')
	answer = 'network'
	await ask('Fourth')
	await expect(lastReply).toHaveText('AI Instructor: There was an error contacting the AI service.')
	// The aborted request is expected to show up as a failed resource.
	const expected = consoleErrors.filter((e) => e.includes('net::ERR_FAILED'))
	consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.includes(e)))
})

test('on a phone the tutor opens in a slide-over from a floating button', async ({ page }) => {
	await createLearner(page)
	await openReentrancyLesson(page)
	await page.setViewportSize({ width: 375, height: 740 })
	await expect(page.getByRole('complementary', { name: 'AI Instructor' })).toBeHidden()
	await page.getByRole('button', { name: 'Ask the AI Instructor' }).click()
	const sheet = page.getByRole('dialog', { name: 'AI Instructor' })
	await sheet.getByRole('list', { name: 'Suggested questions' }).getByRole('button').first().click()
	await expect(sheet.locator('[data-role="assistant"]')).toContainText('Offline tutor')
	const width = await sheet.evaluate((el) => el.getBoundingClientRect().width)
	expect(width).toBeLessThanOrEqual(375)
})

test('the rate limit answers with its message in the chat', async ({ page }) => {
	await createLearner(page)
	const url = await openReentrancyLesson(page)
	const lessonId = new URL(url).searchParams.get('lesson')!
	// Use up the learner's messages (20 per 10 minutes by default) straight through the API.
	for (let i = 0; i < 20; i++) {
		const res = await page.request.post('/api/ai-chat', { data: { mode: 'chat', lessonId, messages: [{ role: 'user', content: `question ${i}` }] } })
		expect(res.status()).toBe(200)
	}
	await reload(page)
	const tutor = page.getByRole('complementary', { name: 'AI Instructor' })
	await tutor.getByRole('textbox', { name: 'Your question' }).fill('One more?')
	await tutor.getByRole('button', { name: 'Send' }).click()
	await expect(tutor.locator('[data-role="assistant"]').last()).toHaveText(
		'AI Instructor: You have reached the limit of 20 messages in 10 minutes. Please wait a little and try again.',
	)
})

test('anonymous calls get 401', async ({ request }) => {
	const id = '00000000-0000-4000-8000-000000000000'
	for (const res of [
		await request.get(`/api/ai-chat?lessonId=${id}`),
		await request.post('/api/ai-chat', { data: { mode: 'suggest', lessonId: id } }),
		await request.post('/api/ai-chat', { data: { mode: 'chat', lessonId: id, messages: [{ role: 'user', content: 'hi' }] } }),
		await request.delete(`/api/ai-chat?lessonId=${id}`),
	]) {
		expect(res.status()).toBe(401)
		expect(await res.json()).toEqual({ error: 'Unauthorized' })
	}
})

test('no client asset holds the provider key, its variable or its endpoint', async () => {
	const client = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
	const files: string[] = []
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name)
			if (entry.isDirectory()) walk(full)
			else files.push(full)
		}
	}
	walk(client)
	expect(files.some((f) => f.endsWith('.js'))).toBe(true)
	const secret = process.env.AI_API_KEY
	for (const file of files) {
		const text = fs.readFileSync(file, 'utf8')
		for (const needle of ['AI_API_KEY', 'AI_BASE_URL', 'chat/completions', 'api.openai.com', ...(secret ? [secret] : [])])
			expect(text.includes(needle), `${needle} in ${path.relative(client, file)}`).toBe(false)
	}
})
