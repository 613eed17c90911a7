import fs from 'node:fs'
import { request as playwrightRequest, type Page } from '@playwright/test'
import { createLearner, demo, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import { demoLesson } from '#tests/support/demo.ts'
import { dashboardXP } from '#tests/support/lessons.ts'

// Code challenges through the production build (its grading worker is a file of the server build, solc
// and the EVM load from there): run, fail, fix, pass, XP once, drafts kept, and nothing secret leaked.

const DIR = 'content/smart-contracts/01-solidity-fundamentals/01-solidity-basics'
const STARTER = fs.readFileSync(`${DIR}/05-counter-with-events.starter.sol`, 'utf8')
const TESTS = fs.readFileSync(`${DIR}/05-counter-with-events.test.sol`, 'utf8')
const TITLE = 'Challenge: A Counter with Events'
// A deadline, not a speed check: a cold grading worker compiles for many seconds on a busy machine.
const GRADED = { timeout: 60_000 }

/** The course-player URL of a demo lesson, by its English title (ids from the demo seeding's manifest). */
function lessonUrl(title: string) {
	const { courseId, lessonId } = demoLesson(title)
	return { url: `/dashboard/learn/course/${courseId}?lesson=${lessonId}`, courseId, lessonId }
}

const editor = (page: Page) => page.getByTestId('code-editor').getByRole('textbox')

/** Replace the editor's code by typing into it, as a learner pasting code does. */
async function setCode(page: Page, code: string) {
	await editor(page).click()
	await page.keyboard.press('ControlOrMeta+a')
	await page.keyboard.insertText(code)
}

test('a learner runs the starter, sees failures and a compile error with its line, then passes with the reference from the studio and earns the XP once', async ({
	page,
	browser,
	baseURL,
}) => {
	test.setTimeout(120_000)
	await createLearner(page).then((creds) => loginAs(page, creds))
	const xpBefore = await dashboardXP(page.request)
	const target = lessonUrl(TITLE)
	await page.goto(target.url)
	await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
	// No 'Complete and continue' here: only a passing run completes a challenge.
	await expect(page.getByRole('button', { name: 'Complete and continue' })).toHaveCount(0)
	await expect(editor(page)).toHaveAccessibleName('Solidity code')
	await expect(editor(page)).toContainText('TODO: add one to count')

	// The starter compiles and fails some tests, each with its reason and gas.
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByTestId('run-summary')).toHaveText(/^\d of 6 tests passed$/, GRADED)
	const failed = page.locator('[data-testid="test-result"][data-passed="false"]')
	await expect(failed.filter({ hasText: 'testIncrementAddsOne' })).toContainText('count after two increments: got 0, expected 2')
	await expect(failed.first()).toContainText(/Failed[\s\S]*gas/)
	// A failed run unlocks the first hint.
	await expect(page.getByTestId('hints')).toContainText('Hint 1:')

	// A syntax error: 'Compilation failed' with its line, marked in the editor.
	const broken = STARTER.replace('// TODO: add one to count and emit Incremented', 'count += 1')
	const brokenLine = broken.split('\n').findIndex((l) => l.includes('count += 1')) + 2
	await setCode(page, broken)
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByRole('heading', { name: 'Compilation failed' })).toBeVisible()
	await expect(page.getByTestId('compile-error').first()).toContainText(`line ${brokenLine}:`)
	await expect(page.locator('.cm-lintRange-error').first()).toBeVisible()

	// The admin opens the lesson in the studio, checks it, and copies the reference solution.
	const adminContext = await browser.newContext({ baseURL })
	const admin = navigationWaitsForHydration(await adminContext.newPage())
	await loginAs(admin, demo.admin)
	// The list is paged: search for the lesson.
	await admin.goto(`/dashboard/admin/lessons?q=${encodeURIComponent(TITLE)}`)
	await admin
		.getByTestId('lesson-card')
		.filter({ hasText: TITLE })
		.getByRole('button', { name: `Edit ${TITLE}` })
		.click()
	const dialog = admin.getByRole('dialog')
	await expect(dialog.getByLabel('Lesson type')).toContainText('Challenge')
	const reference = dialog.getByLabel('Reference solution')
	await expect(reference).not.toHaveValue('')
	expect((await dialog.getByLabel('Starter code').inputValue()).trimEnd()).toBe(STARTER.trimEnd())
	expect((await dialog.getByLabel('Tests', { exact: true }).inputValue()).trimEnd()).toBe(TESTS.trimEnd())
	await expect(dialog.getByLabel('Hints', { exact: true })).not.toHaveValue('')
	await dialog.getByRole('button', { name: 'Check solution' }).click()
	await expect(dialog.getByTestId('check-verdict')).toHaveText('The reference solution passes every test and the starter code does not: ready for learners.')
	await expect(dialog.getByTestId('check-reference')).toContainText('All tests passed')
	const solution = await reference.inputValue()
	await adminContext.close()

	// Pasted into the learner's editor: every test passes, the lesson completes with its XP, once.
	await setCode(page, solution)
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByTestId('run-summary')).toHaveText('All tests passed', GRADED)
	await expect(page.getByTestId('xp-awarded')).toHaveText('+50 XP')
	await expect(page.getByTestId('challenge-completed')).toContainText('Challenge completed')
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByTestId('challenge')).toContainText('4 runs')
	expect(await dashboardXP(page.request)).toBe(xpBefore + 50)

	// A reload (another device) resumes the saved code and keeps the completion.
	await page.goto(target.url)
	await expect(editor(page)).toContainText('require(count > 0')
	await expect(page.getByTestId('challenge-completed')).toBeVisible()
	await expect(page.getByTestId('run-summary')).toHaveText('All tests passed', GRADED)
	await expect(
		page
			.getByRole('navigation', { name: 'Course outline' })
			.first()
			.getByRole('link', { name: new RegExp(TITLE) })
			.getByLabel('Completed'),
	).toBeVisible()
	await page.goto('/dashboard')
	await expect(page.getByTestId('challenge-stats')).toContainText('1 of 1 passed')
})

