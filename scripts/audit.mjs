// npm run audit: `npm audit --omit=dev --audit-level=high`, with a plain answer when it cannot run.
// Exit 0: no high or critical advisory for a production dependency. Exit 1: there are (listed).
// Exit 2: no verdict, because the registry answered no advisory data (some mirrors answer the bulk
// advisory endpoint with 405); an unreachable audit is never reported as a clean one.
import { spawnSync } from 'node:child_process'

const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim()
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
let report
try {
	report = JSON.parse(run.stdout)
} catch {
	report = undefined
}

if (!report?.metadata?.vulnerabilities) {
	const status = report?.statusCode ? `HTTP ${report.statusCode}` : (report?.error?.code ?? `exit ${run.status}`)
	const detail = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').at(-1) ?? ''
	console.error(
		[
			`npm audit could not run: the registry ${registry} (or a proxy in front of it) answered ${status} to the advisory endpoint`,
			`(${detail}).`,
			'No advisory data means no verdict. Run `npm run audit` where the registry serves advisories',
			'(registry.npmjs.org, or a mirror that proxies /-/npm/v1/security/advisories/bulk).',
		].join('\n'),
	)
	process.exit(2)
}

const counts = report.metadata.vulnerabilities
const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical')
console.log(
	`npm audit (production dependencies, ${report.metadata.dependencies?.prod ?? '?'} packages): ` +
		['critical', 'high', 'moderate', 'low', 'info'].map((s) => `${counts[s] ?? 0} ${s}`).join(', '),
)
for (const v of serious) {
	const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ')
	console.log(`  ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${via}${v.fixAvailable ? ' [fix available]' : ''}`)
}
process.exit(serious.length ? 1 : 0)
