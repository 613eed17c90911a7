import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { user } from '#db/schema.ts'
import { curriculum } from '~/features/catalog/curriculum.server.ts'
import { getDb } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { log } from '~/lib/log.server.ts'
import { demoAccounts } from './demo-accounts.ts'
import { DEMO_MANIFEST_FILE, type DemoManifest, type DemoPath } from './demo-manifest.ts'

/** Where the seeding lists the demo curriculum's ids; `null` for an in-memory database (no directory). */
export const demoManifestPath = () => {
	const dir = getEnv().DATA_DIR
	return dir.startsWith('memory://') ? null : path.join(dir, DEMO_MANIFEST_FILE)
}

/**
 * The published curriculum (from the tree each process keeps, in outline order) and the demo accounts as
 * they are in the database now.
 */
export async function demoManifest(now = new Date()): Promise<DemoManifest> {
	const db = await getDb()
	const tree = await curriculum()
	// Published along the whole chain, as learners see it; containers without a published lesson left out.
	const paths: DemoPath[] = tree.paths
		.filter((p) => p.isPublished)
		.map((p) => ({
			id: p.id,
			slug: p.slug,
			title: p.title,
			titlePt: p.titlePt,
			courses: p.courses
				.filter((c) => c.isPublished)
				.map((c) => ({
					id: c.id,
					slug: c.slug,
					title: c.title,
					modules: c.modules
						.filter((m) => m.isPublished)
						.map((m) => ({
							id: m.id,
							slug: m.slug,
							title: m.title,
							lessons: m.lessons.filter((l) => l.isPublished).map((l) => ({ id: l.id, slug: l.slug, title: l.title, type: l.lessonType, xp: l.xpValue })),
						}))
						.filter((m) => m.lessons.length > 0),
				}))
				.filter((c) => c.modules.length > 0),
		}))
		.filter((p) => p.courses.length > 0)
	const emails = Object.values(demoAccounts).map((a) => a.email)
	const users = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails))
	const accounts: DemoManifest['accounts'] = {}
	for (const [key, a] of Object.entries(demoAccounts)) {
		const row = users.find((u) => u.email === a.email)
		if (row) accounts[key] = row
	}
	return { writtenAt: now.toISOString(), paths, accounts }
}

/**
 * Write the manifest into DATA_DIR (a temporary file renamed into place, so a reader never sees half of it).
 * Only tests read it; a read-only data directory must not stop the start.
 */
export async function writeDemoManifest() {
	const file = demoManifestPath()
	if (!file) return
	const manifest = await demoManifest()
	try {
		await fs.mkdir(path.dirname(file), { recursive: true })
		const tmp = `${file}.${randomUUID()}.tmp`
		await fs.writeFile(tmp, `${JSON.stringify(manifest, null, '\t')}\n`)
		await fs.rename(tmp, file)
	} catch (error) {
		log.warn('demo curriculum manifest not written', { message: error instanceof Error ? error.message : String(error) })
	}
}
