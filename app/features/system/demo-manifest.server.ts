import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { courses, learningPaths, lessons, modules, user } from '#db/schema.ts'
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

/** The published curriculum and the demo accounts as they are in the database now. */
export async function demoManifest(now = new Date()): Promise<DemoManifest> {
	const db = await getDb()
	const rows = await db
		.select({
			pathId: learningPaths.id,
			pathSlug: learningPaths.slug,
			pathTitle: learningPaths.title,
			pathTitlePt: learningPaths.titlePt,
			courseId: courses.id,
			courseSlug: courses.slug,
			courseTitle: courses.title,
			moduleId: modules.id,
			moduleSlug: modules.slug,
			moduleTitle: modules.title,
			id: lessons.id,
			slug: lessons.slug,
			title: lessons.title,
			type: lessons.lessonType,
			xp: lessons.xpValue,
		})
		.from(lessons)
		.innerJoin(modules, eq(modules.id, lessons.moduleId))
		.innerJoin(courses, eq(courses.id, modules.courseId))
		.innerJoin(learningPaths, eq(learningPaths.id, courses.pathId))
		.where(and(eq(lessons.isPublished, true), eq(modules.isPublished, true), eq(courses.isPublished, true), eq(learningPaths.isPublished, true)))
		// The order the path page and the course player list them in.
		.orderBy(asc(learningPaths.slug), asc(courses.order), asc(courses.title), asc(modules.order), asc(modules.title), asc(lessons.order), asc(lessons.title))
	const paths: DemoPath[] = []
	for (const r of rows) {
		let p = paths.at(-1)
		if (p?.id !== r.pathId) paths.push((p = { id: r.pathId, slug: r.pathSlug, title: r.pathTitle, titlePt: r.pathTitlePt, courses: [] }))
		let c = p.courses.at(-1)
		if (c?.id !== r.courseId) p.courses.push((c = { id: r.courseId, slug: r.courseSlug, title: r.courseTitle, modules: [] }))
		let m = c.modules.at(-1)
		if (m?.id !== r.moduleId) c.modules.push((m = { id: r.moduleId, slug: r.moduleSlug, title: r.moduleTitle, lessons: [] }))
		m.lessons.push({ id: r.id, slug: r.slug, title: r.title, type: r.type, xp: r.xp })
	}
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
