// npm run content:export -- <dir | file.zip> [--path <slug>]
// Writes the curriculum in the database (or one path) in the content/ folder format.
import fs from 'node:fs/promises'
import path from 'node:path'
import { contentFiles, curriculumTree } from '~/features/admin/bundle-export.server.ts'
import { packZip } from '~/features/admin/bundle-zip.server.ts'
import { getDb, getDbHandle } from '~/lib/db.server.ts'

const args = process.argv.slice(2)
const flag = args.indexOf('--path')
const pathSlug = flag >= 0 ? args[flag + 1] : undefined
const target = args.find((a, i) => !a.startsWith('--') && (flag < 0 || i !== flag + 1))
if (!target || (flag >= 0 && !pathSlug)) {
	console.error('Usage: npm run content:export -- <dir | file.zip> [--path <slug>]')
	process.exit(2)
}

const tree = await curriculumTree(await getDb(), { pathSlug })
await (await getDbHandle()).close()
if (pathSlug && !tree.length) {
	console.error(`No learning path with slug ${pathSlug}`)
	process.exit(1)
}
const files = contentFiles(tree)

if (target.endsWith('.zip')) {
	await fs.mkdir(path.dirname(path.resolve(target)), { recursive: true })
	await fs.writeFile(target, packZip(files))
} else {
	// Never mix an export into older files: stale lessons would come back on the next import.
	const existing = await fs.readdir(target).catch(() => [])
	if (existing.length) {
		console.error(`${target} is not empty; export into a new or empty folder.`)
		process.exit(1)
	}
	for (const f of files) {
		const file = path.join(target, f.path)
		await fs.mkdir(path.dirname(file), { recursive: true })
		await fs.writeFile(file, f.text)
	}
}
const count = (k: 'courses' | 'modules' | 'lessons') =>
	tree.reduce(
		(n, p) =>
			n +
			(k === 'courses'
				? p.courses.length
				: p.courses.reduce((m, c) => m + (k === 'modules' ? c.modules.length : c.modules.reduce((x, mm) => x + mm.lessons.length, 0)), 0)),
		0,
	)
console.log(
	`Exported ${tree.length} paths, ${count('courses')} courses, ${count('modules')} modules, ${count('lessons')} lessons (${files.length} files) to ${target}`,
)
