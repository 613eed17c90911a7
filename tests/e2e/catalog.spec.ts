import { strToU8, zipSync } from 'fflate'
import { createLearner, demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import type { BrowserContext, Page } from '@playwright/test'

// Issue 20.2 / 20.3 / 19.11: the curriculum in the learner's language, the catalog's facts, search and
// filters (with and without JavaScript), and import errors an author can act on.

async function portuguese(context: BrowserContext, page: Page) {
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: `${new URL(page.url()).origin}/` }])
}

test('a Portuguese learner reads the curriculum in Portuguese: explore, path, lesson and quiz', async ({ page, context }) => {
	await page.goto('/')
	await portuguese(context, page)
	await createLearner(page)
	await page.goto('/dashboard/explore')
	const card = page.getByTestId('path-card').filter({ has: page.getByRole('heading', { name: 'Fundamentos de blockchain e Web3' }) })
	await expect(card).toBeVisible()
	await expect(card).toContainText('Comece por aqui.')
	// The catalog's facts, in Portuguese: level, lessons, courses, prerequisites, and generated cover art.
	await expect(card.getByTestId('catalog-facts')).toContainText('Iniciante')
	await expect(card.getByTestId('catalog-facts')).toContainText(/\d+ aulas/)
	await expect(card.getByTestId('catalog-facts')).toContainText('2 cursos')
	await expect(card.getByTestId('catalog-facts')).toContainText(/\d+ h( \d+ min)?/)
	await expect(card.getByTestId('prerequisites')).toContainText('Pré-requisitos: Nenhum')
	await expect(card.getByTestId('cover-art')).toHaveCount(1)
	// The demo curriculum is fully translated: no English-only mark anywhere on explore.
	await expect(page.getByTestId('english-only')).toHaveCount(0)
	await expect(page.getByText('Blockchain & Web3 Foundations')).toHaveCount(0)

	await card.getByRole('link', { name: 'Ver detalhes' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Fundamentos de blockchain e Web3' })).toBeVisible()
	await expect(page.getByRole('link', { name: /^1\. Como as blockchains funcionam/ })).toBeVisible()
	await expect(page.getByTestId('prerequisites').first()).toContainText('Nenhum: comece por aqui.')
	await page.getByRole('link', { name: /^1\. Como as blockchains funcionam/ }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'O que é uma blockchain?' })).toBeVisible()
	await expect(page.locator('.lesson-prose')).toContainText('blockchain')
	await expect(page.getByTestId('english-only')).toHaveCount(0)

	// A quiz: the question and its options in Portuguese; answering still works (answers are graded by value).
	const outline = page
		.getByRole('navigation')
		.filter({ has: page.getByRole('link', { name: 'Quiz: blocos e hashes' }) })
		.first()
	await outline.getByRole('link', { name: 'Quiz: blocos e hashes' }).click()
	// By its fieldset: the tutor's suggestion beside the lesson repeats the question's words.
	await expect(page.getByRole('group', { name: /O que liga cada bloco ao anterior\?/ })).toBeVisible()
	await page.getByLabel('O hash do cabeçalho do bloco anterior, guardado no novo cabeçalho').check()
	await page.getByRole('button', { name: /Enviar resposta|Responder/ }).click()
	await expect(page.getByRole('status').filter({ hasText: /Correto|correta/i })).toBeVisible()
})

