import fs from 'node:fs'
import path from 'node:path'
import { DEMO_MANIFEST_FILE, type DemoManifest, type DemoPath } from '~/features/system/demo-manifest.ts'
import { E2E_DATA_DIR } from '../../playwright.config.ts'

// The demo data's ids for end-to-end tests: the server under test seeds the demo curriculum on start and lists it,
// by id and slug, in DATA_DIR/demo-curriculum.json (app/features/system/demo-manifest.server.ts). Tests take ids
// from here, never from pages; what a user sees is still asserted by role and text.

export type { DemoManifest, DemoPath }

/**
 * The manifest of the server whose data directory is `dataDir`: the shared e2e server's by default, a private
 * server's (tests/support/server-process.ts, private-server.ts) when given. Read on every call: it is small, and
 * a server restarted on the same directory rewrites it.
 */
export function demoCurriculum(dataDir: string = E2E_DATA_DIR): DemoManifest {
	const file = path.join(dataDir, DEMO_MANIFEST_FILE)
	if (!fs.existsSync(file)) throw new Error(`no demo manifest at ${file}: was the server started with SEED_DEMO on this data directory?`)
	return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoManifest
}

/** A demo path by its English or Portuguese title or its slug. */
export function demoPath(name: string, dataDir?: string): DemoPath {
	const found = demoCurriculum(dataDir).paths.find((p) => p.title === name || p.titlePt === name || p.slug === name)
	if (!found) throw new Error(`no demo path named ${name}`)
	return found
}

export type LessonRef = { courseId: string; lessonId: string; type: string; title: string }

/** Every published lesson of the demo curriculum, in outline order, with the course it is played in. */
export function demoLessons(dataDir?: string): (LessonRef & { pathId: string })[] {
	return demoCurriculum(dataDir).paths.flatMap((p) =>
		p.courses.flatMap((c) => c.modules.flatMap((m) => m.lessons.map((l) => ({ pathId: p.id, courseId: c.id, lessonId: l.id, type: l.type, title: l.title })))),
	)
}

/** A demo lesson by its (English) title. */
export function demoLesson(title: string, dataDir?: string): LessonRef {
	const found = demoLessons(dataDir).find((l) => l.title === title)
	if (!found) throw new Error(`no demo lesson titled ${title}`)
	return found
}
