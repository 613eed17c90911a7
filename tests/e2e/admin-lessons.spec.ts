import { randomUUID } from 'node:crypto'
import { demo, expect, loginAs, test } from '#tests/support/fixtures.ts'
import type { APIRequestContext, Locator, Page } from '@playwright/test'

// The studio's lessons list (issue 20.8): searched, filtered and paged on the server with its state in the URL,
// the module picker grouped by course, publish labels that match the saved state, type badges translated.
// Each test builds its own path (fresh slugs) in the shared e2e database and searches for it.

const uid = () => randomUUID().slice(0, 8)

/** Pick an option of a Radix select by its label. */
async function choose(page: Page, label: string, option: string) {
	await page.getByLabel(label, { exact: true }).click()
	await page.getByRole('option', { name: option, exact: true }).click()
}

/** Create through the studio's own action; the reply carries the new id. */
async function create(request: APIRequestContext, screen: string, form: Record<string, string>) {
	const res = await request.post(`/dashboard/admin/${screen}.data`, { form: { intent: 'create', ...form } })
	const body = await res.text()
	expect(res.status(), body.slice(0, 200)).toBe(200)
	return body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)![0]
}

/**
 * A draft path (learners never see it: specs running beside this one count the catalog's cards) with two
 * published courses, Alpha and Beta, each with a module called 'Basics'. Alpha's holds `count` lessons
 * 'Pager <id> 01', '02'...: every third a video, the rest text; the odd ones published.
 */
async function seed(request: APIRequestContext, id: string, count = 30) {
	const path = await create(request, 'paths', { title: `Paging ${id}`, slug: `paging-${id}`, is_published: 'false' })
	const alpha = await create(request, 'courses', { path_id: path, title: `Alpha ${id}`, slug: 'alpha', order: '1', is_published: 'true' })
	const beta = await create(request, 'courses', { path_id: path, title: `Beta ${id}`, slug: 'beta', order: '2', is_published: 'true' })
	const alphaBasics = await create(request, 'modules', { course_id: alpha, title: 'Basics', slug: 'basics', order: '1', is_published: 'true' })
	const betaBasics = await create(request, 'modules', { course_id: beta, title: 'Basics', slug: 'basics', order: '1', is_published: 'true' })
	for (let i = 1; i <= count; i++) {
		const n = String(i).padStart(2, '0')
		const video = i % 3 === 0
		await create(request, 'lessons', {
			module_id: alphaBasics,
			title: `Pager ${id} ${n}`,
			slug: `pager-${n}`,
			lesson_type: video ? 'video' : 'text',
			content: video ? 'https://youtu.be/dQw4w9WgXcQ' : `Lesson ${n}.`,
			order: String(i),
			xp_value: '5',
			is_published: i % 2 === 1 ? 'true' : 'false',
		})
	}
	return { path, alphaBasics, betaBasics }
}

const lessonsOf = (q: string, extra = '') => `/dashboard/admin/lessons?q=${encodeURIComponent(q)}${extra}`
const cards = (page: Page) => page.getByTestId('lesson-card')
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title }) })
const range = (page: Page) => page.getByTestId('list-range')
const moduleOptions = (picker: Locator, course: string) => picker.locator(`optgroup[label="${course}"] > option`)

