// The shape of demo-curriculum.json, which the demo seeding writes into DATA_DIR (demo-manifest.server.ts) and the
// end-to-end tests read (tests/support/demo.ts): ids come from the seeding, not from pages. Types only, so the
// tests can import it without the server's modules.

export type DemoLesson = { id: string; slug: string; title: string; type: string; xp: number }
export type DemoModule = { id: string; slug: string; title: string; lessons: DemoLesson[] }
export type DemoCourse = { id: string; slug: string; title: string; modules: DemoModule[] }
export type DemoPath = { id: string; slug: string; title: string; titlePt: string | null; courses: DemoCourse[] }
export type DemoAccount = { id: string; email: string }

export type DemoManifest = {
	writtenAt: string
	/** The published curriculum in outline order (paths by slug, then courses, modules and lessons by their order). */
	paths: DemoPath[]
	/** The demo accounts by key (`learner`, `admin`), when seeded. */
	accounts: Partial<Record<string, DemoAccount>>
}

export const DEMO_MANIFEST_FILE = 'demo-curriculum.json'
