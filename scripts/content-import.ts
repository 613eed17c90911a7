// npm run content:import -- <dir | file.zip> [--dry-run] [--lang=pt-BR]
// Upserts a content/ style folder (or a .zip of one) by slug, in one transaction.
import fs from 'node:fs/promises'
import { applyImport, previewImport, readBundleFiles, readTree } from '~/features/admin/bundle-import.server.ts'
import { BundleError, unpackZip } from '~/features/admin/bundle-zip.server.ts'
import type { ImportPreview } from '~/features/admin/types.ts'
import { describeIssue } from '~/features/catalog/issues.ts'
import { isLanguage, type Language } from '~/features/i18n/config.ts'
import { getT } from '~/features/i18n/i18n.server.ts'
import { getDb, getDbHandle } from '~/lib/db.server.ts'

const args = process.argv.slice(2)
const dryRun = args.includes('--dry-run')
// Problems are worded in the author's language: --lang=pt-BR, else the system locale (LANG) as Node's Intl sees it.
const langArg = args.find((a) => a.startsWith('--lang='))?.slice('--lang='.length)
const lang: Language = isLanguage(langArg) ? langArg : Intl.DateTimeFormat().resolvedOptions().locale.startsWith('pt') ? 'pt-BR' : 'en-US'
const source = args.find((a) => !a.startsWith('--'))
if (!source) {
	console.error('Usage: npm run content:import -- <dir | file.zip> [--dry-run] [--lang=pt-BR]')
	process.exit(2)
}

function bar(done: number, total: number, width = 30) {
	const filled = Math.round((done / Math.max(total, 1)) * width)
	return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round((done / Math.max(total, 1)) * 100)).padStart(3)}% ${done}/${total}`
}

function summary(p: ImportPreview, verb: [string, string]) {
	const row = (k: 'paths' | 'courses' | 'modules' | 'lessons') =>
		`  ${k.padEnd(8)} ${String(p.counts.create[k]).padStart(6)} ${String(p.counts.update[k]).padStart(7)}`
	return [`           ${verb[0].padStart(6)} ${verb[1].padStart(7)}`, row('paths'), row('courses'), row('modules'), row('lessons')].join('\n')
}

let exitCode = 0
try {
	const tree = source.endsWith('.zip') ? await readBundleFiles(await unpackZip(new Uint8Array(await fs.readFile(source)))) : await readTree(source)
	const db = await getDb()
	if (dryRun) {
		console.log(`Dry run of ${source} (nothing is written):\n${summary(await previewImport(db, tree), ['create', 'update'])}`)
	} else {
		const interactive = process.stdout.isTTY
		const result = await applyImport(db, null, tree, {
			source: 'cli',
			onProgress: (done, total) => {
				if (interactive) process.stdout.write(`\rImporting ${bar(done, total)}`)
				else if (done === total || done % 25 === 0) console.log(`Importing ${bar(done, total)}`)
			},
		})
		if (interactive) process.stdout.write('\n')
		console.log(`Imported ${source}:\n${summary(result, ['created', 'updated'])}`)
	}
} catch (error) {
	exitCode = 1
	if (error instanceof BundleError && error.issues.length) {
		const t = getT(lang)
		console.error([`${source}: ${t('admin.content.errors.invalidList')}`, ...error.issues.map((i) => `  - ${describeIssue(t, i)}`)].join('\n'))
	} else if (error instanceof BundleError) console.error(`Cannot import ${source}: ${error.code}${error.detail ? ` - ${error.detail}` : ''}`)
	else console.error(`Import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`)
} finally {
	await (await getDbHandle()).close()
}
process.exit(exitCode)