test('lessons list: search, filters and pages live in the URL; bad params get a message, never an error', async ({ page }) => {
	test.setTimeout(300_000)
	const id = uid()
	await loginAs(page, demo.admin)
	await seed(page.request, id)
	const q = `Pager ${id}`

	// Page 1 of 2, with the range and the translated type badges.
	await page.goto(lessonsOf(q))
	await expect(range(page)).toHaveText('Lessons 1–25 of 30')
	await expect(cards(page)).toHaveCount(25)
	await expect(cards(page).first().getByRole('heading')).toContainText(`#1 · ${q} 01`)
	await expect(card(page, `${q} 01`).getByTestId('lesson-type')).toHaveText('Text')
	await expect(card(page, `${q} 03`).getByTestId('lesson-type')).toHaveText('Video')

	// The next page is in the URL: it survives a reload, and back returns to the first.
	const pager = page.getByRole('navigation', { name: 'Pages' })
	await pager.getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL(/[?&]page=2$/)
	await expect(range(page)).toHaveText('Lessons 26–30 of 30')
	await expect(cards(page)).toHaveCount(5)
	await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
	await page.reload()
	await expect(range(page)).toHaveText('Lessons 26–30 of 30')
	// The fixture's reload returns once the page has hydrated, which Back needs: a Back taken while it hydrates moves
	// the address under React Router, which then hydrates page 1's address over page 2's HTML (React error 418).
	await page.goBack()
	await expect(range(page)).toHaveText('Lessons 1–25 of 30')

	// The search narrows the list (lessons 10 to 19).
	const filters = page.getByRole('search', { name: 'Filters' })
	await filters.getByLabel('Search lessons').fill(`${q} 1`)
	await filters.getByRole('button', { name: 'Search' }).click()
	await expect(range(page)).toHaveText('Lessons 1–10 of 10')
	await expect(page).toHaveURL(new RegExp(`q=Pager\\+${id}\\+1`))
	await expect(pager).toHaveCount(0)

	// Type and published state, from page 2: a filter change goes back to page 1.
	await page.goto(lessonsOf(q, '&page=2'))
	await choose(page, 'Type', 'Video')
	await expect(page).toHaveURL(/type=video/)
	await expect(page).not.toHaveURL(/page=/)
	await expect(range(page)).toHaveText('Lessons 1–10 of 10')
	await choose(page, 'Status', 'Drafts only')
	await expect(page).toHaveURL(/status=draft/)
	// Videos 6, 12, 18, 24 and 30 are the drafts.
	await expect(range(page)).toHaveText('Lessons 1–5 of 5')
	await expect(cards(page).getByRole('heading')).toContainText([`${q} 06`, `${q} 12`, `${q} 18`, `${q} 24`, `${q} 30`])

	// No match: an empty state, no range, no pages.
	await page.goto(lessonsOf(`nothing ${id}`))
	await expect(page.getByText(`No lessons match “nothing ${id}” with these filters.`)).toBeVisible()
	await expect(range(page)).toHaveCount(0)

	// A page past the end shows the last one and says so; malformed params are named and dropped from the links.
	const past = await page.goto(lessonsOf(q, '&page=99'))
	expect(past!.status()).toBe(200)
	await expect(page.getByTestId('list-notice')).toHaveText('There is no page 99: showing page 2 of 2.')
	await expect(range(page)).toHaveText('Lessons 26–30 of 30')
	const bad = await page.goto(lessonsOf(q, '&page=abc&type=essay&module=nope'))
	expect(bad!.status()).toBe(200)
	await expect(page.getByTestId('list-notice')).toHaveText('Some filters in the link were not valid and were ignored: type, module, page.')
	await expect(range(page)).toHaveText('Lessons 1–25 of 30')
	await expect(pager.getByRole('link', { name: 'Next' })).toHaveAttribute('href', new RegExp(`\\?q=Pager\\+${id}&page=2$`))
	for (const bad of ['page=-1', 'page=1e9', 'status=live', 'page=99999999999']) {
		expect((await page.request.get(`/dashboard/admin/lessons?${bad}`)).status(), bad).toBe(200)
	}
})

test('the module picker groups modules by course; publish labels follow the saved state', async ({ page }) => {
	test.setTimeout(180_000)
	const id = uid()
	await loginAs(page, demo.admin)
	const { betaBasics } = await seed(page.request, id, 2)
	const q = `Pager ${id}`

	// The module picker: a native select, its modules under their course, so the two 'Basics' are told apart.
	await page.goto(lessonsOf(q))
	await page.getByRole('button', { name: 'New Lesson' }).click()
	const dialog = page.getByRole('dialog')
	const picker = dialog.getByLabel('Module', { exact: true })
	await expect(moduleOptions(picker, `Alpha ${id}`)).toHaveText(['1. Basics'])
	await expect(moduleOptions(picker, `Beta ${id}`)).toHaveText(['1. Basics'])
	await picker.selectOption(betaBasics)
	await expect(dialog.getByText(`In Paging ${id} › Beta ${id}`)).toBeVisible()
	// A new lesson: 'Publish immediately'.
	await expect(dialog.getByRole('switch', { name: 'Publish immediately' })).not.toBeChecked()
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// A published lesson's switch says 'Published', and what saving would change.
	await card(page, `${q} 01`)
		.getByRole('button', { name: `Edit ${q} 01` })
		.click()
	let published = dialog.getByRole('switch', { name: 'Published', exact: true })
	await expect(published).toBeChecked()
	await expect(dialog.getByText('Publish immediately')).toHaveCount(0)
	await expect(dialog.getByTestId('publish-hint')).toHaveText('Learners see it. Turn off and save to unpublish.')
	await published.click()
	await expect(dialog.getByTestId('publish-hint')).toHaveText('Saving will unpublish it: learners will no longer see it.')
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// A draft's: 'Publish now'.
	await card(page, `${q} 02`)
		.getByRole('button', { name: `Edit ${q} 02` })
		.click()
	const publishNow = dialog.getByRole('switch', { name: 'Publish now', exact: true })
	await expect(publishNow).not.toBeChecked()
	await expect(dialog.getByTestId('publish-hint')).toHaveText('A draft: learners don’t see it yet.')
	await publishNow.click()
	await expect(dialog.getByTestId('publish-hint')).toHaveText('Saving will publish it for learners.')
	await dialog.getByRole('button', { name: 'Cancel' }).click()

	// The path, course and module forms word it the same way: the draft path's says 'Publish now', its
	// published course's 'Published'.
	await page.goto('/dashboard/admin/paths')
	await page.getByRole('button', { name: `Edit Paging ${id}` }).click()
	await expect(dialog.getByRole('switch', { name: 'Publish now', exact: true })).not.toBeChecked()
	await expect(dialog.getByText('Publish immediately')).toHaveCount(0)
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await page.goto('/dashboard/admin/courses')
	await page.getByRole('button', { name: `Edit Alpha ${id}` }).click()
	published = dialog.getByRole('switch', { name: 'Published', exact: true })
	await expect(published).toBeChecked()
	await expect(dialog.getByText('Publish immediately')).toHaveCount(0)
})

