import { randomUUID } from 'node:crypto'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { createLearner, demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import type { Browser, Locator, Page } from '@playwright/test'

// The e2e database is shared by every test of a run: each test builds its own content with fresh
// slugs and never edits the demo curriculum.
const uid = () => randomUUID().slice(0, 8)

/** Pick an option of a Radix select by its label. */
async function choose(scope: Page | Locator, label: string, option: string | RegExp) {
	await scope.getByLabel(label, { exact: true }).click()
	const page = 'page' in scope ? scope.page() : scope
	await page.getByRole('option', { name: option }).click()
}

/** A second, signed-in learner in its own browser context, for the learner's view of each change. */
async function learnerSession(browser: Browser, baseURL: string) {
	const context = await browser.newContext({ baseURL })
	await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 204, body: '' }))
	const page = navigationWaitsForHydration(await context.newPage())
	await loginAs(page, await createLearner(page))
	return page
}

const card = (page: Page, kind: string, title: string) => page.getByTestId(`${kind}-card`).filter({ has: page.getByRole('heading', { name: title }) })

async function outline(page: Page, courseId: string) {
	await page.goto(`/dashboard/learn/course/${courseId}`)
	return page.getByRole('navigation', { name: 'Course outline' }).first().getByRole('link').allInnerTexts()
}

