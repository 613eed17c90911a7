import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

// axe-core is the engine Lighthouse's accessibility score runs on. It is evaluated in the page (not added
// as a <script>): the CSP only runs scripts that carry the response's nonce.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type Violation = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** axe on the page as it is now, with the given run options; only the violations, in a printable shape. */
async function runAxe(page: Page, options: object): Promise<Violation[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
	return page.evaluate(async (options) => {
		const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
		const result = await axe.run(document, { ...options, resultTypes: ['violations'] })
		return result.violations.map((v) => ({
			id: v.id,
			help: v.help,
			nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
		}))
	}, options)
}

/** Every WCAG 2.1 A and AA rule axe has. */
export const wcagViolations = (page: Page) =>
	runAxe(page, {
		runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
		// Named so that a future axe release that retags them cannot silently drop them.
		rules: { 'color-contrast': { enabled: true }, 'link-in-text-block': { enabled: true } },
	})

/** axe's colour-contrast rule (the one Lighthouse's accessibility score runs) on the page as it is now. */
export const contrastViolations = (page: Page) => runAxe(page, { runOnly: { type: 'rule', values: ['color-contrast'] } })

export const reportViolations = (violations: Violation[]) =>
	violations
		.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`)
		.join('\n')