test('search and filters narrow the catalog, by keyboard, in English', async ({ page }) => {
	await createLearner(page)
	await page.goto('/dashboard/explore')
	await expect(page.getByTestId('path-card')).toHaveCount(3)
	const search = page.getByRole('searchbox', { name: 'Search paths' })
	await search.focus()
	await page.keyboard.type('consensus')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/[?&]q=consensus/)
	await expect(page.getByTestId('path-card')).toHaveCount(1)
	await expect(page.getByTestId('path-card')).toContainText('Blockchain & Web3 Foundations')
	await expect(page.getByTestId('catalog-results')).toHaveText('1 of 3 paths')

	await page.getByRole('link', { name: 'Clear filters' }).click()
	await expect(page.getByTestId('path-card')).toHaveCount(3)
	await page.getByLabel('Level').selectOption('advanced')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByTestId('path-card')).toHaveCount(1)
	await expect(page.getByTestId('path-card')).toContainText('DeFi Protocols')
	await expect(page.getByTestId('path-card').getByTestId('catalog-facts')).toContainText('Advanced')

	// Nothing started yet: 'In progress' shows none, and says how to get out.
	await page.goto('/dashboard/explore?status=in-progress')
	await expect(page.getByText('No paths match these filters')).toBeVisible()
	// Enrolled, the path is in progress.
	await page.goto('/dashboard/explore?topic=cryptography')
	await expect(page.getByTestId('path-card')).toHaveCount(1)
	await page.getByRole('button', { name: 'Enroll' }).click()
	await expect(page.getByText('Enrolled successfully!')).toBeVisible()
	await page.goto('/dashboard/explore?status=in-progress')
	await expect(page.getByTestId('path-card')).toHaveCount(1)
	await expect(page.getByTestId('path-card')).toContainText('Blockchain & Web3 Foundations')
	// Malformed filters are ignored, never an error.
	const res = await page.goto('/dashboard/explore?level=expert&status=%00&q=' + 'x'.repeat(300))
	expect(res?.status()).toBe(200)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })
	test('the filters are a plain GET form', async ({ page }) => {
		await loginAs(page, demo.learner)
		await page.goto('/dashboard/explore')
		await page.getByLabel('Topic').selectOption('defi')
		await page.getByRole('button', { name: 'Apply filters' }).click()
		await expect(page).toHaveURL(/[?&]topic=defi/)
		await expect(page.getByTestId('path-card')).toHaveCount(1)
		await expect(page.getByTestId('path-card')).toContainText('DeFi Protocols')
	})
})

test('an untranslated path is marked for Portuguese readers; import errors name file, field and rule', async ({ page, context }) => {
	const id = Math.random().toString(36).slice(2, 8)
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin/content')
	// A bundle with three mistakes: all of them are listed at once, each with its file, field and rule.
	const bad = zipSync({
		[`bad-${id}/_path.md`]: strToU8('---\ntitle: Bad path\nlevel: expert\npublished: true\n---\n'),
		[`bad-${id}/01-course/_course.md`]: strToU8('---\ntitle: A course\npublished: true\n---\n'),
		[`bad-${id}/01-course/01-module/_module.md`]: strToU8('---\ntitle: A module\n---\n'),
		[`bad-${id}/01-course/01-module/01-l.md`]: strToU8('---\ntitle: Short slug\ntype: text\n---\n\nBody\n'),
		[`bad-${id}/01-course/01-module/02-fine.md`]: strToU8('---\ntitle: No\ntype: text\n---\n\nBody\n'),
	})
	await page.getByLabel('Bundle (.zip)').setInputFiles({ name: 'bad.zip', mimeType: 'application/zip', buffer: Buffer.from(bad) })
	await page.getByRole('button', { name: 'Preview import' }).click()
	const issues = page.getByTestId('import-issues').getByRole('listitem')
	await expect(issues).toHaveText([
		`bad-${id}/_path.md, field “level”: must be one of: beginner, intermediate, advanced`,
		`bad-${id}/01-course/01-module/01-l.md, field “slug”: must be at least 3 characters long`,
		`bad-${id}/01-course/01-module/02-fine.md, field “title”: must be at least 3 characters long`,
	])

	// A path with no Portuguese at all.
	const slug = `untranslated-${id}`
	const bundle = zipSync({
		[`${slug}/_path.md`]: strToU8(`---\ntitle: "Only English ${id}"\ndescription: Written in English.\nlevel: beginner\npublished: true\n---\n`),
		[`${slug}/01-first-course/_course.md`]: strToU8('---\ntitle: First course\npublished: true\n---\n'),
		[`${slug}/01-first-course/01-basics/_module.md`]: strToU8('---\ntitle: Basics\npublished: true\n---\n'),
		[`${slug}/01-first-course/01-basics/01-hello.md`]: strToU8(
			'---\ntitle: Hello lesson\ntype: text\nduration_minutes: 7\npublished: true\n---\n\n# Hello\n\nOnly English here.\n',
		),
	})
	await page.getByLabel('Bundle (.zip)').setInputFiles({ name: 'bundle.zip', mimeType: 'application/zip', buffer: Buffer.from(bundle) })
	await page.getByRole('button', { name: 'Preview import' }).click()
	await page.getByRole('button', { name: 'Apply import' }).click()
	await expect(page.getByTestId('import-preview')).toContainText('Imported')

	await portuguese(context, page)
	await page.goto('/dashboard/explore')
	const card = page.getByTestId('path-card').filter({ has: page.getByRole('heading', { name: `Only English ${id}` }) })
	await expect(card.getByTestId('english-only')).toHaveText('Disponível apenas em inglês')
	await expect(card.getByTestId('catalog-facts')).toContainText('7 min')
	await card.getByRole('link', { name: 'Ver detalhes' }).click()
	await expect(page.getByTestId('english-only').first()).toBeVisible()
	await page.getByRole('link', { name: /First course/ }).click()
	await expect(page.getByRole('heading', { level: 1, name: /Hello lesson/ })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1 }).getByTestId('english-only')).toHaveText('Disponível apenas em inglês')
})