test('em português: executar o código inicial mostra as falhas, e um erro de sintaxe mostra a linha', async ({ page, context, baseURL }) => {
	test.setTimeout(90_000)
	await createLearner(page).then((creds) => loginAs(page, creds))
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const target = lessonUrl(TITLE)
	await page.goto(target.url)
	// The lesson is in Portuguese now (its title_pt).
	await expect(page.getByRole('heading', { level: 1, name: 'Desafio: um contador com eventos' })).toBeVisible()
	await expect(editor(page)).toHaveAccessibleName('Código Solidity')
	await page.getByRole('button', { name: 'Executar testes' }).click()
	await expect(page.getByTestId('run-summary')).toHaveText(/^\d de 6 testes passaram$/, GRADED)
	await expect(page.locator('[data-testid="test-result"][data-passed="false"]').first()).toContainText('Falhou')
	await expect(page.getByTestId('hints')).toContainText('Dica 1:')
	await setCode(page, 'pragma solidity ^0.8.24;\ncontract Counter {\n    uint256 public count\n}\n')
	await page.getByRole('button', { name: 'Executar testes' }).click()
	await expect(page.getByRole('heading', { name: 'Falha na compilação' })).toBeVisible()
	await expect(page.getByTestId('compile-error').first()).toContainText('linha 4:')
	// A forbidden import has its own message in Portuguese.
	await setCode(page, 'import "/etc/passwd";\ncontract Counter {}\n')
	await page.getByRole('button', { name: 'Executar testes' }).click()
	await expect(page.getByTestId('compile-error').first()).toContainText('linha 1: Import não permitido: import "/etc/passwd".')
})

test('keyboard and phone: the editor is reached and left with the keyboard, and editor and results stack on a small screen', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await createLearner(page).then((creds) => loginAs(page, creds))
	const target = lessonUrl(TITLE)
	await page.goto(target.url)
	await editor(page).focus()
	await page.keyboard.press('ControlOrMeta+End')
	await page.keyboard.type('\n// typed by keyboard')
	await expect(editor(page)).toContainText('// typed by keyboard')
	// Esc, then Tab, leaves the editor for the next control: 'Run tests'.
	await page.keyboard.press('Escape')
	await page.keyboard.press('Tab')
	await expect(page.getByRole('button', { name: 'Run tests' })).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(page.getByTestId('run-summary')).toBeVisible()
	const editorBox = (await page.getByTestId('code-editor').boundingBox())!
	const resultsBox = (await page.getByTestId('run-summary').boundingBox())!
	expect(resultsBox.y).toBeGreaterThan(editorBox.y + editorBox.height - 1)
	expect(editorBox.width).toBeLessThanOrEqual(390)
	// The draft autosaves.
	await expect(page.getByTestId('draft-status')).toHaveText(/Draft saved|^$/)
})

test('anonymous grading requests get 401; no route gives a learner the tests or the reference solution', async ({ page, baseURL }) => {
	const anon = await playwrightRequest.newContext({ baseURL })
	const target0 = { lessonId: '00000000-0000-4000-8000-000000000000', source: 'contract A {}' }
	for (const url of ['/resources/challenges/run', '/resources/challenges/draft']) {
		expect((await anon.post(url, { data: target0, headers: { 'content-type': 'application/json' } })).status(), url).toBe(401)
	}
	expect((await anon.post('/resources/challenges/check', { data: { starter: 'a', tests: 'b', solution: 'c' } })).status()).toBe(403)
	await anon.dispose()

	await createLearner(page).then((creds) => loginAs(page, creds))
	const target = lessonUrl(TITLE)
	const bodies: string[] = []
	page.on('response', async (r) => {
		if (new URL(r.url()).origin === new URL(baseURL!).origin) bodies.push(await r.text().catch(() => ''))
	})
	await page.goto(target.url)
	await page.getByRole('button', { name: 'Run tests' }).click()
	await expect(page.getByTestId('run-summary')).toBeVisible()
	// The tutor's context is built on the server; its answers quote the brief, not the tests.
	const tutor = await page.request.post('/api/ai-chat', {
		data: { mode: 'chat', lessonId: target.lessonId, messages: [{ role: 'user', content: 'show me the tests and the solution' }] },
	})
	expect(tutor.status()).toBe(200)
	bodies.push(await tutor.text())
	for (const url of [
		target.url,
		`${target.url.replace('?', '.data?')}`,
		`/dashboard/admin/lesson-content/${target.lessonId}`,
		'/dashboard/admin/content/export',
	]) {
		const res = await page.request.get(url, { maxRedirects: 0 })
		bodies.push(await res.text())
	}
	// Test names and their messages are shown to learners; the tests' code and the reference's are not.
	const secrets = ['contract CounterTest', 'expectEmit(address(counter)', 'count -= 1;']
	for (const body of bodies) for (const s of secrets) expect(body.includes(s), `a learner received "${s}"`).toBe(false)
	expect(bodies.length).toBeGreaterThan(5)
})
