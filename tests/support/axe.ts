import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

// Evaluated in the page (not added as a <script>): the CSP only runs scripts that carry the response's nonce.
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type Violation = { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** axe's colour-contrast rule (the one Lighthouse's accessibility score runs) on the page as it is now. */
export async function contrastViolations(page: Page): Promise<Violation[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
	return page.evaluate(async () => {
		const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
		const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
		return result.violations.map((v) => ({
			id: v.id,
			help: v.help,
			nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
		}))
	})
}

export const reportViolations = (violations: Violation[]) =>
	violations
		.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`)
		.join('\n')
