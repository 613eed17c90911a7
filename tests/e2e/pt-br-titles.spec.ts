import fs from 'node:fs'
import path from 'node:path'
import { createLearner, expect, test } from '#tests/support/fixtures.ts'
import { completeLesson, pathLessons, portugueseTitleOf } from '#tests/support/lessons.ts'
import { E2E_DATA_DIR } from '../../playwright.config.ts'

// Issue 20, point 7: the last English a Portuguese reader saw. Curriculum titles on the dashboard's resume
// card, the scoreboard's path tabs, the public path outline and certificates come from the *_pt twins.

const PATH = { en: 'Smart Contract Development', pt: 'Desenvolvimento de contratos inteligentes' }
const COURSE = { en: 'Solidity Fundamentals', pt: 'Fundamentos de Solidity' }
const LESSON = { en: 'Your First Solidity Contract', pt: 'Seu primeiro contrato em Solidity' }

test.beforeEach(async ({ context, baseURL }) => {
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
})

test('em português: o cartão de retomada, a classificação por trilha e as conquistas mostram títulos em português', async ({ page }) => {
	await createLearner(page)
	const [first] = pathLessons(PATH.en)
	await completeLesson(page.request, first!)

	await page.goto('/dashboard')
	await expect(page.getByRole('heading', { name: 'Continue de onde parou' })).toBeVisible()
	await expect(page.getByTestId('resume-lesson')).toHaveText(LESSON.pt)
	await expect(page.getByText(COURSE.pt, { exact: true })).toBeVisible()
	await expect(page.getByText(LESSON.en)).toHaveCount(0)

	await page.goto('/dashboard/scoreboard?tab=path')
	const paths = page.getByRole('navigation', { name: 'Trilhas de aprendizado' })
	await paths.getByRole('link', { name: PATH.pt }).click()
	await expect(page.getByRole('heading', { level: 2, name: PATH.pt })).toBeVisible()
	await expect(paths.getByRole('link', { name: PATH.en })).toHaveCount(0)

	await page.goto('/dashboard/achievements')
	await expect(page.getByRole('heading', { level: 1, name: 'Conquistas' })).toBeVisible()
	await expect(page.getByText('Primeira aula', { exact: true })).toBeVisible()
	await expect(page.getByText('Conclua sua primeira aula.', { exact: true })).toBeVisible()
	await expect(page.getByText('Primeiro contrato aprovado nos testes', { exact: true })).toBeVisible()
	await expect(page.getByText('First lesson', { exact: true })).toHaveCount(0)
})

test('em português: o conteúdo público de uma trilha (/paths/:id) está em português', async ({ page, browser, baseURL }) => {
	await createLearner(page)
	const [first] = pathLessons(PATH.en)

	// A visitor without an account who follows a shared course link lands on the path's public outline.
	const visitor = await browser.newContext({ baseURL })
	await visitor.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	const anon = await visitor.newPage()
	try {
		await anon.goto(`/dashboard/learn/course/${first!.courseId}`)
		await expect(anon).toHaveURL(/\/paths\/[0-9a-f-]{36}/)
		await expect(anon.getByRole('heading', { level: 1 })).toHaveText(PATH.pt)
		await expect(anon.getByRole('heading', { level: 2, name: `1. ${COURSE.pt}` })).toBeVisible()
		await expect(anon.getByTestId('outline-lesson').filter({ hasText: LESSON.pt })).toHaveCount(1)
		await expect(anon.getByTestId('outline-lesson').filter({ hasText: LESSON.en })).toHaveCount(0)
		await expect(anon.getByText('Você precisa estar conectado para se inscrever')).toBeVisible()
		await expect(anon).toHaveTitle(PATH.pt)
	} finally {
		await visitor.close()
	}
})

test('em português: o certificado mostra o título da trilha em português, e o título assinado ao lado', async ({ page, request }) => {
	const { certificates } = JSON.parse(fs.readFileSync(path.join(E2E_DATA_DIR, 'demo-cohort.json'), 'utf8')) as { certificates: { id: string }[] }
	const cert = certificates[0]!
	const file = (await (await request.get(`/certificates/${cert.id}.json`)).json()) as { message: { path: string } }
	const pt = portugueseTitleOf(file.message.path)!
	expect(pt).toBeTruthy()
	expect(pt).not.toBe(file.message.path)

	await page.goto(`/certificates/${cert.id}`)
	await expect(page.getByText('Certificado válido')).toBeVisible()
	await expect(page.getByTestId('certificate-path')).toHaveText(pt)
	await expect(page.getByTestId('certificate-signed-path')).toHaveText(`Título assinado: “${file.message.path}”`)
	await expect(page).toHaveTitle(new RegExp(`^Certificado de ${pt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `))

	// The same in the checker, for a pasted copy of the file.
	await page.goto('/certificates/verify')
	await page.getByLabel('Arquivo do certificado (JSON)').fill(JSON.stringify(file))
	await page.getByRole('button', { name: 'Verificar', exact: true }).click()
	await expect(page.getByTestId('certificate-verdict')).toHaveAttribute('data-valid', 'true')
	await expect(page.getByTestId('certificate-path')).toHaveText(pt)
	await expect(page.getByTestId('certificate-signed-path')).toHaveText(`Título assinado: “${file.message.path}”`)
})