test('the studio edits both languages side by side and shows what is untranslated', async ({ page }) => {
	const id = Math.random().toString(36).slice(2, 8)
	await loginAs(page, demo.admin)
	await page.goto('/dashboard/admin/paths')
	await page.getByRole('button', { name: 'New Path' }).click()
	const dialog = page.getByRole('dialog')
	const titles = dialog.getByTestId('bilingual-title')
	await dialog.getByLabel('Title', { exact: true }).fill(`Two languages ${id}`)
	// English typed, Portuguese blank: the Portuguese side says so.
	await expect(titles.getByTestId('untranslated')).toHaveText('Not translated yet')
	await dialog.getByLabel('Título (pt-BR)').fill(`Duas línguas ${id}`)
	await expect(titles.getByTestId('untranslated')).toHaveCount(0)
	await dialog.getByLabel('Description', { exact: true }).fill('In English.')
	await expect(dialog.getByTestId('bilingual-description').getByTestId('untranslated')).toBeVisible()
	await dialog.getByLabel('Descrição (pt-BR)').fill('Em português.')
	await dialog.getByLabel('Level').selectOption('intermediate')
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(page.getByText('Learning path created')).toBeVisible()

	// Reopened, both languages and the level come back.
	await page
		.getByTestId('path-card')
		.filter({ has: page.getByRole('heading', { name: `Two languages ${id}` }) })
		.getByRole('button', { name: `Edit Two languages ${id}` })
		.click()
	await expect(dialog.getByLabel('Título (pt-BR)')).toHaveValue(`Duas línguas ${id}`)
	await expect(dialog.getByLabel('Descrição (pt-BR)')).toHaveValue('Em português.')
	await expect(dialog.getByLabel('Level')).toHaveValue('intermediate')
	// Everything with English text has its Portuguese twin (prerequisites are blank in both): nothing is marked.
	await expect(dialog.getByTestId('untranslated')).toHaveCount(0)
	await page.keyboard.press('Escape')

	// The list marks what still needs a translation.
	const pathCard = (title: string) => page.getByTestId('path-card').filter({ has: page.getByRole('heading', { name: title }) })
	await expect(pathCard(`Two languages ${id}`).getByTestId('untranslated')).toHaveCount(0)
	await page.getByRole('button', { name: 'New Path' }).click()
	await dialog.getByLabel('Title', { exact: true }).fill(`English only ${id}`)
	await dialog.getByRole('button', { name: 'Create path' }).click()
	await expect(pathCard(`English only ${id}`).getByTestId('untranslated')).toHaveText('Not translated yet')
})