test('admin creates, edits, publishes, unpublishes and reorders content, and the learner view follows', async ({ page, browser, baseURL }) => {
	test.setTimeout(240_000)
	const id = uid()
	await loginAs(page, demo.admin)

	// A path: the slug fills itself from the title.
	await page.goto('/dashboard/admin/paths')
	await page.getByRole('button', { name: 'New Path' }).click()
	let dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`E2E Path ${id}`)
	await expect(dialog.getByLabel('Slug')).toHaveValue(`e2e-path-${id}`)
	await dialog.getByLabel('Description').fill('Built by the admin end-to-end test.')
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(page.getByText('Learning path created')).toBeVisible()
	await expect(dialog).toBeHidden()
	const pathCard = card(page, 'path', `E2E Path ${id}`)
	await expect(pathCard.getByText('Published', { exact: true }).first()).toBeVisible()
	await expect(pathCard.getByText('0 courses')).toBeVisible()
	await expect(pathCard.getByTestId('updated')).toHaveText(/^Updated (now|\d+ seconds? ago) · by Demo Admin$/)
	const pathId = (await pathCard.getAttribute('data-id'))!

	// A course, filtered to the path (the dialog starts with that path chosen).
	await page.goto(`/dashboard/admin/courses?path=${pathId}`)
	await expect(page.getByText('No courses found for this filter...')).toBeVisible()
	await page.getByRole('button', { name: 'New Course' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`E2E Course ${id}`)
	await dialog.getByLabel('Summary').fill('A course made in a test.')
	await dialog.getByLabel('Duration (minutes, optional)').fill('45')
	await dialog.getByLabel('Thumbnail URL').fill('https://example.com/thumb.png')
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create course' }).click()
	await expect(page.getByText('Course created')).toBeVisible()
	const courseCard = card(page, 'course', `#1 · E2E Course ${id}`)
	await expect(courseCard).toContainText(`E2E Path ${id}`)
	await expect(courseCard).toContainText('45 min')
	await expect(courseCard.getByRole('link', { name: 'Open image' })).toHaveAttribute('href', 'https://example.com/thumb.png')
	const courseId = (await courseCard.getAttribute('data-id'))!

	// Cascading filters live in the URL: a new path clears the course.
	await page.goto('/dashboard/admin/modules')
	await choose(page, 'Path', `E2E Path ${id}`)
	await expect(page).toHaveURL(new RegExp(`path=${pathId}`))
	await choose(page, 'Course', `E2E Course ${id}`)
	await expect(page).toHaveURL(new RegExp(`course=${courseId}`))
	await choose(page, 'Path', 'All paths')
	await expect(page).not.toHaveURL(/path=|course=/)

	await page.goto(`/dashboard/admin/modules?path=${pathId}&course=${courseId}`)
	await page.getByRole('button', { name: 'New Module' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`E2E Module ${id}`)
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create module' }).click()
	await expect(page.getByText('Module created')).toBeVisible()
	const moduleId = (await card(page, 'module', `#1 · E2E Module ${id}`).getAttribute('data-id'))!

	// One lesson of each type.
	const lessons = `/dashboard/admin/lessons?path=${pathId}&course=${courseId}&module=${moduleId}`
	await page.goto(lessons)
	await page.getByRole('button', { name: 'New Lesson' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`Reading ${id}`)
	await expect(dialog.getByLabel('XP value')).toHaveValue('10')
	await dialog.getByLabel('Content (Markdown)').fill('## Hello from the test\n\nSome **bold** text.\n\n<script>alert(1)</script>')
	const preview = dialog.getByTestId('markdown-preview')
	await expect(preview.getByRole('heading', { name: 'Hello from the test' })).toBeVisible()
	await expect(preview.locator('strong')).toHaveText('bold')
	await expect(preview.locator('script')).toHaveCount(0)
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(page.getByText('Lesson created')).toBeVisible()

	await page.getByRole('button', { name: 'New Lesson' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`Watching ${id}`)
	await choose(dialog, 'Lesson type', 'Video')
	await dialog.getByLabel('Video URL').fill('https://example.com/not-youtube')
	await expect(dialog.getByTestId('youtube-id')).toHaveText('Invalid YouTube video URL provided.')
	await dialog.getByLabel('Video URL').fill('https://youtu.be/dQw4w9WgXcQ')
	await expect(dialog.getByTestId('youtube-id')).toHaveText('YouTube video id: dQw4w9WgXcQ')
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(page.getByText('Lesson created')).toBeVisible()

	await page.getByRole('button', { name: 'New Lesson' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`Checking ${id}`)
	await choose(dialog, 'Lesson type', 'Quiz')
	const quiz = (answer: string) => JSON.stringify([{ question: 'Which network is a testnet?', options: ['Mainnet', 'Sepolia'], correctAnswer: answer }])
	await dialog.getByLabel('Quiz JSON').fill(quiz('Goerli'))
	await expect(dialog.getByText('Question 1: the correct answer must be one of the options')).toBeVisible()
	await dialog.getByLabel('Quiz JSON').fill(quiz('Sepolia'))
	await expect(dialog.getByText('1 question looks good')).toBeVisible()
	await dialog.getByLabel('Publish immediately').click()
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(page.getByText('Lesson created')).toBeVisible()
	await expect(page.getByTestId('lesson-card').getByRole('heading')).toHaveText([
		new RegExp(`^#1 · Reading ${id}`),
		new RegExp(`^#2 · Watching ${id}`),
		new RegExp(`^#3 · Checking ${id}`),
	])
	await expect(card(page, 'lesson', `#3 · Checking ${id}`)).toContainText('Quiz lesson contents')
	await expect(card(page, 'lesson', `#2 · Watching ${id}`)).toContainText('https://youtu.be/dQw4w9WgXcQ')

	// The learner sees the new path and its lessons in order.
	const learner = await learnerSession(browser, baseURL!)
	await learner.goto('/dashboard/explore')
	await expect(learner.getByTestId('path-card').filter({ hasText: `E2E Path ${id}` })).toBeVisible()
	expect(await outline(learner, courseId)).toEqual([`Reading ${id}`, `Watching ${id}`, `Checking ${id}`])

	// Edit: rename the reading; the edit dialog loads the full Markdown.
	await card(page, 'lesson', `#1 · Reading ${id}`)
		.getByRole('button', { name: `Edit Reading ${id}` })
		.click()
	dialog = page.getByRole('dialog')
	await expect(dialog.getByLabel('Content (Markdown)')).toHaveValue(/## Hello from the test/)
	await expect(dialog.getByLabel('Slug')).toHaveValue(`reading-${id}`)
	await dialog.getByLabel('Title', { exact: true }).fill(`Reading renamed ${id}`)
	// Editing an existing item never rewrites its slug.
	await expect(dialog.getByLabel('Slug')).toHaveValue(`reading-${id}`)
	await dialog.getByRole('button', { name: 'Save changes' }).click()
	await expect(page.getByText('Lesson updated')).toBeVisible()
	expect(await outline(learner, courseId)).toEqual([`Reading renamed ${id}`, `Watching ${id}`, `Checking ${id}`])

	// Reorder: the quiz moves up above the video.
	await card(page, 'lesson', `Checking ${id}`)
		.getByRole('button', { name: `Move Checking ${id} up` })
		.click()
	await expect(page.getByText('Order updated')).toBeVisible()
	await expect(page.getByTestId('lesson-card').getByRole('heading')).toHaveText([
		new RegExp(`^#1 · Reading renamed ${id}`),
		new RegExp(`^#2 · Checking ${id}`),
		new RegExp(`^#3 · Watching ${id}`),
	])
	await expect(card(page, 'lesson', `Reading renamed ${id}`).getByRole('button', { name: /up$/ })).toBeDisabled()
	expect(await outline(learner, courseId)).toEqual([`Reading renamed ${id}`, `Checking ${id}`, `Watching ${id}`])

	// Unpublish the video: gone for the learner; publish it again: back.
	const videoSwitch = card(page, 'lesson', `Watching ${id}`).getByRole('switch', { name: `Published: Watching ${id}` })
	await videoSwitch.click()
	await expect(page.getByText('Publish state updated')).toBeVisible()
	await expect(card(page, 'lesson', `Watching ${id}`).getByText('Draft', { exact: true }).first()).toBeVisible()
	expect(await outline(learner, courseId)).toEqual([`Reading renamed ${id}`, `Checking ${id}`])
	await videoSwitch.click()
	await expect(card(page, 'lesson', `Watching ${id}`).getByText('Published', { exact: true }).first()).toBeVisible()
	// The switch shows the new state before the server answers (optimistic), and the toast may still be the
	// unpublish's: the learner's page is asked again until the publish has landed.
	await expect.poll(() => outline(learner, courseId), { timeout: 20_000 }).toEqual([`Reading renamed ${id}`, `Checking ${id}`, `Watching ${id}`])

	// The history sheet shows who did what.
	await card(page, 'lesson', `Reading renamed ${id}`)
		.getByRole('button', { name: `History of Reading renamed ${id}` })
		.click()
	const history = page.getByTestId('history')
	await expect(history.getByRole('listitem')).toHaveCount(2)
	await expect(history.getByRole('listitem').first()).toContainText('Edited')
	await expect(history.getByRole('listitem').first()).toContainText('Demo Admin')
	await expect(history.getByRole('listitem').first()).toContainText(`Reading renamed ${id}`)
	await expect(history.getByRole('listitem').last()).toContainText('Created')
	await page.keyboard.press('Escape')

	// Unpublishing the path hides it from the learner's paths.
	await page.goto('/dashboard/admin/paths')
	await card(page, 'path', `E2E Path ${id}`).getByRole('switch').click()
	await expect(page.getByText('Publish state updated')).toBeVisible()
	await expect(card(page, 'path', `E2E Path ${id}`).getByText('Draft', { exact: true }).first()).toBeVisible()
	await learner.goto('/dashboard/explore')
	await expect(learner.getByTestId('path-card').first()).toBeVisible()
	await expect(learner.getByTestId('path-card').filter({ hasText: `E2E Path ${id}` })).toHaveCount(0)
	await learner.context().close()
})

test('deleting a course removes its modules, lessons and learners progress', async ({ page, browser, baseURL }) => {
	test.setTimeout(120_000)
	const id = uid()
	await loginAs(page, demo.admin)
	const post = async (screen: string, form: Record<string, string>) => {
		const res = await page.request.post(`/dashboard/admin/${screen}`, { form })
		expect(res.status(), `${screen} ${form.intent}`).toBe(200)
	}
	const idOf = async (screen: string, kind: string, title: string) => {
		await page.goto(`/dashboard/admin/${screen}`)
		return (await card(page, kind, title).getAttribute('data-id'))!
	}
	await post('paths', { intent: 'create', title: `Doomed Path ${id}`, slug: `doomed-${id}`, is_published: 'true' })
	const pathId = await idOf('paths', 'path', `Doomed Path ${id}`)
	await post('courses', { intent: 'create', path_id: pathId, title: `Doomed Course ${id}`, slug: 'doomed-course', order: '1', is_published: 'true' })
	const courseId = await idOf(`courses?path=${pathId}`, 'course', `Doomed Course ${id}`)
	await post('modules', { intent: 'create', course_id: courseId, title: 'Doomed module', slug: 'doomed-module', order: '1', is_published: 'true' })
	const moduleId = await idOf(`modules?course=${courseId}`, 'module', 'Doomed module')
	await post('lessons', {
		intent: 'create',
		module_id: moduleId,
		title: 'Doomed lesson',
		slug: 'doomed-lesson',
		lesson_type: 'text',
		order: '1',
		xp_value: '40',
		content: 'Gone soon.',
		is_published: 'true',
	})
	const lessonId = await idOf(`lessons?module=${moduleId}`, 'lesson', 'Doomed lesson')

	// A learner completes the lesson.
	const learner = await learnerSession(browser, baseURL!)
	const done = await learner.request.post(`/dashboard/learn/course/${courseId}`, { form: { intent: 'complete', lessonId } })
	expect(done.status()).toBe(200)
	await learner.goto('/dashboard')
	await expect(learner.getByTestId('stat-completedLessons')).toHaveText('1')
	await expect(learner.getByTestId('stat-totalXP')).toHaveText('40')

	await page.goto(`/dashboard/admin/courses?path=${pathId}`)
	await card(page, 'course', `Doomed Course ${id}`)
		.getByRole('button', { name: `Delete Doomed Course ${id}` })
		.click()
	const confirm = page.getByRole('alertdialog')
	await expect(confirm).toContainText('This action cannot be undone. Deleting a course will remove all its modules and lessons.')
	await confirm.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText('Course deleted')).toBeVisible()
	await expect(page.getByText('No courses found for this filter...')).toBeVisible()
	await page.goto(`/dashboard/admin/modules?path=${pathId}`)
	await expect(page.getByText('No modules found for this filter...')).toBeVisible()
	await page.goto(`/dashboard/admin/lessons?path=${pathId}`)
	await expect(page.getByText('No lessons found for this filter...')).toBeVisible()
	await page.goto('/dashboard/admin/paths')
	await expect(card(page, 'path', `Doomed Path ${id}`)).toContainText('0 courses')

	expect((await learner.request.get(`/dashboard/learn/course/${courseId}`)).status()).toBe(404)
	await learner.goto('/dashboard')
	await expect(learner.getByTestId('stat-completedLessons')).toHaveText('0')
	await expect(learner.getByTestId('stat-totalXP')).toHaveText('0')
	await learner.context().close()
})

test('every validation message appears for bad input, and the server refuses it too', async ({ page }) => {
	test.setTimeout(150_000)
	const id = uid()
	await loginAs(page, demo.admin)
	const errorOf = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true }).locator('xpath=..').getByRole('alert')

	// Path dialog.
	await page.goto('/dashboard/admin/paths')
	await page.getByRole('button', { name: 'New Path' }).click()
	let dialog = page.getByRole('dialog')
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(errorOf(dialog, 'Title')).toHaveText('Title must have at least 3 characters')
	await expect(errorOf(dialog, 'Slug')).toHaveText('Slug must have at least 3 characters')
	await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused()
	await dialog.getByLabel('Title', { exact: true }).fill(`Valid ${id}`)
	await dialog.getByLabel('Slug').fill('Bad Slug!')
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(errorOf(dialog, 'Slug')).toHaveText('Use lowercase letters, numbers, and hyphens only')
	// A slug already used by another path: the server answers with a field error, not a 500.
	await dialog.getByLabel('Slug').fill('blockchain-web3')
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(errorOf(dialog, 'Slug')).toHaveText('This slug is already used here')
	await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'This slug is already used here' })).toBeVisible()
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// Course dialog.
	await page.goto('/dashboard/admin/courses')
	await page.getByRole('button', { name: 'New Course' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`Course ${id}`)
	await dialog.getByLabel('Summary').fill('x'.repeat(201))
	await dialog.getByLabel('Order').fill('0')
	await dialog.getByLabel('Duration (minutes, optional)').fill('-5')
	await dialog.getByLabel('Thumbnail URL').fill('not a url')
	await dialog.getByRole('button', { name: 'Create course' }).click()
	await expect(errorOf(dialog, 'Learning path')).toHaveText('Select a learning path')
	await expect(errorOf(dialog, 'Summary')).toHaveText('Summary is too long')
	await expect(errorOf(dialog, 'Order')).toHaveText('Order must be at least 1')
	await expect(errorOf(dialog, 'Duration (minutes, optional)')).toHaveText('Duration must be zero or greater')
	await expect(errorOf(dialog, 'Thumbnail URL')).toHaveText('Must be a valid URL')
	await dialog.getByLabel('Order').fill('1.5')
	await dialog.getByRole('button', { name: 'Create course' }).click()
	await expect(errorOf(dialog, 'Order')).toHaveText('Order must be an integer')
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// Module dialog.
	await page.goto('/dashboard/admin/modules')
	await page.getByRole('button', { name: 'New Module' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByRole('button', { name: 'Create module' }).click()
	await expect(errorOf(dialog, 'Course')).toHaveText('Select a course')
	await expect(errorOf(dialog, 'Title')).toHaveText('Title must have at least 3 characters')
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// Lesson dialog: each type's own content rule.
	await page.goto('/dashboard/admin/lessons')
	await page.getByRole('button', { name: 'New Lesson' }).click()
	dialog = page.getByRole('dialog')
	await dialog.getByLabel('Title', { exact: true }).fill(`Lesson ${id}`)
	await dialog.getByLabel('XP value').fill('-1')
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(errorOf(dialog, 'Module')).toHaveText('Select a module')
	await expect(errorOf(dialog, 'XP value')).toHaveText('XP must be zero or greater')
	await expect(errorOf(dialog, 'Content (Markdown)')).toHaveText('Provide content for the text lesson')
	await choose(dialog, 'Lesson type', 'Video')
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(errorOf(dialog, 'Video URL')).toHaveText('Provide a video URL')
	await choose(dialog, 'Lesson type', 'Quiz')
	await dialog.getByLabel('Quiz JSON').fill('{"not": "an array"}')
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(errorOf(dialog, 'Quiz JSON')).toHaveText('Provide a valid JSON array of quiz questions')
	await dialog
		.getByLabel('Quiz JSON')
		.fill('[{"question":"Q1","options":["a","b"],"correctAnswer":"a"},{"question":"Q2","options":["a","a"],"correctAnswer":"a"}]')
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	await expect(errorOf(dialog, 'Quiz JSON')).toHaveText('Question 2 has duplicate options')
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// The server applies the same rules to a hand-made request: 400, and nothing is created.
	const bad = await page.request.post('/dashboard/admin/paths', { form: { intent: 'create', title: 'ab', slug: `bad-${id}` } })
	expect(bad.status()).toBe(400)
	const badQuiz = await page.request.post('/dashboard/admin/lessons', {
		form: { intent: 'create', module_id: randomUUID(), title: 'Quiz', slug: `quiz-${id}`, lesson_type: 'quiz', order: '1', xp_value: '5', content: '[1]' },
	})
	expect(badQuiz.status()).toBe(400)
	await page.goto('/dashboard/admin/paths')
	await expect(page.getByText(`bad-${id}`)).toHaveCount(0)
})

test('learners and anonymous visitors cannot open admin pages or run admin actions', async ({ page, browser, baseURL }) => {
	test.setTimeout(120_000)
	const id = uid()
	const pages = [
		'/dashboard/admin',
		'/dashboard/admin/paths',
		'/dashboard/admin/courses',
		'/dashboard/admin/modules',
		'/dashboard/admin/lessons',
		'/dashboard/admin/users',
		'/dashboard/admin/content',
		'/dashboard/admin/content/export',
		'/dashboard/admin/history?type=path&id=x',
		`/dashboard/admin/lesson-content/${randomUUID()}`,
	]
	const any = randomUUID()
	const actions: [string, Record<string, string>][] = [
		['/dashboard/admin/paths', { intent: 'create', title: `Intruder ${id}`, slug: `intruder-${id}`, is_published: 'true' }],
		['/dashboard/admin/paths', { intent: 'delete', id: any }],
		['/dashboard/admin/courses', { intent: 'toggle', id: any, is_published: 'true' }],
		['/dashboard/admin/modules', { intent: 'move-up', id: any }],
		['/dashboard/admin/lessons', { intent: 'update', id: any, title: 'x' }],
		['/dashboard/admin/users', { intent: 'grant', email: demo.learner.email }],
		['/dashboard/admin/content', { intent: 'apply' }],
		['/dashboard/admin/markdown-preview', { markdown: '# hi' }],
	]

	const learner = await learnerSession(browser, baseURL!)
	for (const [who, request, expected] of [
		['learner', learner.request, 403],
		// Anyone who is not an admin gets 403 from an admin action, signed in or not.
		['anonymous', (await browser.newContext({ baseURL })).request, 403],
	] as const) {
		for (const url of pages) {
			const res = await request.get(url, { maxRedirects: 0 })
			expect(res.status(), `${who} GET ${url}`).toBe(302)
			expect(res.headers().location, `${who} GET ${url}`).toMatch(who === 'learner' ? /^\/dashboard$/ : /^\/login\?redirectTo=/)
		}
		for (const [url, form] of actions) {
			const res = await request.post(url, { form, maxRedirects: 0 })
			expect(res.status(), `${who} POST ${url} ${form.intent ?? ''}`).toBe(expected)
		}
	}
	await learner.goto('/dashboard/admin/lessons')
	await expect(learner).toHaveURL(/\/dashboard$/)
	await learner.context().close()

	// Nothing changed: no intruder path, and the learner is still a learner.
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin/paths')
	await expect(page.getByText(`Intruder ${id}`)).toHaveCount(0)
	await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(demo.learner.email)}`)
	await expect(page.getByTestId('user-row')).toHaveCount(1)
	await expect(page.getByTestId('user-row')).toContainText('Learner')
})

test('users: search, grant and revoke admin; nobody can revoke their own role', async ({ page, browser, baseURL }) => {
	test.setTimeout(120_000)
	// Signed up in a context of its own, so this page stays free to sign in as the admin.
	const other = await browser.newContext({ baseURL })
	const fresh = await createLearner(await other.newPage())
	await other.close()
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin')
	await expect(page.getByTestId('count-users')).toHaveText(/^\d+ registered users$/)
	await page.getByRole('link', { name: /Users/ }).click()
	await expect(page).toHaveURL(/\/dashboard\/admin\/users$/)
	await page.getByLabel('Search by name or email').fill(fresh.email)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.getByTestId('users-total')).toHaveText('1 user')
	const row = page.getByTestId('user-row')
	await expect(row).toContainText(fresh.email)
	await expect(row).toContainText('Learner')
	await expect(row).toContainText('Verified')

	await row.getByRole('button', { name: `Make ${fresh.email} an admin` }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Make admin' }).click()
	await expect(page.getByText('Admin role granted')).toBeVisible()
	await expect(row.getByText('Admin', { exact: true })).toBeVisible()
	await row.getByRole('button', { name: `Revoke admin role of ${fresh.email}` }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke admin' }).click()
	await expect(page.getByText('Admin role revoked')).toBeVisible()
	await expect(row.getByText('Learner', { exact: true })).toBeVisible()

	// One's own row cannot be revoked, and the server refuses it anyway.
	await page.getByLabel('Search by name or email').fill(demo.admin.email)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.getByTestId('user-row').getByRole('button', { name: `Revoke admin role of ${demo.admin.email}` })).toBeDisabled()
	const self = await page.request.post('/dashboard/admin/users', { form: { intent: 'revoke', email: demo.admin.email } })
	expect(self.status()).toBe(403)
	expect((await page.request.get('/dashboard/admin', { maxRedirects: 0 })).status()).toBe(200)
})

test('export a path as a .zip and import a bundle with a dry run first', async ({ page }) => {
	test.setTimeout(120_000)
	const id = uid()
	await loginAs(page, demo.admin)

	const res = await page.request.get('/dashboard/admin/content/export?path=smart-contracts')
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('application/zip')
	expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="smart-contracts-\d{4}-\d{2}-\d{2}\.zip"$/)
	const files = unzipSync(new Uint8Array(await res.body()))
	const names = Object.keys(files)
	expect(names).toContain('smart-contracts/_path.md')
	expect(names.every((n) => n.startsWith('smart-contracts/'))).toBe(true)
	expect(new TextDecoder().decode(files['smart-contracts/_path.md'])).toMatch(/^---\ntitle: Smart Contract Development\n/)

	// A new path in the content/ folder format.
	const slug = `imported-${id}`
	const bundle = zipSync({
		[`${slug}/_path.md`]: strToU8(`---\ntitle: "Imported ${id}"\ndescription: From a zip.\npublished: false\n---\n`),
		[`${slug}/01-first-course/_course.md`]: strToU8('---\ntitle: First course\nsummary: Short.\npublished: true\n---\n'),
		[`${slug}/01-first-course/01-basics/_module.md`]: strToU8('---\ntitle: Basics\npublished: true\n---\n'),
		[`${slug}/01-first-course/01-basics/01-hello.md`]: strToU8('---\ntitle: Hello lesson\ntype: text\nxp: 15\npublished: true\n---\n\n# Hello\n'),
	})
	await page.goto('/dashboard/admin/paths')
	await page.getByRole('link', { name: 'Import / Export' }).click()
	await expect(page).toHaveURL(/\/dashboard\/admin\/content$/)
	await page.getByRole('button', { name: 'Preview import' }).click()
	await expect(page.getByText('Choose a .zip file to import')).toBeVisible()
	await page.getByLabel('Bundle (.zip)').setInputFiles({ name: 'bad.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') })
	await page.getByRole('button', { name: 'Preview import' }).click()
	await expect(page.getByText('This file is not a valid .zip archive')).toBeVisible()

	await page.getByLabel('Bundle (.zip)').setInputFiles({ name: 'bundle.zip', mimeType: 'application/zip', buffer: Buffer.from(bundle) })
	await page.getByRole('button', { name: 'Preview import' }).click()
	const preview = page.getByTestId('import-preview')
	await expect(preview).toContainText('Dry run: nothing has been saved yet')
	for (const level of ['paths', 'courses', 'modules', 'lessons']) await expect(preview.getByTestId(`import-${level}`).getByRole('cell')).toHaveText(['1', '0'])
	// Nothing is saved by the dry run.
	expect(await (await page.request.get(`/dashboard/admin/content/export?path=${slug}`)).status()).toBe(404)

	await page.getByRole('button', { name: 'Apply import' }).click()
	await expect(page.getByText('Import complete: 4 created, 0 updated')).toBeVisible()
	await page.goto('/dashboard/admin/paths')
	const imported = card(page, 'path', `Imported ${id}`)
	await expect(imported).toContainText('From a zip.')
	await expect(imported.getByText('Draft', { exact: true }).first()).toBeVisible()
	await imported.getByRole('button', { name: `History of Imported ${id}` }).click()
	await expect(page.getByTestId('history')).toContainText('Imported')

	// The same bundle again only updates.
	await page.goto('/dashboard/admin/content')
	await page.getByLabel('Bundle (.zip)').setInputFiles({ name: 'bundle.zip', mimeType: 'application/zip', buffer: Buffer.from(bundle) })
	await page.getByRole('button', { name: 'Preview import' }).click()
	await expect(page.getByTestId('import-lessons').getByRole('cell')).toHaveText(['0', '1'])
})