test('em português: busca, páginas, filtros, selos de tipo e rótulos de publicação', async ({ page, context, baseURL }) => {
	test.setTimeout(300_000)
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const id = uid()
	await loginAs(page, demo.admin)
	const { betaBasics } = await seed(page.request, id)
	const q = `Pager ${id}`

	await page.goto(lessonsOf(q))
	await expect(range(page)).toHaveText('Aulas 1–25 de 30')
	await expect(card(page, `${q} 01`).getByTestId('lesson-type')).toHaveText('Texto')
	await expect(card(page, `${q} 03`).getByTestId('lesson-type')).toHaveText('Vídeo')
	await expect(page.getByText('TEXT', { exact: true })).toHaveCount(0)

	const pager = page.getByRole('navigation', { name: 'Páginas' })
	await pager.getByRole('link', { name: 'Próxima' }).click()
	await expect(page).toHaveURL(/[?&]page=2$/)
	await expect(range(page)).toHaveText('Aulas 26–30 de 30')
	await expect(pager.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page')

	const filters = page.getByRole('search', { name: 'Filtros' })
	await filters.getByLabel('Buscar aulas').fill(`${q} 1`)
	await filters.getByRole('button', { name: 'Buscar' }).click()
	await expect(range(page)).toHaveText('Aulas 1–10 de 10')
	await choose(page, 'Tipo', 'Vídeo')
	// Lessons 12, 15 and 18.
	await expect(range(page)).toHaveText('Aulas 1–3 de 3')
	await choose(page, 'Situação', 'Só rascunhos')
	await expect(range(page)).toHaveText('Aulas 1–2 de 2')

	await page.goto(lessonsOf(`nada ${id}`))
	await expect(page.getByText(`Nenhuma aula corresponde a “nada ${id}” com estes filtros.`)).toBeVisible()
	await page.goto(lessonsOf(q, '&page=99'))
	await expect(page.getByTestId('list-notice')).toHaveText('Não existe a página 99: mostrando a página 2 de 2.')

	await page.goto(lessonsOf(q))
	await page.getByRole('button', { name: 'Nova aula' }).click()
	const dialog = page.getByRole('dialog')
	const picker = dialog.getByLabel('Módulo', { exact: true })
	await expect(moduleOptions(picker, `Beta ${id}`)).toHaveText(['1. Basics'])
	await picker.selectOption(betaBasics)
	await expect(dialog.getByText(`Em Paging ${id} › Beta ${id}`)).toBeVisible()
	await expect(dialog.getByRole('switch', { name: 'Publicar imediatamente' })).toBeVisible()
	await dialog.getByRole('button', { name: 'Cancelar' }).click()

	await card(page, `${q} 01`)
		.getByRole('button', { name: `Editar ${q} 01` })
		.click()
	await expect(dialog.getByRole('switch', { name: 'Publicado', exact: true })).toBeChecked()
	await expect(dialog.getByTestId('publish-hint')).toHaveText('Visível para os alunos. Desligue e salve para tirar do ar.')
	await dialog.getByRole('button', { name: 'Cancelar' }).click()
	await card(page, `${q} 02`)
		.getByRole('button', { name: `Editar ${q} 02` })
		.click()
	await expect(dialog.getByRole('switch', { name: 'Publicar agora', exact: true })).not.toBeChecked()
})

test("a new lesson's suggested order counts the lesson created just before it, however slowly the list reloads", async ({ page }) => {
	test.setTimeout(180_000)
	const id = uid()
	await loginAs(page, demo.admin)
	const { alphaBasics } = await seed(page.request, id, 2)
	await page.goto(lessonsOf(`Pager ${id}`))
	const dialog = page.getByRole('dialog')
	const open = async () => {
		await page.getByRole('button', { name: 'New Lesson' }).click()
		await dialog.getByLabel('Module', { exact: true }).selectOption(alphaBasics)
	}
	await open()
	await expect(dialog.getByLabel('Order', { exact: true })).toHaveValue('3')
	await dialog.getByLabel('Title', { exact: true }).fill(`Pager ${id} 03`)
	await dialog.getByLabel('Content (Markdown)').fill('Lesson 03.')
	// The list's reload after the save takes a while (a slow network): the dialog answers once it is back.
	await page.route(/\/dashboard\/admin\/lessons\.data/, async (route) => {
		if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 1_500))
		await route.continue()
	})
	await dialog.getByRole('button', { name: 'Create lesson' }).click()
	// Opened as soon as the save is announced, the next dialog follows the new lesson.
	await expect(page.getByText('Lesson created')).toBeVisible()
	await open()
	await expect(dialog.getByLabel('Order', { exact: true })).toHaveValue('4')
	await expect(range(page)).toHaveText('Lessons 1–3 of 3')
})
